import { currencyDigits } from '@tessera/contract';
import { BET_TYPES, type BetTypeCode, type ShapeCode } from '@tessera/lottery';
import type { Queryable } from '../db/database.ts';
import { storeImage } from '../modules/content/service.ts';
import { houseTileSvg } from '../modules/games/house/tiles.ts';
import type { Rng } from '../platform/rng.ts';

/**
 * The lottery's games and odds, seeded on every database (the lottery is the platform's core product): the official
 * Vietnamese draws (Lott: the north daily, the south and central provinces on their weekdays), fast e-lottery (Elott),
 * a 4D game (SEA) and the platform's own draws (ZY). Operators change schedules and odds in the console.
 */

type Names = Record<'EN' | 'VI' | 'CN', string>;

interface SeedGame {
  code: string;
  vendor: 'LOTT' | 'ELOTT';
  prizeMode: 'Lott' | 'Elott' | 'SEA' | 'ZY';
  tag: string;
  shape: ShapeCode;
  source: 'official' | 'rng';
  names: Names;
  remark?: Names;
  interval?: number;
  drawTime?: string;
  /** 1 = Sunday … 7 = Saturday. */
  days?: string;
  lock: number;
  colours: [string, string];
}

const VIETNAM = 'Asia/Ho_Chi_Minh';
const name = (vi: string, en = vi, cn = vi): Names => ({ EN: en, VI: vi, CN: cn });

/** Province draws of the south (16:15) and centre (17:15): [code, Vietnamese name, English name, weekdays]. */
const SOUTH: [string, string, string, string][] = [
  ['MN_HCM', 'TP. Hồ Chí Minh', 'Ho Chi Minh City', '2,7'],
  ['MN_DONG_THAP', 'Đồng Tháp', 'Dong Thap', '2'],
  ['MN_CA_MAU', 'Cà Mau', 'Ca Mau', '2'],
  ['MN_BEN_TRE', 'Bến Tre', 'Ben Tre', '3'],
  ['MN_VUNG_TAU', 'Vũng Tàu', 'Vung Tau', '3'],
  ['MN_BAC_LIEU', 'Bạc Liêu', 'Bac Lieu', '3'],
  ['MN_DONG_NAI', 'Đồng Nai', 'Dong Nai', '4'],
  ['MN_CAN_THO', 'Cần Thơ', 'Can Tho', '4'],
  ['MN_SOC_TRANG', 'Sóc Trăng', 'Soc Trang', '4'],
  ['MN_TAY_NINH', 'Tây Ninh', 'Tay Ninh', '5'],
  ['MN_AN_GIANG', 'An Giang', 'An Giang', '5'],
  ['MN_BINH_THUAN', 'Bình Thuận', 'Binh Thuan', '5'],
  ['MN_VINH_LONG', 'Vĩnh Long', 'Vinh Long', '6'],
  ['MN_BINH_DUONG', 'Bình Dương', 'Binh Duong', '6'],
  ['MN_TRA_VINH', 'Trà Vinh', 'Tra Vinh', '6'],
  ['MN_LONG_AN', 'Long An', 'Long An', '7'],
  ['MN_BINH_PHUOC', 'Bình Phước', 'Binh Phuoc', '7'],
  ['MN_HAU_GIANG', 'Hậu Giang', 'Hau Giang', '7'],
  ['MN_TIEN_GIANG', 'Tiền Giang', 'Tien Giang', '1'],
  ['MN_KIEN_GIANG', 'Kiên Giang', 'Kien Giang', '1'],
  ['MN_DA_LAT', 'Đà Lạt', 'Da Lat', '1'],
];
const CENTRAL: [string, string, string, string][] = [
  ['MT_PHU_YEN', 'Phú Yên', 'Phu Yen', '2'],
  ['MT_HUE', 'Thừa Thiên Huế', 'Hue', '1,2'],
  ['MT_DAK_LAK', 'Đắk Lắk', 'Dak Lak', '3'],
  ['MT_QUANG_NAM', 'Quảng Nam', 'Quang Nam', '3'],
  ['MT_DA_NANG', 'Đà Nẵng', 'Da Nang', '4,7'],
  ['MT_KHANH_HOA', 'Khánh Hòa', 'Khanh Hoa', '1,4'],
  ['MT_BINH_DINH', 'Bình Định', 'Binh Dinh', '5'],
  ['MT_QUANG_TRI', 'Quảng Trị', 'Quang Tri', '5'],
  ['MT_QUANG_BINH', 'Quảng Bình', 'Quang Binh', '5'],
  ['MT_GIA_LAI', 'Gia Lai', 'Gia Lai', '6'],
  ['MT_NINH_THUAN', 'Ninh Thuận', 'Ninh Thuan', '6'],
  ['MT_QUANG_NGAI', 'Quảng Ngãi', 'Quang Ngai', '7'],
  ['MT_DAK_NONG', 'Đắk Nông', 'Dak Nong', '7'],
  ['MT_KON_TUM', 'Kon Tum', 'Kon Tum', '1'],
];

