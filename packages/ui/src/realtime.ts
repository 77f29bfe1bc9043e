import type { RealtimeEvent } from '@tessera/contract';

/** The /ws connection both front ends keep open (the site for its member, the console for its operator). */

const MIN_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/** Exponential backoff with jitter: about 1 s, 2 s, 4 s … up to 30 s. */
function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The /ws address on this host. The session token never goes in it: it is sent as the first message. */
export function realtimeUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${protocol}://${window.location.host}/ws`;
}

/** Close code the server uses when the socket's session has ended (revoked, logged out, expired). */
const SESSION_ENDED = 4401;

/** Every type of the contract's events: one missing here fails the type check (its events would be dropped). */
const KNOWN_TYPES: Record<RealtimeEvent['type'], true> = {
  'settings.changed': true,
  'member.changed': true,
  'wallet.changed': true,
  'inbox.changed': true,
  'rewards.changed': true,
  'rain.round': true,
  'responsible.changed': true,
  'console.changed': true,
  'responsible.reality_check': true,
  'support.changed': true,
  'support.typing': true,
  'chat.message': true,
  'chat.hidden': true,
  'chat.room': true,
  'chat.restricted': true,
  'chat.live_unread': true,
  'sportsbook.event': true,
  'sportsbook.prices': true,
  refused: true,
  hello: true,
};
const EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(KNOWN_TYPES));

/**
 * A light check of the contract's realtimeEvent shape: the schema itself would bring the whole validation
 * library into the first download for one field.
 */
function isRealtimeEvent(data: unknown): data is RealtimeEvent {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { type?: unknown }).type === 'string' &&
    EVENT_TYPES.has((data as { type: string }).type)
  );
}

interface RealtimeOptions {
  url: string;
  /** Read on every (re)connection, so a new token is picked up; sent as `{ type: 'auth', token }`. */
  token: () => string | null;
  onEvent: (event: RealtimeEvent) => void;
  /** The server closed the socket because its session ended: no reconnection with that token. */
  onSessionEnded: () => void;
  /** Topics to join once the socket is signed in (a chat room's), read on every (re)connection. */
  topics?: () => readonly string[];
  /**
   * Called when a connection opens: `first` for the first one (what the page loaded before it opened may predate a
   * change it was not yet there to hear), otherwise after a drop or a failed attempt (events may have been missed).
   */
  onOpen: (first: boolean) => void;
}

/** Keeps a WebSocket to the server open, reconnecting with backoff; returns the function that stops it. */
export function connectRealtime({
  url,
  token,
  onEvent,
  onSessionEnded,
  onOpen,
  topics,
}: RealtimeOptions): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let opened = false;
  let timer: number | undefined;
  let stopped = false;

  const open = () => {
    timer = undefined;
    const current = new WebSocket(url);
    socket = current;
    current.onopen = () => {
      const sessionToken = token();
      if (sessionToken) current.send(JSON.stringify({ type: 'auth', token: sessionToken }));
      attempt = 0;
      onOpen(!opened);
      opened = true;
    };
    current.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      if (!isRealtimeEvent(data)) return;
      if (data.type === 'hello' && data.audience !== 'visitor') {
        for (const topic of topics?.() ?? []) current.send(JSON.stringify({ type: 'subscribe', topic }));
      }
      onEvent(data);
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      if (stopped) return;
      if (event.code === SESSION_ENDED) onSessionEnded();
      timer = window.setTimeout(open, reconnectDelay(attempt));
      attempt += 1;
    };
  };

  open();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    const current = socket;
    socket = null;
    current?.close();
  };
}
