import { spreadHold } from './hold-spread.ts';
import type { MemberChange, RealtimeHub } from './realtime.ts';

interface Entry {
  value: Promise<unknown>;
  /** When it was read (ms, the app's clock). */
  at: number;
  /** How long it is held from then (ms): up to `maxAgeMs`, spread by member (platform/hold-spread.ts). */
  holdMs: number;
}

/**
 * What a member's own reads answer (the member's row, the member's balances, the member's favourite games), held
 * by the process for a few seconds (at most SESSION_CACHE_SECONDS, as the caller behind the token, spread by
 * member) so that a page's polling does not read them every time. Dropped on every process as soon as the change
 * is told over NOTIFY, whoever wrote it: the members table's trigger for the row, the ledger's own function for a
 * balance (migration 0055), the game_favourites table's trigger for the favourites (migration 0061); the hub drops
 * the balance before it tells the member's pages, so what they fetch then is read again. `maxAgeMs` 0 holds
 * nothing.
 */
export class MemberCache {
  /**
   * Entries are held from the start of their read (a drop meanwhile removes the read too), by member and change,
   * then by part: a change drops every part at once.
   */
  private readonly entries = new Map<string, Map<string, Entry>>();
  private lastSweep = 0;

  constructor(
    realtime: RealtimeHub,
    private readonly maxAgeMs: number,
  ) {
    realtime.onMemberChanged((memberId, change) => this.drop(memberId, change));
  }

  /** Forgets what is held of a member's row, balance or favourites. */
  drop(memberId: number, change: MemberChange): void {
    this.entries.delete(`${change} ${memberId}`);
  }

  /**
   * The held value of the member's row, balance or favourites (or of `part`, a read of its own that the same
   * change makes stale: the row's status and type), or the one `load` reads (held for the next calls).
   */
  get<T>(memberId: number, what: MemberChange, now: Date, load: () => Promise<T>, part = ''): Promise<T> {
    const at = now.getTime();
    const key = `${what} ${memberId}`;
    const held = this.entries.get(key)?.get(part);
    if (held && at - held.at < held.holdMs && at >= held.at) return held.value as Promise<T>;
    if (this.maxAgeMs <= 0) return load();
    this.sweep(at);
    const value = load();
    const entry = { value, at, holdMs: spreadHold(this.maxAgeMs, key) };
    const parts = this.entries.get(key) ?? new Map<string, Entry>();
    this.entries.set(key, parts);
    parts.set(part, entry);
    value.catch(() => {
      const parts = this.entries.get(key);
      if (parts?.get(part) === entry) parts.delete(part);
    });
    return value;
  }

  /** Forgets, at most once per `maxAgeMs`, what is no longer fresh. */
  private sweep(at: number) {
    if (at - this.lastSweep < this.maxAgeMs) return;
    this.lastSweep = at;
    for (const [key, parts] of this.entries) {
      for (const [part, held] of parts) {
        if (at - held.at >= held.holdMs || at < held.at) parts.delete(part);
      }
      if (parts.size === 0) this.entries.delete(key);
    }
  }
}
