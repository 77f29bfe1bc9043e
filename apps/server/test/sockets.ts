import type { RealtimeEvent } from '@tessera/contract';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from './harness.ts';

/**
 * A member's /ws socket on a test app that listens, signed in with the session token, and every event it has
 * received since (the first is hello).
 */
export function memberSocket(t: TestApp, token: string) {
  return signedInSocket(t, token, 'member');
}

/** An operator's /ws socket (the console open) on a test app that listens, and the events it received since. */
export function operatorSocket(t: Pick<TestApp, 'app'>, token: string) {
  return signedInSocket(t, token, 'operator');
}

async function signedInSocket(t: Pick<TestApp, 'app'>, token: string, audience: 'member' | 'operator') {
  const { port } = t.app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const messages: RealtimeEvent[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve) => socket.once('open', () => resolve()));
  socket.send(JSON.stringify({ type: 'auth', token }));
  // The greeting, whatever the server sends right after it (an operator's console may take waiting conversations).
  await expect
    .poll(() => messages.filter((message) => message.type === 'hello').at(-1))
    .toEqual({ type: 'hello', audience });
  return { socket, messages };
}