const province =
  (tag: 'MN' | 'MT', drawTime: string, colours: [string, string]) =>
  ([code, vi, en, days]: [string, string, string, string]): SeedGame => ({
    code,
    vendor: 'LOTT',
    prizeMode: 'Lott',
    tag,
    shape: 'south18',
    source: 'official',
    names: name(vi, en),
    interval: undefined,
    drawTime,
    days,
    lock: 900,
    colours,
  });

const LOTTERY_GAMES: SeedGame[] = [
  {
    code: 'XSMB',
    vendor: 'LOTT',
    prizeMode: 'Lott',
    tag: 'MB',
    shape: 'north27',
    source: 'official',
    names: name('Miền Bắc', 'Northern lottery', '越南北部彩'),
    remark: name(
      'Hà Nội, Quảng Ninh, Bắc Ninh, Hải Phòng, Nam Định, Thái Bình theo ngày',
      'Ha Noi, Quang Ninh, Bac Ninh, Hai Phong, Nam Dinh, Thai Binh by weekday',
      '河内、广宁、北宁、海防、南定、太平轮流开奖',
    ),
    drawTime: '18:15',
    days: '1,2,3,4,5,6,7',
    lock: 900,
    colours: ['#b71c1c', '#ffb300'],
  },
  ...SOUTH.map(province('MN', '16:15', ['#00695c', '#ffca28'])),
  ...CENTRAL.map(province('MT', '17:15', ['#1565c0', '#ffca28'])),
  ...(
    [
      ['E_MB1', 60, 'north27', name('Siêu tốc 1 phút', 'Speed 1 minute', '极速1分彩')],
      ['E_MB2', 120, 'north27', name('Siêu tốc 2 phút', 'Speed 2 minutes', '极速2分彩')],
      ['E_MB3', 180, 'north27', name('Siêu tốc 3 phút', 'Speed 3 minutes', '极速3分彩')],
      ['E_MB5', 300, 'north27', name('Siêu tốc 5 phút', 'Speed 5 minutes', '极速5分彩')],
      ['E_MN1', 60, 'south18', name('Siêu tốc Miền Nam 1 phút', 'Speed South 1 minute', '极速南部1分彩')],
    ] as const
  ).map(
    ([code, interval, shape, names]): SeedGame => ({
      code,
      vendor: 'ELOTT',
      prizeMode: 'Elott',
      tag: 'ELOTT',
      shape,
      source: 'rng',
      names,
      interval,
      lock: interval <= 120 ? 5 : 15,
      colours: ['#283593', '#29b6f6'],
    }),
  ),
  {
    code: 'SEA_4D',
    vendor: 'LOTT',
    prizeMode: 'SEA',
    tag: 'SEA',
    shape: 'fourD23',
    source: 'rng',
    names: name('4D Đông Nam Á 5 phút', 'SEA 4D 5 minutes', '东南亚4D 5分彩'),
    remark: name('Lớn / Nhỏ, 23 giải', 'Big / Small, 23 prizes', '大/小，23个奖项'),
    interval: 300,
    lock: 15,
    colours: ['#00897b', '#4dd0e1'],
  },
  {
    code: 'ZY_HN_VIP',
    vendor: 'LOTT',
    prizeMode: 'ZY',
    tag: 'ZY',
    shape: 'north27',
    source: 'rng',
    names: name('Hà Nội VIP', 'Ha Noi VIP', '河内VIP'),
    drawTime: '19:15',
    days: '1,2,3,4,5,6,7',
    lock: 300,
    colours: ['#4a148c', '#ff6f00'],
  },
  {
    code: 'ZY_SG_VIP',
    vendor: 'LOTT',
    prizeMode: 'ZY',
    tag: 'ZY',
    shape: 'south18',
    source: 'rng',
    names: name('Sài Gòn VIP 20 phút', 'Sai Gon VIP 20 minutes', '西贡VIP 20分彩'),
    interval: 1200,
    lock: 30,
    colours: ['#4a148c', '#ec407a'],
  },
];

/**
 * [bet type, price per point, payout per hit] in units of one point (1,000 of a currency without decimals, one
 * major unit otherwise): common market values (lô 2 số 23 for 80, đề 1 for 80, 3 càng 1 for 430 …).
 */
