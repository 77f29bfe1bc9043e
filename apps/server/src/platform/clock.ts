/** The source of time; tests inject a fixed or advancing clock. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
