import type { RealtimeEvent } from '@tessera/contract';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from './harness.ts';

/**
 * A member's /ws socket on a test app that listens, signed in with the session token, and every event it has
 * received since (the first is hello).
 */
export async function memberSocket(t: TestApp, token: string) {
  const { port } = t.app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const messages: RealtimeEvent[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve) => socket.once('open', () => resolve()));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await expect.poll(() => messages.at(-1)).toEqual({ type: 'hello', audience: 'member' });
  return { socket, messages };
}
