/** The source of time; tests inject a fixed or advancing clock. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock that can be moved forward by hand (TEST_CLOCK's, and the tests'). */
export interface MovableClock extends Clock {
  advance(ms: number): void;
  /**
   * Moves the clock to `ms` past where it started (the offset every process shares, `platform/test-clock.ts`), or
   * leaves it where it is when it is already that far: a clock never goes back.
   */
  offsetTo(ms: number): void;
}

export function isMovable(clock: Clock): clock is MovableClock {
  return typeof (clock as Partial<MovableClock>).advance === 'function';
}

/**
 * TEST_CLOCK's clock, as payment providers' sandbox "test clocks": real time plus an offset that only grows, so the
 * server's time never goes back, even if the machine's does. Every process of a database follows the one offset the
 * console moves (`platform/test-clock.ts`).
 */
export class OffsetClock implements MovableClock {
  private offsetMs = 0;
  private last = 0;

  now(): Date {
    this.last = Math.max(this.last, Date.now() + this.offsetMs);
    return new Date(this.last);
  }

  advance(ms: number): void {
    if (!(ms > 0)) throw new RangeError('a test clock only moves forward');
    this.offsetMs += ms;
  }

  offsetTo(ms: number): void {
    this.offsetMs = Math.max(this.offsetMs, ms);
  }
}
