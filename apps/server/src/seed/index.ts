import { DEFAULT_RTP, fishConfig, slotGame } from '@tessera/house-games';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { storeImage } from '../modules/content/service.ts';
import { houseTileSvg } from '../modules/games/house/tiles.ts';
import { seedDemoProviders } from '../modules/games/providers/registry.ts';
import { sealChannelSecret } from '../modules/wallet/payment-channels.ts';
import { DEFAULT_WALLET_SETTINGS } from '../modules/wallet/settings.ts';
import { bannerPhoneSvg, bannerSvg, vendorIconSvg } from '../platform/artwork.ts';
import { sha256Hex } from '../platform/crypto.ts';
import type { Rng } from '../platform/rng.ts';
import { AGENT_CONTRACT_MESSAGES, seedDemoAgentContracts } from './agents-contracts.ts';
import { seedAgentsTree } from './agents-tree.ts';
import * as data from './data.ts';
import { INBOX_MESSAGES } from './inbox.ts';
import { KYC_MESSAGES } from './kyc.ts';
import { seedLottery } from './lottery.ts';
import { seedDemoMissions } from './missions.ts';
import { seedDemoRaffle } from './raffle.ts';
import { seedDemoSportsbook, seedSportsbook } from './sportsbook.ts';

/**
 * Runs each seed section once, recorded in seed_sections: a restart never overwrites or re-creates what an
 * operator changed or deleted. Configuration sections always run; demo content only when asked for.
 */
/** The sandbox gateway the demo's online channel pays through, and the key that seals its secret. */
export interface DemoGateway {
  sandboxUrl: string;
  sandboxSecret: string;
  secretsKey: Buffer;
}

/**
 * The demo's online channel's gateway: the sandbox, only while it runs (PAYMENT_SANDBOX) and never in production
 * (whose start refuses a channel signing with the published sandbox secret); null otherwise.
 */
export function demoGatewayOf(
  config: Pick<Config, 'payments' | 'secretsKey' | 'production'>,
): DemoGateway | null {
  if (!config.payments.sandbox || config.production || !config.secretsKey) return null;
  return {
    sandboxUrl: config.payments.sandboxUrl,
    sandboxSecret: config.payments.sandboxSecret,
    secretsKey: config.secretsKey,
  };
}

