/**
 * What the simulated aggregator offers: its vendors (one in transfer mode), about forty games with names in
 * English, Vietnamese and Chinese, the jackpots it reports and the sports matches of its sports vendor.
 */

type WalletMode = 'seamless' | 'transfer';

export interface SimVendor {
  code: string;
  name: string;
  gameType: 'LIVE' | 'SPORTS' | 'ESPORTS' | 'FISH' | 'RNG';
  wallet: WalletMode;
  /** Tile colours. */
  colors: [string, string];
  /** The jackpot's base in major units; it grows slowly with time. 0: no jackpot. */
  jackpot: number;
}

export interface SimGame {
  code: string;
  vendor: string;
  names: { EN: string; VI: string; CN: string };
  classify: 'SLOT' | 'TABLE' | 'ARCADE' | 'LIVE' | 'SPORTS' | 'FISH' | 'CARD';
  /** What launches it; neither: "Coming Soon". */
  gameId: string | null;
  roomId: string | null;
  /** Smallest stake, major units. */
  minBet: number;
  lines: number;
  demo: boolean;
  /** 0..1: the chance a round wins, and what a win pays (× stake). */
  odds: { chance: number; pays: number[] };
}

export const VENDORS: SimVendor[] = [
  {
    code: 'DG',
    name: 'Dream Gaming',
    gameType: 'LIVE',
    wallet: 'seamless',
    colors: ['#7f1d1d', '#f59e0b'],
    jackpot: 0,
  },
  {
    code: 'SIM_LIVE',
    name: 'Sim Live Studio',
    gameType: 'LIVE',
    wallet: 'seamless',
    colors: ['#4c1d95', '#ec4899'],
    jackpot: 0,
  },
  {
    code: 'SIM_SPORTS',
    name: 'Sim Sports',
    gameType: 'SPORTS',
    wallet: 'seamless',
    colors: ['#064e3b', '#34d399'],
    jackpot: 0,
  },
  {
    code: 'SIM_ESPORTS',
    name: 'Sim Esports',
    gameType: 'ESPORTS',
    wallet: 'seamless',
    colors: ['#1e1b4b', '#22d3ee'],
    jackpot: 0,
  },
  {
    code: 'JDB',
    name: 'JDB Fishing',
    gameType: 'FISH',
    wallet: 'seamless',
    colors: ['#0c4a6e', '#38bdf8'],
    jackpot: 250_000,
  },
  {
    code: 'JDB',
    name: 'JDB Slots',
    gameType: 'RNG',
    wallet: 'seamless',
    colors: ['#78350f', '#fde047'],
    jackpot: 1_250_000,
  },
  {
    code: 'FB',
    name: 'FB Sports',
    gameType: 'SPORTS',
    wallet: 'transfer',
    colors: ['#0d47a1', '#42a5f5'],
    jackpot: 0,
  },
];

const table = { chance: 0.47, pays: [2] };
const live = (
  code: string,
  vendor: string,
  names: SimGame['names'],
  room: string,
  demo = false,
): SimGame => ({
  code,
  vendor,
  names,
  classify: 'LIVE',
  gameId: null,
  roomId: room,
  minBet: 10,
  lines: 0,
  demo,
  odds: table,
});
const sport = (code: string, vendor: string, names: SimGame['names'], demo = false): SimGame => ({
  code,
  vendor,
  names,
  classify: 'SPORTS',
  gameId: code,
  roomId: null,
  minBet: 10,
  lines: 0,
  demo,
  odds: { chance: 0.4, pays: [1.8, 2.5, 3.2] },
});
const fish = (code: string, names: SimGame['names'], demo = true): SimGame => ({
  code,
  vendor: 'JDB',
  names,
  classify: 'FISH',
  gameId: code,
  roomId: null,
  minBet: 1,
  lines: 0,
  demo,
  odds: { chance: 0.35, pays: [1.5, 2, 5, 10] },
});
const slot = (
  code: string,
  names: SimGame['names'],
  lines: number,
  demo = true,
  gameId: string | null = code,
): SimGame => ({
  code,
  vendor: 'JDB',
  names,
  classify: 'SLOT',
  gameId,
  roomId: null,
  minBet: 1,
  lines,
  demo,
  odds: { chance: 0.3, pays: [1.2, 2, 3, 5, 20] },
});

