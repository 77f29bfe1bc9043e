import {
  type ConsoleGame,
  type ConsoleVendor,
  type consoleGameQuery,
  type GameClass,
  type GameType,
  type gameUpdate,
  toMajor,
  type vendorUpdate,
} from '@tessera/contract';
import type { z } from 'zod';
import { orNotFound } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { enqueue } from '../../platform/jobs.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import { requireImage } from '../content/service.ts';
import { currencyOf } from '../wallet/settings.ts';
import { imageUrl } from './catalogue.ts';
import { CATALOGUE_SYNC_JOB } from './providers/jobs.ts';
import * as store from './store.ts';

/** The console's management of the catalogue: vendors and games, enabled, hot, order, names and icons. */

type OperatorCall = Parameters<typeof operatorWrite>[1];

const vendorView = (row: store.ConsoleVendorDb): ConsoleVendor => ({
  id: row.id,
  gameType: row.game_type as GameType,
  vassalage: row.vassalage,
  displayName: row.display_name,
  names: { VI: row.names.VI ?? '', CN: row.names.CN ?? '' },
  transferWallet: row.transfer_wallet,
  isHot: row.is_hot,
  sort: row.sort,
  enabled: row.enabled,
  iconImageId: row.icon_image_id,
  icon: imageUrl(row.icon_image_id),
  games: Number(row.games),
  enabledGames: Number(row.enabled_games),
});

function gameView(row: store.ConsoleGameDb, digits: number): ConsoleGame {
  return {
    id: row.id,
    vendorId: row.vendor_id,
    vassalage: row.vassalage,
    gameType: row.game_type as GameType,
    code: row.code,
    gameId: row.game_id,
    roomId: row.room_id,
    names: { EN: row.names.EN ?? '', VI: row.names.VI ?? '', CN: row.names.CN ?? '' },
    classify: row.classify as GameClass,
    minBet: toMajor(BigInt(row.min_bet), digits),
    lineNum: row.line_num,
    platforms: row.platforms,
    hotRank: row.hot_rank,
    sort: row.sort,
    demo: row.demo,
    enabled: row.enabled,
    iconImageId: row.icon_image_id,
    icon: imageUrl(row.icon_image_id),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function consoleVendors(deps: AppDeps, gameType: GameType | undefined) {
  return (await store.listConsoleVendors(deps.db, gameType ?? null)).map(vendorView);
}

export async function updateVendor(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  body: z.output<typeof vendorUpdate>,
) {
  return operatorWrite(deps, call, { entity: 'game_vendor', action: 'update' }, async (tx) => {
    const before = vendorView(orNotFound(await store.findConsoleVendor(tx, id, true)));
    if (body.iconImageId) await requireImage(tx, body.iconImageId, 'iconImageId');
    const names = Object.fromEntries(Object.entries(body.names).filter(([, name]) => name !== ''));
    await store.updateVendor(tx, id, { ...body, names });
    const after = vendorView(orNotFound(await store.findConsoleVendor(tx, id)));
    return { entityId: id, before, after, result: after };
  });
}

export async function consoleGames(deps: AppDeps, query: z.output<typeof consoleGameQuery>) {
  const toBoolean = (value: 'true' | 'false' | undefined) => (value === undefined ? null : value === 'true');
  const [currency, { rows, total }] = await Promise.all([
    currencyOf(deps),
    store.listConsoleGames(
      deps.db,
      {
        vendorId: query.vendorId ?? null,
        gameType: query.gameType ?? null,
        search: query.search?.toLowerCase() || null,
        enabled: toBoolean(query.enabled),
        hot: toBoolean(query.hot),
      },
      query.pageSize,
      (query.pageNo - 1) * query.pageSize,
    ),
  ]);
  return {
    list: rows.map((row) => gameView(row, currency.digits)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function updateGame(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  body: z.output<typeof gameUpdate>,
) {
  const { digits } = await currencyOf(deps);
  return operatorWrite(deps, call, { entity: 'game', action: 'update' }, async (tx) => {
    const before = gameView(orNotFound(await store.findConsoleGame(tx, id, true)), digits);
    if (body.iconImageId) await requireImage(tx, body.iconImageId, 'iconImageId');
    await store.updateGame(tx, id, body, call.now);
    const after = gameView(orNotFound(await store.findConsoleGame(tx, id)), digits);
    return { entityId: id, before, after, result: after };
  });
}

/** Queues a sync of every enabled provider's catalogue; the Jobs page shows how it went. */
export async function requestCatalogueSync(deps: AppDeps, call: OperatorCall) {
  return operatorWrite(deps, call, { entity: 'game_catalogue', action: 'sync' }, async (tx) => {
    const jobId = await enqueue(tx, { kind: CATALOGUE_SYNC_JOB, runAt: call.now, maxAttempts: 5 }, call.now);
    return { entityId: jobId, before: null, after: { jobId }, result: { jobId } };
  });
}
