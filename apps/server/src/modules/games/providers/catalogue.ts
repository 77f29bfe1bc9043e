import { GAME_CLASSES } from '@tessera/contract';
import sharp from 'sharp';
import { vendorIconSvg } from '../../../platform/artwork.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { sha256Hex } from '../../../platform/crypto.ts';
import { write } from '../../../platform/write.ts';
import { storeImage } from '../../content/service.ts';
import { currencyOf } from '../../wallet/settings.ts';
import { hub88AmountFloor } from './hub88.ts';
import { callProvider, PROVIDER_PATHS, ProviderRefused } from './provider-api.ts';
import * as store from './store.ts';

/**
 * The catalogue sync: what a provider offers (vendors with their jackpots, games with names per language, classes,
 * stakes, lines, platforms, demo and tile artwork, and its sports matches) comes into our catalogue. New vendors and
 * games are added; what the operator chose (enabled, hot, sort, display names, icons of vendors) is kept. Every call
 * to the provider and every tile download happens before the one transaction that writes.
 */

interface FeedVendor {
  code: string;
  name: string;
  game_type: string;
  wallet?: 'seamless' | 'transfer';
  /** 1/100000 of the currency unit. */
  jackpot?: number | null;
}

interface FeedGame {
  game_code: string;
  name: string;
  names?: Record<string, string>;
  product: string;
  category: string;
  classify?: string;
  wallet?: 'seamless' | 'transfer';
  game_id?: string | null;
  room_id?: string | null;
  min_bet?: number;
  lines?: number;
  platforms?: string[];
  demo_game_support?: boolean;
  enabled?: boolean;
  url_thumb?: string;
}

interface FeedMatch {
  match_id: string;
  vendor: string;
  league: string;
  home_team: string;
  away_team: string;
  kick_off: string;
  odds: { home: string; draw: string | null; away: string };
}

export interface SyncSummary {
  vendors: number;
  games: number;
  images: number;
  matches: number;
}

const CLASSES = new Set<string>(GAME_CLASSES);
const PLATFORMS: Record<string, string> = { GPL_DESKTOP: 'html5-desktop', GPL_MOBILE: 'html5' };
const TILE_MAX_BYTES = 2_000_000;
const TILE_WIDTH = 320;

/** A tile as a PNG of our own making: only the pixels of what the provider sent survive (no script in an SVG). */
async function fetchTile(url: string, timeoutMs: number): Promise<Buffer | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!response.ok) return null;
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > TILE_MAX_BYTES) return null;
    return await sharp(bytes, { limitInputPixels: 4_000_000 }).resize({ width: TILE_WIDTH }).png().toBuffer();
  } catch {
    return null;
  }
}

async function optional<T>(call: Promise<T[]>): Promise<T[]> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ProviderRefused) return [];
    throw error;
  }
}

/**
 * A sandbox provider learns our public key and where our wallet is, and tells us its public key: the key exchange
 * a real provider does once, by hand, at onboarding.
 */
async function registerWithSandbox(deps: AppDeps, provider: store.ProviderDb, now: Date) {
  const answer = await callProvider<{ public_key?: unknown }>(
    deps.config,
    provider,
    PROVIDER_PATHS.sandboxOperators,
    {
      public_key: provider.public_key,
      wallet_url: `${deps.config.gameProviders.walletUrl}/providers/hub88/${provider.code}`,
    },
  );
  if (typeof answer.public_key !== 'string')
    throw new Error(`the sandbox ${provider.code} sent no public key`);
  await write(deps.db, { isolation: 'read committed' }, (tx) =>
    store.setProviderPublicKey(tx, provider.code, answer.public_key as string, now),
  );
}

