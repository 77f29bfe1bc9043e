/** What a paytable screen shows, and what is published so that a round can be verified. */
import { PROCEDURE, type Published, publish } from '../published.ts';
import { mul, type Rational, rational, toDecimal } from '../rational.ts';
import { RTP_TOLERANCE } from './offer.ts';
import { checkBet } from './spin.ts';
import { theoreticalRtp } from './theory.ts';
import type { BetLimits, FreeSpinsRule, Layout, RtpVariant, SlotGame, SlotSymbol } from './types.ts';

const exactRtps = new WeakMap<RtpVariant, Rational>();

/** theoreticalRtp, computed once per variant object. */
function variantRtp(game: SlotGame, variant: RtpVariant): Rational {
  let rtp = exactRtps.get(variant);
  if (!rtp) {
    rtp = theoreticalRtp(game, variant);
    exactRtps.set(variant, rtp);
  }
  return rtp;
}

interface PaytableEntry {
  readonly count: number;
  readonly coins: number;
  /** In minor units at the paytable's bet. */
  readonly amount: bigint;
}

export interface Paytable {
  readonly game: string;
  readonly name: string;
  /** Offered RTP in percent, e.g. '96'. */
  readonly rtp: string;
  /** The exact RTP in percent, to six decimals (truncated). */
  readonly rtpExact: string;
  readonly bet: bigint;
  readonly coinValue: bigint;
  readonly betCoins: number;
  readonly betLimits: BetLimits;
  readonly symbols: readonly {
    readonly id: string;
    readonly name: string;
    readonly kind: SlotSymbol['kind'];
    readonly pays: readonly PaytableEntry[];
  }[];
  /** Lines as rows per reel, or the number of ways. */
  readonly lines: readonly (readonly number[])[] | null;
  readonly ways: number | null;
  readonly expandingWildReels: readonly number[];
  readonly freeSpins: Omit<FreeSpinsRule, 'reels'> | null;
}

/** Pays in coins and, at `bet` (default the minimum), in minor units; a scatter's pay is per spin. */
export function paytable(game: SlotGame, variant: RtpVariant, bet: bigint = game.betLimits.min): Paytable {
  checkBet(game, bet);
  const coinValue = bet / BigInt(game.betCoins);
  const layout: Layout = game.layout;
  return {
    game: game.id,
    name: game.name,
    rtp: variant.rtp,
    rtpExact: toDecimal(mul(variantRtp(game, variant), rational(100n)), 6),
    bet,
    coinValue,
    betCoins: game.betCoins,
    betLimits: game.betLimits,
    symbols: game.symbols.map((symbol) => ({
      id: symbol.id,
      name: symbol.name,
      kind: symbol.kind,
      pays: Object.entries(symbol.pays)
        .map(([count, coins]) => ({ count: Number(count), coins, amount: BigInt(coins) * coinValue }))
        .sort((a, b) => a.count - b.count),
    })),
    lines: layout.type === 'lines' ? layout.lines : null,
    ways: layout.type === 'ways' ? game.rows ** game.strips.length : null,
    expandingWildReels: game.expandingWildReels,
    freeSpins: game.freeSpins
      ? {
          award: game.freeSpins.award,
          retrigger: game.freeSpins.retrigger,
          cap: game.freeSpins.cap,
          multiplier: game.freeSpins.multiplier,
        }
      : null,
  };
}

export interface SlotConfig
  extends Pick<
      SlotGame,
      'rows' | 'symbols' | 'layout' | 'betCoins' | 'betLimits' | 'expandingWildReels' | 'freeSpins'
    >,
    Pick<RtpVariant, 'rtp' | 'reels'> {
  readonly procedure: string;
  readonly game: string;
  /** The exact RTP as 'numerator/denominator' of a fraction of the bet. */
  readonly theoreticalRtp: string;
  readonly rtpTolerance: string;
}

/** Everything that decides a spin's outcome and pay, with its fingerprint. */
export function publishedConfig(game: SlotGame, variant: RtpVariant): Published<SlotConfig> {
  const rtp = variantRtp(game, variant);
  return publish({
    procedure: PROCEDURE,
    game: game.id,
    rtp: variant.rtp,
    theoreticalRtp: `${rtp.num}/${rtp.den}`,
    rtpTolerance: `${RTP_TOLERANCE.num}/${RTP_TOLERANCE.den}`,
    rows: game.rows,
    symbols: game.symbols,
    layout: game.layout,
    betCoins: game.betCoins,
    betLimits: game.betLimits,
    expandingWildReels: game.expandingWildReels,
    freeSpins: game.freeSpins,
    reels: variant.reels,
  });
}
