import { currencyDigits, type RealtimeEvent, toMajor } from '@tessera/contract';
import type { Database, Queryable } from '../db/database.ts';

const CHANNEL = 'tessera_events';

/**
 * Who receives an event: one member (all of that member's sockets on every process), all players, operators, or the
 * sockets subscribed to a topic (a chat room's, which a socket joins once the topic's guard let it in).
 */
export type Audience = { member: number } | { topic: string } | 'players' | 'operators' | 'everyone';

/** Who is behind a socket, once it has authenticated (visitor until then). */
export type SocketIdentity =
  | { kind: 'visitor' }
  | { kind: 'member'; memberId: number; tokenHash: string }
  | { kind: 'operator'; operatorId: number; tokenHash: string };

export interface RealtimeSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly readyState: number;
}

/**
 * What travels through NOTIFY: an event for an audience, the end of sessions whose sockets must close (and whose
 * cached callers every process forgets), an address locked by a per-address limit, or tables of public content
 * that changed (sent by the database's own triggers, see migration 0045, so every writer is covered).
 */
type Message =
  | { to: Audience; event: RealtimeEvent }
  | { closeSessions: string[] }
  /** A member's sockets leave a topic (removed from a chat room). */
  | { leave: { member: number; topic: string } }
  | { addressLocked: { key: string; until: string } }
  | { tablesChanged: string }
  /** A member's row changed (the members table's trigger, migration 0055). */
  | { memberChanged: number }
  /** A member's favourite games changed (the game_favourites table's trigger, migration 0061). */
  | { favouritesChanged: number }
  /**
   * A member's spendable balance after a posting, in minor units of the merchant's currency, sent by the ledger's
   * own function (`ledger_post`, migration 0055): told to the member's pages as the wallet.changed event.
   */
  | { balance: { member: number; minor: string; currency: string } }
  /** TEST_CLOCK: the offset every process's clock follows after a move (`platform/test-clock.ts`). */
  | { clockMoved: number };

/** What changed of a member: the member's row, the member's balance, or the member's favourite games. */
export type MemberChange = 'member' | 'balance' | 'favourites';

/** Close code of a socket whose session ended (revoked, logged out, expired). */
export const SESSION_ENDED = 4401;
/** Close code of every socket when its process shuts down (RFC 6455's service restart): the client reconnects. */
export const SERVICE_RESTART = 1012;

/**
 * Publishes an event inside the caller's transaction: NOTIFY leaves only on commit, and every server process
 * on the database delivers it to its own sockets.
 */
export async function publish(db: Queryable, event: RealtimeEvent, to: Audience = 'everyone'): Promise<void> {
  await notify(db, { to, event });
}

/** Closes, on every process, the sockets opened with these sessions (their tokens' hashes). */
export async function closeSessionSockets(db: Queryable, tokenHashes: readonly string[]): Promise<void> {
  if (tokenHashes.length > 0) await notify(db, { closeSessions: [...tokenHashes] });
}

/** Tells every process that a per-address limit locked the key until the given time. */
export async function reportLockedAddress(db: Queryable, key: string, until: Date): Promise<void> {
  await notify(db, { addressLocked: { key, until: until.toISOString() } });
}

/** Takes the member's sockets, on every process, out of a topic (a member removed from a chat room). */
export async function leaveTopic(db: Queryable, memberId: number, topic: string): Promise<void> {
  await notify(db, { leave: { member: memberId, topic } });
}

/** TEST_CLOCK: tells every process, on commit, the shared clock's new offset. */
export async function announceClockMove(db: Queryable, offsetMs: number): Promise<void> {
  await notify(db, { clockMoved: offsetMs });
}

/**
 * Whether a socket may subscribe to a topic: an area registers one for its prefix (the chat's `chat:`); a topic with
 * no guard is refused.
 */
export type TopicGuard = (identity: SocketIdentity, topic: string) => Promise<boolean>;

async function notify(db: Queryable, message: Message): Promise<void> {
  await db.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]);
}

function receives(identity: SocketIdentity, to: Audience): boolean {
  if (to === 'everyone') return true;
  if (to === 'operators') return identity.kind === 'operator';
  if (to === 'players') return identity.kind !== 'operator';
  if ('topic' in to) return false;
  return identity.kind === 'member' && identity.memberId === to.member;
}

/** This process's sockets, and the listener that delivers what any process published. */
export class RealtimeHub {
  private readonly sockets = new Map<RealtimeSocket, SocketIdentity>();
  private unlisten: (() => Promise<void>) | null = null;
  private readonly sessionsClosed = new Set<(tokenHashes: readonly string[]) => void>();
  private readonly addressesLocked = new Set<(key: string, until: Date) => void>();
  private readonly tablesChanged = new Set<(table: string) => void>();
  private readonly membersChanged = new Set<(memberId: number, change: MemberChange) => void>();
  private readonly clockMoves = new Set<(offsetMs: number) => void>();
  private readonly subscribers = new Map<string, Set<RealtimeSocket>>();
  private readonly guards = new Map<string, TopicGuard>();

