/**
 * How long a process holds an entry read for one session or one member: between half and all of `maxAgeMs`, spread
 * by the entry's key (FNV-1a), the same for a key each time. A thousand members whose entries were read in the same
 * second (the first calls after a restart, a burst of page loads) then have them end over half the hold, instead of
 * all in one instant that sent their reads to the database at once, with every call behind them waiting.
 */
export function spreadHold(maxAgeMs: number, key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return maxAgeMs * (0.5 + (hash >>> 0) / 2 ** 33);
}