export const GAMES: SimGame[] = [
  live('dg_baccarat_a', 'DG', { EN: 'Baccarat A', VI: 'Baccarat A', CN: '百家乐 A' }, 'DG-B01', true),
  live('dg_baccarat_b', 'DG', { EN: 'Baccarat B', VI: 'Baccarat B', CN: '百家乐 B' }, 'DG-B02'),
  live('dg_dragon_tiger', 'DG', { EN: 'Dragon Tiger', VI: 'Rồng Hổ', CN: '龙虎' }, 'DG-DT1'),
  live('dg_roulette', 'DG', { EN: 'Roulette', VI: 'Cò quay', CN: '轮盘' }, 'DG-R01'),
  live('dg_sicbo', 'DG', { EN: 'Sic Bo', VI: 'Tài Xỉu', CN: '骰宝' }, 'DG-S01'),
  live('dg_blackjack', 'DG', { EN: 'Blackjack', VI: 'Xì dách', CN: '二十一点' }, 'DG-BJ1'),
  live(
    'sl_speed_baccarat',
    'SIM_LIVE',
    { EN: 'Speed Baccarat', VI: 'Baccarat Tốc độ', CN: '极速百家乐' },
    'SL-SB1',
    true,
  ),
  live(
    'sl_thunder_roulette',
    'SIM_LIVE',
    { EN: 'Thunder Roulette', VI: 'Cò quay Sấm sét', CN: '雷电轮盘' },
    'SL-TR1',
  ),
  live('sl_fan_tan', 'SIM_LIVE', { EN: 'Fan Tan', VI: 'Fan Tan', CN: '番摊' }, 'SL-FT1'),
  live(
    'sl_holdem',
    'SIM_LIVE',
    { EN: "Casino Hold'em", VI: "Hold'em Sòng bài", CN: '赌场德州扑克' },
    'SL-HE1',
  ),
  live('sl_andar_bahar', 'SIM_LIVE', { EN: 'Andar Bahar', VI: 'Andar Bahar', CN: '安达巴哈' }, 'SL-AB1'),
  sport('ss_sportsbook', 'SIM_SPORTS', { EN: 'Sportsbook', VI: 'Cá cược thể thao', CN: '体育博彩' }),
  sport(
    'ss_virtual_football',
    'SIM_SPORTS',
    { EN: 'Virtual Football', VI: 'Bóng đá ảo', CN: '虚拟足球' },
    true,
  ),
  sport(
    'ss_virtual_horses',
    'SIM_SPORTS',
    { EN: 'Virtual Horse Racing', VI: 'Đua ngựa ảo', CN: '虚拟赛马' },
    true,
  ),
  sport('ss_virtual_basketball', 'SIM_SPORTS', {
    EN: 'Virtual Basketball',
    VI: 'Bóng rổ ảo',
    CN: '虚拟篮球',
  }),
  sport('se_arena', 'SIM_ESPORTS', { EN: 'Esports Arena', VI: 'Đấu trường Esports', CN: '电竞竞技场' }),
  sport('se_cs_match', 'SIM_ESPORTS', { EN: 'CS Match Bet', VI: 'Cược trận CS', CN: 'CS 赛事投注' }),
  sport('se_dota_battle', 'SIM_ESPORTS', { EN: 'Dota Battle', VI: 'Trận chiến Dota', CN: 'Dota 对战' }, true),
  sport('se_lol_clash', 'SIM_ESPORTS', { EN: 'LoL Clash', VI: 'Đại chiến LMHT', CN: '英雄联盟对决' }),
  fish('jdb_fishing_disco', { EN: 'Fishing Disco', VI: 'Bắn cá Disco', CN: '捕鱼迪斯科' }),
  fish('jdb_dragon_fishing', { EN: 'Dragon Fishing', VI: 'Bắn cá Rồng', CN: '龙王捕鱼' }),
  fish('jdb_caishen_fishing', { EN: 'Cai Shen Fishing', VI: 'Bắn cá Thần Tài', CN: '财神捕鱼' }, false),
  fish('jdb_mega_fishing', { EN: 'Mega Fishing', VI: 'Bắn cá Siêu cấp', CN: '超级捕鱼' }),
  fish('jdb_lucky_fishing', { EN: 'Lucky Fishing', VI: 'Bắn cá May mắn', CN: '幸运捕鱼' }, false),
  fish('jdb_fishing_yilufa', { EN: 'Fishing YiLuFa', VI: 'Bắn cá Nhất Lộ Phát', CN: '一路发捕鱼' }),
  slot('jdb_lucky_seven', { EN: 'Lucky Seven', VI: 'Số 7 May mắn', CN: '幸运七' }, 5),
  slot('jdb_fruity_bonanza', { EN: 'Fruity Bonanza', VI: 'Bữa tiệc Trái cây', CN: '水果盛宴' }, 20),
  slot('jdb_golden_dragon', { EN: 'Golden Dragon', VI: 'Rồng Vàng', CN: '金龙' }, 25, false),
  slot('jdb_jungle_jewels', { EN: 'Jungle Jewels', VI: 'Ngọc Rừng xanh', CN: '丛林宝石' }, 30),
  slot('jdb_pharaoh_riches', { EN: 'Pharaoh Riches', VI: 'Kho báu Pharaoh', CN: '法老宝藏' }, 20, false),
  slot('jdb_neon_nights', { EN: 'Neon Nights', VI: 'Đêm Neon', CN: '霓虹之夜' }, 10),
  slot('jdb_treasure_bowl', { EN: 'Treasure Bowl', VI: 'Bát Vàng', CN: '聚宝盆' }, 9),
  slot('jdb_samba_spins', { EN: 'Samba Spins', VI: 'Vòng quay Samba', CN: '桑巴旋转' }, 40),
  slot('jdb_lunar_princess', { EN: 'Lunar Princess', VI: 'Công chúa Mặt trăng', CN: '月亮公主' }, 243),
  slot('jdb_cherry_blast', { EN: 'Cherry Blast', VI: 'Bùng nổ Anh đào', CN: '樱桃爆炸' }, 5),
  slot('jdb_star_forge', { EN: 'Star Forge', VI: 'Lò rèn Sao', CN: '星辰熔炉' }, 20, false, null),
  sport('fb_sportsbook', 'FB', { EN: 'FB Sportsbook', VI: 'FB Thể thao', CN: 'FB 体育' }),
  sport('fb_live_betting', 'FB', { EN: 'FB Live Betting', VI: 'FB Cược trực tiếp', CN: 'FB 滚球' }),
  sport('fb_virtual', 'FB', { EN: 'FB Virtual Sports', VI: 'FB Thể thao ảo', CN: 'FB 虚拟体育' }),
  sport('fb_parlay', 'FB', { EN: 'FB Parlay Plus', VI: 'FB Cược xiên', CN: 'FB 串关' }),
];

