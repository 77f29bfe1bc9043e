import type { Config } from '../config.ts';
import type { SiteCaller } from './access.ts';
import { spreadHold } from './hold-spread.ts';
import type { RealtimeHub } from './realtime.ts';

type SignedIn = Exclude<SiteCaller, { kind: 'visitor' }>;

interface Held {
  caller: SignedIn;
  /** When it was read (ms, the app's clock). */
  at: number;
  /** How long it is held from then (ms): up to `maxAgeMs`, spread by token (platform/hold-spread.ts). */
  holdMs: number;
  lastSeenAt: number;
  expiresAt: number;
}

/** The idle window's last-seen time is written at most once a minute: past that, the session is read again. */
const LAST_SEEN_STEP_MS = 60_000;

/**
 * The caller behind a session token, held by the process for a few seconds (at most `maxAgeMs`, spread by token)
 * so that a signed-in call does not read the session and its member or operator every time. A session that ends
 * (logout, lock, password change, revocation by an operator) is dropped on every process as soon as its NOTIFY
 * arrives (the one that closes its sockets); a change to operators or to the site's settings drops the operators
 * held. `maxAgeMs` 0 holds nothing.
 */
export class CallerCache {
  private readonly held = new Map<string, Held>();
  private lastSweep = 0;

  constructor(
    realtime: RealtimeHub,
    private readonly maxAgeMs: number,
  ) {
    realtime.onSessionsClosed((tokenHashes) => {
      for (const tokenHash of tokenHashes) this.held.delete(tokenHash);
    });
    // An operator's role, password, second factor or the console's security settings: operators are read again.
    realtime.onTablesChanged((table) => {
      if (table !== 'operators' && table !== 'site_settings') return;
      for (const [tokenHash, held] of this.held)
        if (held.caller.kind === 'operator') this.held.delete(tokenHash);
    });
  }

  /** The held caller of the token's hash, while it is fresh and its session still live at `now`. */
  get(
    tokenHash: string,
    config: Pick<Config, 'memberSession' | 'operatorSession'>,
    now: Date,
  ): SignedIn | null {
    const held = this.held.get(tokenHash);
    if (!held) return null;
    const at = now.getTime();
    const policy = held.caller.kind === 'member' ? config.memberSession : config.operatorSession;
    const fresh =
      at >= held.at &&
      at - held.at < held.holdMs &&
      at < held.expiresAt &&
      at - held.lastSeenAt < Math.min(LAST_SEEN_STEP_MS, policy.idleMinutes * 60_000);
    if (fresh) return held.caller;
    this.held.delete(tokenHash);
    return null;
  }

  set(tokenHash: string, caller: SignedIn, session: { lastSeenAt: Date; expiresAt: Date }, now: Date): void {
    if (this.maxAgeMs <= 0) return;
    const at = now.getTime();
    this.sweep(at);
    this.held.set(tokenHash, {
      caller,
      at,
      holdMs: spreadHold(this.maxAgeMs, tokenHash),
      lastSeenAt: session.lastSeenAt.getTime(),
      expiresAt: session.expiresAt.getTime(),
    });
  }

  /**
   * Forgets one session's caller at once on this process, after a change this process made to it (an operator's
   * setup finished): its next call must not wait for the NOTIFY that drops it everywhere.
   */
  forget(tokenHash: string): void {
    this.held.delete(tokenHash);
  }

  /** Forgets, at most once per `maxAgeMs`, what is no longer fresh. */
  private sweep(at: number) {
    if (at - this.lastSweep < this.maxAgeMs) return;
    this.lastSweep = at;
    for (const [tokenHash, held] of this.held) {
      if (at - held.at >= held.holdMs || at < held.at) this.held.delete(tokenHash);
    }
  }
}