  constructor(private readonly db: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(CHANNEL, (payload) => this.deliver(payload));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** Adds a socket as a visitor; `identify` changes who it is after it authenticates. */
  add(socket: RealtimeSocket): () => void {
    this.sockets.set(socket, { kind: 'visitor' });
    return () => {
      this.sockets.delete(socket);
      for (const [topic, sockets] of this.subscribers) this.drop(sockets, socket, topic);
    };
  }

  /** Lets sockets subscribe to the topics that start with `prefix` when `guard` says so. */
  guardTopics(prefix: string, guard: TopicGuard): void {
    this.guards.set(prefix, guard);
  }

  /** Subscribes the socket to a topic if its guard lets this socket's caller in; false when refused. */
  async subscribe(socket: RealtimeSocket, topic: string): Promise<boolean> {
    const identity = this.sockets.get(socket);
    const prefix = topic.slice(0, topic.indexOf(':') + 1);
    const guard = this.guards.get(prefix);
    if (!identity || !guard || !(await guard(identity, topic))) return false;
    if (!this.sockets.has(socket)) return false;
    let sockets = this.subscribers.get(topic);
    if (!sockets) {
      sockets = new Set();
      this.subscribers.set(topic, sockets);
    }
    sockets.add(socket);
    return true;
  }

  unsubscribe(socket: RealtimeSocket, topic: string): void {
    const sockets = this.subscribers.get(topic);
    if (sockets) this.drop(sockets, socket, topic);
  }

  private drop(sockets: Set<RealtimeSocket>, socket: RealtimeSocket, topic: string) {
    if (sockets.delete(socket) && sockets.size === 0) this.subscribers.delete(topic);
  }

  identify(socket: RealtimeSocket, identity: SocketIdentity): void {
    if (this.sockets.has(socket)) this.sockets.set(socket, identity);
  }

  /** Calls `listener` with the sessions any process ended (revoked, logged out). */
  onSessionsClosed(listener: (tokenHashes: readonly string[]) => void): void {
    this.sessionsClosed.add(listener);
  }

  /** Calls `listener` with each address any process locked for a per-address limit. */
  onAddressLocked(listener: (key: string, until: Date) => void): void {
    this.addressesLocked.add(listener);
  }

  /** Calls `listener` with each table of public content that any writer changed. */
  onTablesChanged(listener: (table: string) => void): void {
    this.tablesChanged.add(listener);
  }

  /**
   * Calls `listener` with each member whose row, balance or favourites any writer changed (before that member's pages are told
   * of a new balance, so that what they fetch then is read again).
   */
  onMemberChanged(listener: (memberId: number, change: MemberChange) => void): void {
    this.membersChanged.add(listener);
  }

  /** Calls `listener` with the test clock's offset whenever any process moves it (TEST_CLOCK). */
  onClockMoved(listener: (offsetMs: number) => void): void {
    this.clockMoves.add(listener);
  }

  get connections(): number {
    return this.sockets.size;
  }

  private deliver(payload: string): void {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    if ('addressLocked' in message) {
      const until = new Date(message.addressLocked.until);
      for (const listener of this.addressesLocked) listener(message.addressLocked.key, until);
      return;
    }
    if ('clockMoved' in message) {
      for (const listener of this.clockMoves) listener(message.clockMoved);
      return;
    }
    if ('tablesChanged' in message) {
      for (const listener of this.tablesChanged) listener(message.tablesChanged);
      return;
    }
    if ('closeSessions' in message) {
      for (const listener of this.sessionsClosed) listener(message.closeSessions);
      const ended = new Set(message.closeSessions);
      for (const [socket, identity] of this.sockets) {
        if (identity.kind !== 'visitor' && ended.has(identity.tokenHash)) {
          this.sockets.delete(socket);
          socket.close(SESSION_ENDED, 'session ended');
        }
      }
      return;
    }
    if ('leave' in message) {
      const { member, topic } = message.leave;
      const sockets = this.subscribers.get(topic);
      for (const socket of sockets ?? []) {
        const identity = this.sockets.get(socket);
        if (identity?.kind === 'member' && identity.memberId === member)
          this.drop(sockets as Set<RealtimeSocket>, socket, topic);
      }
      return;
    }
    if ('memberChanged' in message) {
      for (const listener of this.membersChanged) listener(message.memberChanged, 'member');
      return;
    }
    if ('favouritesChanged' in message) {
      for (const listener of this.membersChanged) listener(message.favouritesChanged, 'favourites');
      return;
    }
    if ('balance' in message) {
      const { member, minor, currency } = message.balance;
      for (const listener of this.membersChanged) listener(member, 'balance');
      const sumBalance = toMajor(BigInt(minor), currencyDigits(currency ?? ''));
      this.send({ type: 'wallet.changed', sumBalance }, { member });
      return;
    }
    const { to, event } = message;
    if (event.type === 'wallet.changed' && typeof to === 'object' && 'member' in to) {
      for (const listener of this.membersChanged) listener(to.member, 'balance');
    }
    this.send(event, to);
  }

  private send(event: RealtimeEvent, to: Audience) {
    const data = JSON.stringify(event);
    if (typeof to === 'object' && 'topic' in to) {
      for (const socket of this.subscribers.get(to.topic) ?? [])
        if (socket.readyState === 1) socket.send(data);
      return;
    }
    for (const [socket, identity] of this.sockets) {
      if (socket.readyState === 1 && receives(identity, to)) socket.send(data);
    }
  }
}