/**
 * `count` more slots of the JDB vendor (codes jdb_extra_1, …), for a lobby that needs more tiles than the catalogue
 * has (bench/home-page.ts's lobby of 24 tiles); each plays as the catalogue's slots do.
 */
export function moreSlots(count: number): SimGame[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return slot(`jdb_extra_${n}`, { EN: `Extra Slot ${n}`, VI: `Slot thêm ${n}`, CN: `加开老虎机 ${n}` }, 20);
  });
}

export const vendorOf = (game: SimGame): SimVendor => {
  const gameType = game.classify === 'FISH' ? 'FISH' : game.classify === 'SLOT' ? 'RNG' : undefined;
  const vendor = VENDORS.find(
    (candidate) =>
      candidate.code === game.vendor && (gameType === undefined || candidate.gameType === gameType),
  );
  if (!vendor) throw new Error(`no vendor ${game.vendor}`);
  return vendor;
};

/** The sports matches the sports vendor offers, kicking off over the next days from `now`. */
export function matches(now: Date) {
  const fixtures: [string, string, string, number, [number, number | null, number]][] = [
    ['Premier League', 'Arsenal', 'Chelsea', 5, [2.1, 3.4, 3.3]],
    ['Premier League', 'Liverpool', 'Manchester City', 29, [2.6, 3.5, 2.55]],
    ['La Liga', 'Real Madrid', 'Sevilla', 26, [1.55, 4.2, 5.5]],
    ['Serie A', 'Inter', 'Napoli', 50, [2.05, 3.3, 3.6]],
    ['V.League 1', 'Hà Nội FC', 'Hoàng Anh Gia Lai', 8, [1.9, 3.3, 3.9]],
    ['Bundesliga', 'Bayern München', 'Borussia Dortmund', 74, [1.7, 4.0, 4.4]],
    ['NBA', 'Lakers', 'Celtics', 14, [1.95, null, 1.85]],
    ['Champions League', 'PSG', 'Barcelona', 98, [2.4, 3.5, 2.8]],
  ];
  const hour = 3_600_000;
  const start = Math.floor(now.getTime() / hour) * hour;
  return fixtures.map(([league, home, away, hours, [h, d, a]], index) => ({
    match_id: `M${String(index + 1).padStart(4, '0')}`,
    vendor: 'SIM_SPORTS',
    league,
    home_team: home,
    away_team: away,
    kick_off: new Date(start + hours * hour).toISOString(),
    odds: { home: h.toFixed(2), draw: d === null ? null : d.toFixed(2), away: a.toFixed(2) },
  }));
}
