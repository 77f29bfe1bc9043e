type SymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  readonly id: string;
  readonly name: string;
  readonly kind: SymbolKind;
  /**
   * Count of the symbol → pay in coins. Regular and wild symbols: per line (or per way) for that many on
   * adjacent reels from the leftmost; scatters: anywhere in the window, per spin.
   */
  readonly pays: Readonly<Record<number, number>>;
}

/** A reel: its symbols in strip order; the stop is drawn with probability weight / sum(weights). */
export interface Reel {
  readonly symbols: readonly string[];
  readonly weights: readonly number[];
}

export type Layout =
  /** Each line names the row (0 = top) it crosses on each reel. */
  | { readonly type: 'lines'; readonly lines: readonly (readonly number[])[] }
  /** Every combination of one cell per reel on adjacent reels from the leftmost pays: 3^5 = 243 ways. */
  | { readonly type: 'ways' };

export interface FreeSpinsRule {
  /** Scatter count in a base-game window → free spins awarded. */
  readonly award: Readonly<Record<number, number>>;
  /** Scatter count in a free spin's window → free spins added. */
  readonly retrigger: Readonly<Record<number, number>>;
  /** At most this many free spins in one feature, retriggers included. */
  readonly cap: number;
  /** Every free-spin win is multiplied by this. */
  readonly multiplier: number;
  /** Free spins spin these reels. */
  readonly reels: readonly Reel[];
}

export interface BetLimits {
  readonly min: bigint;
  readonly max: bigint;
  readonly step: bigint;
}

export interface SlotGame {
  readonly id: string;
  readonly name: string;
  readonly rows: number;
  readonly symbols: readonly SlotSymbol[];
  readonly layout: Layout;
  /** The bet is this many coins: a coin is bet / betCoins minor units, and pays are in coins. */
  readonly betCoins: number;
  readonly betLimits: BetLimits;
  /** Reels (0-based) on which a landed wild fills the whole reel before wins are counted. */
  readonly expandingWildReels: readonly number[];
  readonly freeSpins: FreeSpinsRule | null;
  /** Base-game strips; an RTP variant gives the stop weights. */
  readonly strips: readonly (readonly string[])[];
}

/** One offered RTP of a game: the base-game reels with their stop weights. */
export interface RtpVariant {
  /** The offered RTP in percent, as a decimal string: '96'. */
  readonly rtp: string;
  readonly reels: readonly Reel[];
}
