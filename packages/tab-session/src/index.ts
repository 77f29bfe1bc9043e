/**
 * Shares a session between the tabs of one site. The token stays in each tab's sessionStorage (never in
 * localStorage or a cookie); a tab opened without one asks the others over a BroadcastChannel, which only pages
 * of the same origin can hear, and takes the first answer. A sign-in in one tab reaches the tabs without a
 * session, and the end of a session ends it in every tab that holds the same token.
 */

type Message<V> = { kind: 'ask' } | { kind: 'share'; values: V } | { kind: 'end'; token: string };

export interface TabSessionOptions<V> {
  /** The channel's name: one per site, so the player site and the console never mix. */
  channel: string;
  /** The values this tab holds, or null without a session. */
  current: () => V | null;
  tokenOf: (values: V) => string;
  /** Starts the session another tab shared; must not announce it again. */
  adopt: (values: V) => void;
  /** Ends this tab's session because another tab ended it; must not announce it again. */
  end: () => void;
}

export interface TabSession<V> {
  /** Tells the other tabs of a new session (after a sign-in in this tab). */
  announce: (values: V) => void;
  /** Tells the other tabs that this token's session has ended. */
  ended: (token: string) => void;
  close: () => void;
}

export function shareSessionAcrossTabs<V>(options: TabSessionOptions<V>): TabSession<V> {
  if (typeof BroadcastChannel === 'undefined') {
    return { announce: () => {}, ended: () => {}, close: () => {} };
  }
  const channel = new BroadcastChannel(options.channel);
  const post = (message: Message<V>) => channel.postMessage(message);
  channel.onmessage = (event: MessageEvent<Message<V>>) => {
    const message = event.data;
    const mine = options.current();
    if (message.kind === 'ask') {
      if (mine) post({ kind: 'share', values: mine });
    } else if (message.kind === 'share') {
      if (!mine) options.adopt(message.values);
    } else if (message.kind === 'end') {
      if (mine && options.tokenOf(mine) === message.token) options.end();
    }
  };
  if (!options.current()) post({ kind: 'ask' });
  return {
    announce: (values) => post({ kind: 'share', values }),
    ended: (token) => post({ kind: 'end', token }),
    close: () => channel.close(),
  };
}