/** Syncs one provider's catalogue; the console's "sync now" and the scheduled job call it. */
export async function syncCatalogue(deps: AppDeps, providerCode: string, now: Date): Promise<SyncSummary> {
  const provider = await store.findProvider(deps.db, providerCode);
  if (!provider?.enabled) throw new Error(`game provider ${providerCode} is unknown or disabled`);
  // The house's games are the catalogue's own rows (the seed's): there is no feed to read.
  if (provider.contract === 'house') return { vendors: 0, games: 0, images: 0, matches: 0 };
  if (provider.sandbox) await registerWithSandbox(deps, provider, now);
  const mode = provider.contract === 'transfer' ? 'transfer' : 'seamless';
  const [feedVendors, feedGames, feedMatches] = await Promise.all([
    optional(callProvider<FeedVendor[]>(deps.config, provider, PROVIDER_PATHS.vendorList, {})),
    callProvider<FeedGame[]>(deps.config, provider, PROVIDER_PATHS.gameList, {}),
    optional(callProvider<FeedMatch[]>(deps.config, provider, PROVIDER_PATHS.sportsMatches, {})),
  ]);
  const digits = (await currencyOf(deps)).digits;
  const games = feedGames.filter(
    (game) =>
      (game.wallet ?? 'seamless') === mode && game.enabled !== false && typeof game.game_code === 'string',
  );
  const vendors = new Map<string, store.CatalogueVendor>();
  for (const game of games) {
    const key = `${game.category}/${game.product}`;
    if (vendors.has(key)) continue;
    const feed = feedVendors.find(
      (vendor) => vendor.code === game.product && vendor.game_type === game.category,
    );
    vendors.set(key, {
      vassalage: game.product,
      gameType: game.category,
      displayName: feed?.name ?? game.product,
      jackpot: typeof feed?.jackpot === 'number' ? hub88AmountFloor(feed.jackpot, digits) : null,
    });
  }

  // Tiles: fetched and redrawn before the transaction, stored only when they changed.
  const known = await store.gameIconHashes(deps.db, provider.code);
  const tiles = new Map<string, Buffer>();
  const queue = games.filter((game) => game.url_thumb);
  const timeoutMs = deps.config.gameProviders.timeoutSeconds * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let game = queue.shift(); game; game = queue.shift()) {
        const png = await fetchTile(game.url_thumb as string, timeoutMs);
        const key = `${game.product}/${game.game_code}`;
        if (png && known.get(key) !== sha256Hex(png)) tiles.set(key, png);
      }
    }),
  );

  const summary = await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const vendorIds = new Map<string, number>();
    let sort = 100;
    for (const [key, vendor] of vendors) {
      const { id, inserted } = await store.upsertVendor(tx, provider.code, vendor, sort, now);
      sort += 1;
      vendorIds.set(key, id);
      if (inserted) {
        const icon = await storeImage(
          tx,
          deps.rng,
          Buffer.from(vendorIconSvg(vendor.displayName, '#1e293b', '#0ea5e9')),
          'image/svg+xml',
          now,
        );
        await store.setVendorIcon(tx, id, icon.imageId);
      }
    }
    let images = 0;
    for (const [index, game] of games.entries()) {
      const vendorId = vendorIds.get(`${game.category}/${game.product}`);
      if (vendorId === undefined) continue;
      const classify = (game.classify ?? '').toUpperCase();
      const gameId = await store.upsertGame(
        tx,
        vendorId,
        {
          code: game.game_code,
          gameId: game.game_id ?? null,
          roomId: game.room_id ?? null,
          names: { EN: game.name, ...game.names },
          classify: CLASSES.has(classify) ? classify : 'SLOT',
          minBet: hub88AmountFloor(game.min_bet ?? 0, digits),
          lines: Math.max(0, Math.trunc(game.lines ?? 0)),
          platforms: (game.platforms ?? ['GPL_DESKTOP', 'GPL_MOBILE']).flatMap(
            (platform) => PLATFORMS[platform] ?? [],
          ),
          demo: game.demo_game_support === true,
        },
        index,
        now,
      );
      const tile = tiles.get(`${game.product}/${game.game_code}`);
      if (tile) {
        const image = await storeImage(tx, deps.rng, tile, 'image/png', now);
        await store.setGameIcon(tx, gameId, image.imageId);
        images += 1;
      }
    }
    let matches = 0;
    for (const [key, vendor] of vendors) {
      const id = vendorIds.get(key);
      const list = feedMatches.filter((match) => match.vendor === vendor.vassalage);
      if (id === undefined || list.length === 0) continue;
      const rows = list.flatMap((match) => {
        const kickOff = new Date(match.kick_off);
        const home = Number(match.odds?.home);
        const away = Number(match.odds?.away);
        if (Number.isNaN(kickOff.getTime()) || !(home > 0) || !(away > 0)) return [];
        const draw = match.odds.draw === null ? null : Number(match.odds.draw);
        return [
          {
            matchRef: String(match.match_id),
            league: String(match.league),
            homeTeam: String(match.home_team),
            awayTeam: String(match.away_team),
            kickOff,
            odds: { home, draw: draw !== null && draw > 0 ? draw : null, away },
          },
        ];
      });
      await store.replaceMatches(tx, id, rows, now);
      matches += rows.length;
    }
    await store.markSynced(tx, provider.code, now);
    return { vendors: vendors.size, games: games.length, images, matches };
  });
  return summary;
}

/** Syncs every enabled provider; one failing does not stop the others (the error is raised at the end). */
export async function syncAllCatalogues(deps: AppDeps, now: Date): Promise<void> {
  const failures: string[] = [];
  for (const provider of await store.enabledProviders(deps.db)) {
    try {
      await syncCatalogue(deps, provider.code, now);
    } catch (error) {
      failures.push(`${provider.code}: ${(error as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(`catalogue sync failed for ${failures.join('; ')}`);
}