const ODDS: Record<ShapeCode, [BetTypeCode, number, Record<string, number>][]> = {
  north27: [
    ['lo2', 23, { hit: 80 }],
    ['lo3', 23, { hit: 900 }],
    ['de_special', 1, { hit: 80 }],
    ['de_head', 1, { hit: 80 }],
    ['de_tail', 1, { hit: 20 }],
    ['de_first', 1, { hit: 80 }],
    ['three_cang', 1, { hit: 430 }],
    ['xien2', 1, { hit: 12 }],
    ['xien3', 1, { hit: 45 }],
    ['xien4', 1, { hit: 130 }],
    ['truot4', 1, { hit: 2.4 }],
    ['truot8', 1, { hit: 7 }],
    ['truot10', 1, { hit: 12 }],
    ['dau', 1, { hit: 9 }],
    ['duoi', 1, { hit: 9 }],
  ],
  south18: [
    ['lo2', 16, { hit: 80 }],
    ['lo3', 17, { hit: 800 }],
    ['de_special', 1, { hit: 80 }],
    ['de_head', 1, { hit: 80 }],
    ['de_tail', 1, { hit: 80 }],
    ['de_first', 1, { hit: 80 }],
    ['three_cang', 1, { hit: 430 }],
    ['xien2', 1, { hit: 25 }],
    ['xien3', 1, { hit: 150 }],
    ['xien4', 1, { hit: 800 }],
    ['truot4', 1, { hit: 1.7 }],
    ['truot8', 1, { hit: 3.5 }],
    ['truot10', 1, { hit: 5 }],
    ['dau', 1, { hit: 9 }],
    ['duoi', 1, { hit: 9 }],
  ],
  fourD23: [
    ['big', 1, { P1: 2500, P2: 1000, P3: 500, STARTER: 180, CONSOLATION: 60 }],
    ['small', 1, { P1: 3500, P2: 2000, P3: 1000 }],
  ],
};
const MAX_POINTS = 100_000;
/** The most the house may owe on one number of one draw and bet type, in points' units. */
const CAP_UNITS = 200_000;

export async function seedLottery(tx: Queryable, rng: Rng, now: Date) {
  const [merchant] = await tx.query<{ currency: string }>('select currency from merchant limit 1');
  const digits = currencyDigits(merchant?.currency ?? 'VND');
  const unit = digits === 0 ? 1000 : 10 ** digits;
  const minor = (points: number) => BigInt(Math.round(points * unit));
  for (const [shape, rows] of Object.entries(ODDS) as [ShapeCode, (typeof ODDS)[ShapeCode]][]) {
    for (const [betType, price, payouts] of rows) {
      if (!BET_TYPES[betType].shapes.includes(shape)) throw new Error(`${betType} is not a bet of ${shape}`);
      await tx.query(
        `insert into lottery_odds (shape, bet_type, price_per_point, payouts, max_points, cap_per_number, enabled,
           updated_at) values ($1, $2, $3, $4, $5, $6, true, $7) on conflict do nothing`,
        [
          shape,
          betType,
          minor(price),
          JSON.stringify(
            Object.fromEntries(
              Object.entries(payouts).map(([tier, value]) => [tier, minor(value).toString()]),
            ),
          ),
          MAX_POINTS,
          minor(CAP_UNITS),
          now,
        ],
      );
    }
  }
  const vendors = new Map(
    (
      await tx.query<{ id: number; vassalage: string }>(
        "select id, vassalage from game_vendors where vassalage in ('LOTT', 'ELOTT')",
      )
    ).map((row) => [row.vassalage, row.id]),
  );
  for (const [sort, game] of LOTTERY_GAMES.entries()) {
    const vendorId = vendors.get(game.vendor);
    if (vendorId === undefined) continue;
    const icon = await storeImage(
      tx,
      rng,
      Buffer.from(houseTileSvg(game.code.toLowerCase(), game.names.EN, ...game.colours)),
      'image/svg+xml',
      now,
    );
    const [row] = await tx.query<{ id: number }>(
      `insert into games (vendor_id, code, game_id, names, classify, min_bet, sort, demo, icon_image_id, created_at,
         updated_at)
       values ($1, $2, $2, $3, 'LOTTERY', 0, $4, false, $5, $6, $6)
       on conflict (vendor_id, code) do nothing returning id`,
      [vendorId, game.code, JSON.stringify(game.names), sort, icon.imageId, now],
    );
    if (!row) continue;
    await tx.query(
      `insert into lottery_games (game_id, code, prize_mode, menu_tag, shape, source, interval_seconds, draw_time,
         draw_days, time_zone, lock_seconds, missed, remark, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'late', $12, $13)`,
      [
        row.id,
        game.code,
        game.prizeMode,
        game.tag,
        game.shape,
        game.source,
        game.interval ?? null,
        game.drawTime ?? null,
        game.days ?? null,
        VIETNAM,
        game.lock,
        JSON.stringify(game.remark ?? {}),
        now,
      ],
    );
  }
}