export async function seed(
  db: Database,
  options: {
    merchantCode: string;
    demo: boolean;
    now: Date;
    rng: Rng;
    demoGateway?: DemoGateway | null;
    /** The game provider simulator the demo's providers point at (npm start); none in tests. */
    demoProviders?: { sandboxUrl: string; secretsKey: Buffer } | null;
    /** Demo accounts with published passwords (the demo agents' tree and its contracts); main.ts leaves them out in production. */
    demoAccounts?: boolean;
  },
): Promise<string[]> {
  const sections: [string, (tx: Queryable) => Promise<void>][] = [
    ['merchant', (tx) => seedMerchant(tx, options.merchantCode)],
    ['site_settings', seedSettings],
    ['module_flags', seedModuleFlags],
    ['register_rules', seedRegisterRules],
    ['countries', seedCountries],
    ['languages', seedLanguages],
    ['avatars', seedAvatars],
    ['games', (tx) => seedGames(tx, options.rng, options.now)],
    ['house_games', (tx) => seedHouseGames(tx, options.rng, options.now)],
    // A section of its own, so that a database seeded before the fish game gets it too.
    ['house_fish', (tx) => seedHouseFish(tx, options.rng, options.now)],
    ['house_tiles', (tx) => redrawHouseTiles(tx, options.rng, options.now, slotTiles())],
    ['house_tables', (tx) => seedHouseTables(tx, options.rng, options.now)],
    ['house_table_tiles', (tx) => redrawHouseTiles(tx, options.rng, options.now, tableTiles())],
    ['lottery', (tx) => seedLottery(tx, options.rng, options.now)],
    ['sportsbook', seedSportsbook],
    ['vendor_names', seedVendorNames],
    ['vip_levels', seedVipLevels],
    ['vip_level_rewards', seedVipLevelRewards],
    ['message_templates', (tx) => seedMessageTemplates(tx, data.MESSAGE_TEMPLATES)],
    ['agent_contract_messages', (tx) => seedMessageTemplates(tx, AGENT_CONTRACT_MESSAGES)],
    ['inbox_messages', (tx) => seedMessageTemplates(tx, INBOX_MESSAGES)],
    ['profile_messages', (tx) => seedMessageTemplates(tx, data.PROFILE_MESSAGES)],
    ['kyc_messages', (tx) => seedMessageTemplates(tx, KYC_MESSAGES)],
    ['contract_requests', seedContractRequests],
    ['wallet', seedWallet],
    ['agent_module_flags', seedAgentModuleFlags],
  ];
  if (options.demo) {
    sections.push(
      ['demo_banners', (tx) => seedBanners(tx, options.rng, options.now)],
      // A section of its own, so that a database seeded before the versions gets them too.
      ['demo_banner_versions', (tx) => seedBannerVersions(tx, options.rng, options.now)],
      ['demo_notices', seedNotices],
      ['demo_announcements', seedAnnouncements],
      ['demo_help', seedHelp],
      ['demo_resources', seedResources],
      ['demo_domains', seedDomains],
      ['demo_hot_games', seedHotGames],
      ['demo_promotions', (tx) => seedPromotions(tx, options.now)],
      ['demo_raffle', (tx) => seedDemoRaffle(tx, options.now)],
      ['demo_missions', (tx) => seedDemoMissions(tx, options.now)],
      ['demo_sportsbook', (tx) => seedDemoSportsbook(tx, options.now)],
      ['demo_chat', (tx) => seedDemoChat(tx, options.now)],
      [
        'demo_payment_channels',
        (tx) => seedPaymentChannels(tx, options.demoGateway ?? null, options.rng, options.now),
      ],
      // A section of its own, so that a database seeded before the versions gets them too.
      ['demo_payment_channel_versions', seedPaymentChannelVersions],
      [
        'demo_game_providers',
        async (tx) => {
          if (options.demoProviders)
            await seedDemoProviders(tx, options.demoProviders, options.rng, options.now);
        },
      ],
    );
  }
  // Accounts with published passwords: a demo that is not a production site only.
  if (options.demo && options.demoAccounts !== false) {
    sections.push(
      ['demo_agents_tree', (tx) => seedAgentsTree(tx, options.now)],
      // Its contracts, after the tree (a section of its own name: the earlier one seeded a branch of its own).
      ['demo_agents_tree_contracts', (tx) => seedDemoAgentContracts(tx, options.now)],
    );
  }
  const applied: string[] = [];
  for (const [name, run] of sections) {
    const ran = await db.transaction('read committed', async (tx) => {
      const claimed = await tx.query(
        'insert into seed_sections (name) values ($1) on conflict do nothing returning name',
        [name],
      );
      if (claimed.length === 0) return false;
      await run(tx);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}

async function seedMerchant(tx: Queryable, code: string) {
  await tx.query(
    `insert into merchant (code, name, brand, currency, currency_symbol, wallet_single, default_language, time_zone)
     values ($1, 'Tessera Demo', 'Tessera', 'PHP', 'P', false, 'EN', 'Asia/Ho_Chi_Minh') on conflict do nothing`,
    [code],
  );
}

async function seedSettings(tx: Queryable) {
  const settings: [string, unknown][] = [
    ['site', data.SITE_SETTINGS],
    ['maintenance', data.MAINTENANCE],
    ['cdn', { imageCDNs: [''], launchGameCDNs: [] }],
  ];
  for (const [key, value] of settings) {
    await tx.query('insert into site_settings (key, value) values ($1, $2) on conflict do nothing', [
      key,
      JSON.stringify(value),
    ]);
  }
}

/** Module flags [modId, parent, name, enabled], sorted after the `offset` flags before them. */
async function insertModuleFlags(
  tx: Queryable,
  flags: readonly [string, string | null, string, boolean][],
  offset: number,
) {
  for (const [index, [modId, parent, name, enabled]] of flags.entries()) {
    await tx.query(
      'insert into module_flags (mod_id, parent_id, name, enabled, sort) values ($1, $2, $3, $4, $5) on conflict do nothing',
      [modId, parent, name, enabled, offset + index],
    );
  }
}

const seedModuleFlags = (tx: Queryable) => insertModuleFlags(tx, data.MODULE_FLAGS, 0);

const seedAgentModuleFlags = (tx: Queryable) =>
  insertModuleFlags(tx, data.AGENT_MODULE_FLAGS, data.MODULE_FLAGS.length + data.WALLET_MODULE_FLAGS.length);

async function seedWallet(tx: Queryable) {
  await insertModuleFlags(tx, data.WALLET_MODULE_FLAGS, data.MODULE_FLAGS.length);
  await tx.query("insert into site_settings (key, value) values ('wallet', $1) on conflict do nothing", [
    JSON.stringify(DEFAULT_WALLET_SETTINGS),
  ]);
}

/**
 * A bank-transfer channel, and (when the demo gateway is given, as npm start does) an online channel paying through
 * the sandbox gateway, so that a new user can try a deposit end to end.
 */
async function seedPaymentChannels(tx: Queryable, gateway: DemoGateway | null, rng: Rng, now: Date) {
  const channels = gateway
    ? data.DEMO_PAYMENT_CHANNELS
    : data.DEMO_PAYMENT_CHANNELS.filter((c) => c.kind === 'bank');
  for (const [index, channel] of channels.entries()) {
    const [row] = await tx.query<{ id: number }>(
      `insert into payment_channels (kind, name, sort, min_amount, max_amount, presets, instructions, bank_name,
         account_name, account_number, gateway_url, gateway_merchant, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
      [
        channel.kind,
        channel.name,
        index,
        channel.minAmount,
        channel.maxAmount,
        JSON.stringify(channel.presets),
        channel.instructions,
        channel.bankName ?? '',
        channel.accountName ?? '',
        channel.accountNumber ?? '',
        channel.kind === 'gateway' && gateway ? gateway.sandboxUrl : '',
        channel.gatewayMerchant ?? '',
        now,
      ],
    );
    if (channel.kind === 'gateway' && gateway && row) {
      await tx.query('update payment_channels set gateway_secret = $2 where id = $1', [
        row.id,
        sealChannelSecret(gateway.secretsKey, row.id, gateway.sandboxSecret, rng),
      ]);
    }
  }
}

/** The demo channels' Vietnamese and Chinese versions; a channel an operator renamed or translated is left alone. */
async function seedPaymentChannelVersions(tx: Queryable) {
  for (const [name, translations] of Object.entries(data.PAYMENT_CHANNEL_TRANSLATIONS)) {
    await tx.query(
      `update payment_channels set translations = $2 where name = $1 and translations = '{}'::jsonb`,
      [name, JSON.stringify(translations)],
    );
  }
}

async function seedRegisterRules(tx: Queryable) {
  for (const [
    index,
    [key, pattern, patternId, min, max, enabled, required],
  ] of data.REGISTER_RULES.entries()) {
    await tx.query(
      `insert into register_rules (key, accepted_pattern, pattern_id, min_length, max_length, enabled, required, sort)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
      [key, pattern, patternId, min, max, enabled, required, index],
    );
  }
}

async function seedCountries(tx: Queryable) {
  for (const [index, [code, dialing, name]] of data.COUNTRIES.entries()) {
    await tx.query(
      'insert into countries (code, dialing_code, name, sort) values ($1, $2, $3, $4) on conflict do nothing',
      [code, dialing, name, index],
    );
  }
}

async function seedLanguages(tx: Queryable) {
  for (const [index, [code, name, nativeName, flag, translated]] of data.LANGUAGES.entries()) {
    await tx.query(
      `insert into languages (code, name, native_name, flag_country, translated, sort)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
      [code, name, nativeName, flag, translated, index],
    );
  }
}

async function seedBanners(tx: Queryable, rng: Rng, now: Date) {
  for (const [index, [group, art, linkageType, linkUrl]] of data.BANNERS.entries()) {
    const image = await storeImage(tx, rng, Buffer.from(bannerSvg(art, index + 1)), 'image/svg+xml', now);
    await tx.query(
      `insert into banners (group_name, title, image_id, linkage_type, link_url, sort)
       values ($1, $2, $3, $4, $5, $6)`,
      [group, art.title, image.imageId, linkageType, linkUrl, index],
    );
  }
}

/** The seeded vendors' names in Vietnamese and Chinese, where an operator has not named them already. */
async function seedVendorNames(tx: Queryable) {
  for (const [vassalage, names] of Object.entries(data.VENDOR_NAMES)) {
    await tx.query(`update game_vendors set names = $2 where vassalage = $1 and names = '{}'::jsonb`, [
      vassalage,
      JSON.stringify(names),
    ]);
  }
}

/**
 * The seeded banners' phone images and their Vietnamese and Chinese versions (issue 15), each drawn with its text in
 * its language; a banner an operator has changed since (its title) is left alone.
 */
async function seedBannerVersions(tx: Queryable, rng: Rng, now: Date) {
  const draw = async (svg: string) =>
    (await storeImage(tx, rng, Buffer.from(svg), 'image/svg+xml', now)).imageId;
  for (const [index, [group, art]] of data.BANNERS.entries()) {
    const [banner] = await tx.query<{ id: number; phone_image_id: string | null }>(
      'select id, phone_image_id from banners where group_name = $1 and title = $2 order by id limit 1',
      [group, art.title],
    );
    const translations = data.BANNER_TRANSLATIONS[art.title];
    if (!banner || !translations) continue;
    if (!banner.phone_image_id) {
      await tx.query('update banners set phone_image_id = $2 where id = $1', [
        banner.id,
        await draw(bannerPhoneSvg(art, index + 1)),
      ]);
    }
    for (const [language, [title, subtitle]] of Object.entries(translations)) {
      const translated = { ...art, title, subtitle };
      const action = data.BANNER_ACTIONS[language];
      await tx.query(
        `insert into banner_versions (banner_id, language, title, image_id, phone_image_id)
         values ($1, $2, $3, $4, $5) on conflict do nothing`,
        [
          banner.id,
          language,
          title,
          await draw(bannerSvg(translated, index + 1, action)),
          await draw(bannerPhoneSvg(translated, index + 1, action)),
        ],
      );
    }
  }
}

async function seedNotices(tx: Queryable) {
  for (const [index, [language, title, content]] of data.NOTICES.entries()) {
    await tx.query('insert into notices (language, title, content, sort) values ($1, $2, $3, $4)', [
      language,
      title,
      content,
      index,
    ]);
  }
}

async function seedAnnouncements(tx: Queryable) {
  for (const [index, [type, audience, versions]] of data.ANNOUNCEMENTS.entries()) {
    for (const [language, [title, content]] of Object.entries(versions)) {
      await tx.query(
        `insert into announcements (type, audience, language, title, content, sort)
         values ($1, $2, $3, $4, $5, $6)`,
        [type, audience, language, title, content, index],
      );
    }
  }
}

async function seedHelp(tx: Queryable) {
  for (const [categoryIndex, [language, category, articles]] of data.HELP.entries()) {
    const rows = await tx.query<{ id: number }>(
      'insert into help_categories (language, title, sort) values ($1, $2, $3) returning id',
      [language, category, categoryIndex],
    );
    for (const [articleIndex, [title, content]] of articles.entries()) {
      await tx.query(
        'insert into help_articles (category_id, title, content, sort) values ($1, $2, $3, $4)',
        [rows[0]?.id, title, content, articleIndex],
      );
    }
  }
}

async function seedResources(tx: Queryable) {
  for (const [index, [type, title, url]] of data.RESOURCES.entries()) {
    await tx.query(
      'insert into download_resources (resource_type, title, url, sort) values ($1, $2, $3, $4)',
      [type, title, url, index],
    );
  }
}

/**
 * The demo's hot games (home's first rail and the lobbies' Hot tab): the house's own games, its slots and fish first,
 * then in their lobby order, unless an operator already chose hot games.
 */
async function seedHotGames(tx: Queryable) {
  await tx.query(
    `update games g set hot_rank = ranked.rank
     from (select g.id, row_number() over (
             order by case v.game_type when 'RNG' then 0 when 'FISH' then 1 else 2 end, v.sort, v.id, g.sort, g.id
           ) as rank
           from games g join game_vendors v on v.id = g.vendor_id
           where v.provider = 'HOUSE' and g.enabled and (g.game_id is not null or g.room_id is not null)) ranked
     where g.id = ranked.id and not exists (select 1 from games where hot_rank is not null)`,
  );
}

async function seedDomains(tx: Queryable) {
  for (const [index, url] of data.DOMAINS.entries()) {
    await tx.query('insert into domains (url, sort) values ($1, $2) on conflict do nothing', [url, index]);
  }
}

async function seedGames(tx: Queryable, rng: Rng, now: Date) {
  for (const [index, [code, names]] of data.GAME_TYPES.entries()) {
    await tx.query('insert into game_types (code, names, sort) values ($1, $2, $3) on conflict do nothing', [
      code,
      JSON.stringify(names),
      index,
    ]);
  }
  for (const [
    index,
    [gameType, vassalage, name, hot, accountTypeId, from, to],
  ] of data.GAME_VENDORS.entries()) {
    const icon = await storeImage(tx, rng, Buffer.from(vendorIconSvg(name, from, to)), 'image/svg+xml', now);
    await tx.query(
      `insert into game_vendors
         (game_type, vassalage, display_name, is_hot, icon_image_id, account_type_id, sort, transfer_wallet)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
      [
        gameType,
        vassalage,
        name,
        hot,
        icon.imageId,
        accountTypeId,
        index,
        data.TRANSFER_WALLET_VENDORS.includes(vassalage),
      ],
    );
  }
}

/**
 * The house's vendors belong to the provider HOUSE (its row comes with migration 0013), and its slots are games of
 * HOUSE_SLOTS at the package's default RTP and its stake limits, which the console may narrow.
 */
async function seedHouseGames(tx: Queryable, rng: Rng, now: Date) {
  await tx.query(
    `update game_vendors set provider = 'HOUSE' where vassalage like 'HOUSE\\_%' and provider is null`,
  );
  const [vendor] = await tx.query<{ id: number }>(
    "select id from game_vendors where vassalage = 'HOUSE_SLOTS'",
  );
  if (!vendor) return;
  for (const [index, [id, names, lines, from, to]] of data.HOUSE_SLOT_GAMES.entries()) {
    const game = slotGame(id);
    const icon = await storeImage(
      tx,
      rng,
      Buffer.from(houseTileSvg(id, names.EN ?? id, from, to)),
      'image/svg+xml',
      now,
    );
    const [row] = await tx.query<{ id: number }>(
      `insert into games (vendor_id, code, game_id, names, classify, min_bet, line_num, sort, demo, icon_image_id,
         created_at, updated_at)
       values ($1, $2, $2, $3, 'SLOT', $4, $5, $6, false, $7, $8, $8)
       on conflict (vendor_id, code) do nothing returning id`,
      [vendor.id, id, JSON.stringify(names), game.betLimits.min, lines, index, icon.imageId, now],
    );
    if (!row) continue;
    await tx.query(
      `insert into house_game_settings (game_id, rtp, min_bet, max_bet, updated_at) values ($1, $2, $3, $4, $5)
       on conflict do nothing`,
      [row.id, DEFAULT_RTP, game.betLimits.min, game.betLimits.max, now],
    );
  }
}

/**
 * The house’s fish game, a game of HOUSE_FISH (the vendor of the FISH lobby that the seed made for it),
 * at the package's default RTP and its stake limits, which the console may narrow.
 */
async function seedHouseFish(tx: Queryable, rng: Rng, now: Date) {
  const [vendor] = await tx.query<{ id: number }>(
    "select id from game_vendors where vassalage = 'HOUSE_FISH' and provider = 'HOUSE'",
  );
  if (!vendor) return;
  const [id, names, from, to] = data.HOUSE_FISH_GAME;
  const config = fishConfig(DEFAULT_RTP);
  const icon = await storeImage(
    tx,
    rng,
    Buffer.from(houseTileSvg(id, names.EN ?? id, from, to)),
    'image/svg+xml',
    now,
  );
  const [row] = await tx.query<{ id: number }>(
    `insert into games (vendor_id, code, game_id, names, classify, min_bet, sort, demo, icon_image_id, created_at,
       updated_at)
     values ($1, $2, $2, $3, 'FISH', $4, 0, false, $5, $6, $6)
     on conflict (vendor_id, code) do nothing returning id`,
    [vendor.id, id, JSON.stringify(names), config.betLimits.min, icon.imageId, now],
  );
  if (!row) return;
  await tx.query(
    `insert into house_game_settings (game_id, rtp, min_bet, max_bet, updated_at) values ($1, $2, $3, $4, $5)
     on conflict do nothing`,
    [row.id, DEFAULT_RTP, config.betLimits.min, config.betLimits.max, now],
  );
}

/** A house game whose tile is drawn: [vendor, game code, name, tile gradient from, to]. */
type DrawnTile = [string, string, string, string, string];

const slotTiles = (): DrawnTile[] =>
  data.HOUSE_SLOT_GAMES.map(([id, names, , from, to]) => ['HOUSE_SLOTS', id, names.EN ?? id, from, to]);

/** A table's game code: its room, prefixed with its kind unless it starts with it. */
const tableCode = (kind: string, room: string) => (room.startsWith(kind) ? room : `${kind}-${room}`);

const tableTiles = (): DrawnTile[] =>
  data.HOUSE_TABLES.map(([kind, room, vendor, names, from, to]) => [
    vendor,
    tableCode(kind, room),
    names.EN ?? room,
    from,
    to,
  ]);

/**
 * Databases seeded before the house's drawn tiles have the games' initials as icons: each such icon, when it is
 * still exactly the one the seed made (same SHA-256), gets the game's drawn tile. An icon an operator chose stays.
 */
async function redrawHouseTiles(tx: Queryable, rng: Rng, now: Date, games: DrawnTile[]) {
  for (const [vendor, code, name, from, to] of games) {
    const [game] = await tx.query<{ id: number; sha256: string }>(
      `select g.id, i.sha256 from games g join game_vendors v on v.id = g.vendor_id
       join images i on i.id = g.icon_image_id
       where v.vassalage = $1 and g.code = $2`,
      [vendor, code],
    );
    if (!game || game.sha256 !== sha256Hex(vendorIconSvg(name, from, to))) continue;
    const icon = await storeImage(
      tx,
      rng,
      Buffer.from(houseTileSvg(code, name, from, to)),
      'image/svg+xml',
      now,
    );
    await tx.query('update games set icon_image_id = $2, updated_at = $3 where id = $1', [
      game.id,
      icon.imageId,
      now,
    ]);
  }
}

/** The house's shared tables (modules/games/house/tables): catalogue games with a room id, and their settings. */
async function seedHouseTables(tx: Queryable, rng: Rng, now: Date) {
  await tx.query(
    `update game_vendors set provider = 'HOUSE' where vassalage like 'HOUSE\\_%' and provider is null`,
  );
  for (const [index, [kind, room, vendorCode, names, from, to, min, max]] of data.HOUSE_TABLES.entries()) {
    const [vendor] = await tx.query<{ id: number }>('select id from game_vendors where vassalage = $1', [
      vendorCode,
    ]);
    if (!vendor) continue;
    const code = tableCode(kind, room);
    const icon = await storeImage(
      tx,
      rng,
      Buffer.from(houseTileSvg(code, names.EN ?? room, from, to)),
      'image/svg+xml',
      now,
    );
    const [row] = await tx.query<{ id: number }>(
      `insert into games (vendor_id, code, game_id, room_id, names, classify, min_bet, line_num, sort, demo,
         icon_image_id, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, 0, $8, false, $9, $10, $10)
       on conflict (vendor_id, code) do nothing returning id`,
      [
        vendor.id,
        code,
        kind,
        room,
        JSON.stringify(names),
        kind === 'baccarat' ? 'CARD' : 'LIVE',
        min,
        index,
        icon.imageId,
        now,
      ],
    );
    if (!row) continue;
    await tx.query(
      `insert into house_tables (game_id, kind, room, betting_ms, result_ms, anchor_at, anchor_round, limits,
         updated_at)
       values ($1, $2, $3, $4, $5, $6, 0, $7, $6) on conflict do nothing`,
      [row.id, kind, room, 15_000, 8_000, now, JSON.stringify(defaultTableLimits(kind, min, max))],
    );
  }
}

/** Main spots from min to max; side spots (tie, pairs; roulette's inside bets) up to a tenth of max. */
function defaultTableLimits(kind: 'baccarat' | 'roulette', min: bigint, max: bigint) {
  const side = max / 10n - ((max / 10n) % min);
  const limit = (top: bigint) => ({ min: min.toString(), max: top.toString() });
  if (kind === 'baccarat') {
    return {
      player: limit(max),
      banker: limit(max),
      tie: limit(side),
      playerPair: limit(side),
      bankerPair: limit(side),
    };
  }
  const inside = ['straight', 'split', 'street', 'corner', 'line'];
  const outside = ['dozen', 'column', 'red', 'black', 'odd', 'even', 'low', 'high'];
  return Object.fromEntries([
    ...inside.map((spot) => [spot, limit(side)]),
    ...outside.map((spot) => [spot, limit(max)]),
  ]);
}

async function seedAvatars(tx: Queryable) {
  for (const [index, [id, name]] of data.AVATARS.entries()) {
    await tx.query('insert into avatars (id, name, sort) values ($1, $2, $3) on conflict do nothing', [
      id,
      name,
      index,
    ]);
  }
}

/**
 * The demo's promotions (money in the seed currency's minor units, PHP: 2 digits): a first-deposit bonus, a daily
 * claim, an application and a welcome bonus for new members, running from a day before the seed.
 */
async function seedPromotions(tx: Queryable, now: Date) {
  const start = new Date(now.getTime() - 86_400_000);
  for (const row of data.DEMO_PROMOTIONS) {
    await tx.query(
      `insert into promotions (category, kind, versions, starts_at, audience, product_scope, budget,
         turnover_multiple, percent_bp, cap, min_deposit, deposit_which, amount, max_stake, created_at, updated_at)
       values ($1, $2, $3::jsonb, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)`,
      [
        row.category,
        row.kind,
        JSON.stringify(row.versions),
        start,
        JSON.stringify({ ranks: [], labels: [], newWithinDays: row.newWithinDays ?? null }),
        row.productScope ?? null,
        row.budget,
        row.turnoverMultiple,
        row.percentBp ?? null,
        row.cap ?? null,
        row.minDeposit ?? null,
        row.depositWhich ?? null,
        row.amount ?? null,
        row.maxStake ?? null,
        now,
      ],
    );
  }
}

/** One open chat room, so the right bar's chat room has somewhere to go (an operator adds more on Chat rooms). */
async function seedDemoChat(tx: Queryable, now: Date) {
  await tx.query(
    `insert into chat_rooms (name, description, notice, sort, created_at) values ($1, $2, $3, 10, $4)`,
    [
      "Players' lounge",
      'Talk about games, draws and big wins.',
      'Be kind. Links only to sites on the allow list. Staff never ask for your password.',
      now,
    ],
  );
}

async function seedVipLevels(tx: Queryable) {
  for (const [rank, name] of data.VIP_LEVELS) {
    await tx.query('insert into vip_levels (rank, name) values ($1, $2) on conflict do nothing', [
      rank,
      name,
    ]);
  }
}

/** The growth and rewards of the seeded levels (a level an operator already gave growth keeps its values). */
async function seedVipLevelRewards(tx: Queryable) {
  for (const [rank, ...values] of data.VIP_LEVEL_REWARDS) {
    await tx.query(
      `update vip_levels set growth = $2, keep_growth = $3, level_up_bonus = $4, weekly_reward = $5,
         weekly_min_valid_bet = $6, monthly_reward = $7, monthly_min_valid_bet = $8, turnover_multiple = $9
       where rank = $1 and growth = 0`,
      [rank, ...values],
    );
  }
}

async function seedMessageTemplates(tx: Queryable, templates: typeof data.MESSAGE_TEMPLATES) {
  for (const [code, placeholders, texts] of templates) {
    for (const [language, [title, content]] of Object.entries(texts)) {
      await tx.query(
        `insert into message_templates (code, language, title, content, placeholders) values ($1, $2, $3, $4, $5)
         on conflict do nothing`,
        [code, language, title, content, JSON.stringify(placeholders)],
      );
    }
  }
}

async function seedContractRequests(tx: Queryable) {
  await tx.query(
    "insert into site_settings (key, value) values ('contract_requests', $1) on conflict do nothing",
    [JSON.stringify(data.CONTRACT_REQUESTS)],
  );
}
