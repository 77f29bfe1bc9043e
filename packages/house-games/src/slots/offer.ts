import { type Rational, rational } from '../rational.ts';

/** The RTPs, in percent, every slot is offered at; each has its own reel weights. */
export const OFFERED_RTPS = ['90', '92', '94', '96', '98'] as const;
export type OfferedRtp = (typeof OFFERED_RTPS)[number];
export const DEFAULT_RTP: OfferedRtp = '96';

/**
 * The exact RTP of a variant differs from the offered one by at most this (a fraction of the bet):
 * 1e-8 = 0.000001 percentage points, i.e. 96.000000% to eight significant digits.
 */
export const RTP_TOLERANCE: Rational = rational(1n, 100_000_000n);

/** The reel (0-based) whose stop weights set a variant's RTP; the other base-game reels are uniform. */
export const TUNED_REEL = 0;
/** Sum of the tuned reel's stop weights. */
export const TUNED_REEL_TOTAL = 100_000;
