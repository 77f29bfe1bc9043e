import type { RealtimeEvent } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { closeSessionSockets, publish, RealtimeHub } from '../src/platform/realtime.ts';
import { fundMember, newMember } from './factories/wallet.ts';
import { startTestApp, type TestApp } from './harness.ts';

/** A socket and every message it has received; `auth` sends a session token as the first message. */
async function connect(port: number, options: { token?: string; origin?: string; path?: string } = {}) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${options.path ?? '/ws'}`, {
    headers: options.origin ? { origin: options.origin } : {},
  });
  const messages: { type: string; [key: string]: unknown }[] = [];
  let closed: number | null = null;
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  socket.on('close', (code) => {
    closed = code;
  });
  await new Promise<void>((resolve) => {
    socket.once('open', () => resolve());
    socket.once('close', () => resolve());
  });
  if (options.token && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type: 'auth', token: options.token }));
    await expect.poll(() => messages.length >= 2 || closed !== null).toBe(true);
  } else if (socket.readyState === WebSocket.OPEN) {
    await expect.poll(() => messages.length).toBe(1);
  }
  return { socket, messages, closed: () => closed };
}

const portOf = (app: FastifyInstance) => (app.server.address() as { port: number }).port;

describe('real-time audiences', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondHub: RealtimeHub;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // A second server process on the same database: its own sockets, fed by the same NOTIFY channel.
    secondHub = new RealtimeHub(t.db);
    await secondHub.start();
    second = await buildApp({ ...t.deps, realtime: secondHub }, { logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.close();
    await secondHub.stop();
    await t.close();
  });

  it('sends a member event to every socket of that member on every process, and to nobody else', async () => {
    const alice = await t.memberToken();
    const bob = await t.memberToken();
    const operator = await t.operatorToken('operations');
    const aliceHere = await connect(portOf(t.app), { token: alice });
    const aliceThere = await connect(portOf(second), { token: alice });
    const bobThere = await connect(portOf(second), { token: bob });
    const visitor = await connect(portOf(t.app));
    const console = await connect(portOf(second), { token: operator });
    expect(aliceHere.messages).toEqual([
      { type: 'hello', audience: 'visitor' },
      { type: 'hello', audience: 'member' },
    ]);
    const aliceId = (await t.get('/wps/member/info', alice)).body.value.id as number;
    const event: RealtimeEvent = { type: 'member.changed', areas: ['profile'] };
    await t.db.transaction('read committed', (tx) => publish(tx, event, { member: aliceId }));
    await expect.poll(() => aliceHere.messages.at(-1)).toEqual(event);
    await expect.poll(() => aliceThere.messages.at(-1)).toEqual(event);

    await t.db.transaction('read committed', (tx) =>
      publish(tx, { type: 'settings.changed', areas: ['players-only'] }, 'players'),
    );
    await t.db.transaction('read committed', (tx) =>
      publish(tx, { type: 'settings.changed', areas: ['operators-only'] }, 'operators'),
    );
    await expect
      .poll(() => bobThere.messages.at(-1))
      .toEqual({ type: 'settings.changed', areas: ['players-only'] });
    await expect
      .poll(() => visitor.messages.at(-1))
      .toEqual({ type: 'settings.changed', areas: ['players-only'] });
    await expect
      .poll(() => console.messages.at(-1))
      .toEqual({ type: 'settings.changed', areas: ['operators-only'] });
    // Bob, the visitor and the console never saw Alice's event; Alice never saw the operators' one.
    for (const other of [bobThere, visitor, console]) expect(other.messages).not.toContainEqual(event);
    expect(aliceHere.messages).not.toContainEqual({ type: 'settings.changed', areas: ['operators-only'] });
    for (const open of [aliceHere, aliceThere, bobThere, visitor, console]) open.socket.close();
  });

  it("tells a member's pages on every process the balance each posting left, sent by the ledger itself", async () => {
    const dave = await newMember(t);
    const erin = await newMember(t);
    const daveHere = await connect(portOf(t.app), { token: dave.token });
    const daveThere = await connect(portOf(second), { token: dave.token });
    const erinThere = await connect(portOf(second), { token: erin.token });
    await fundMember(t, dave.id, 12_345n);
    await expect.poll(() => daveHere.messages.at(-1)).toEqual({ type: 'wallet.changed', sumBalance: 123.45 });
    await expect
      .poll(() => daveThere.messages.at(-1))
      .toEqual({ type: 'wallet.changed', sumBalance: 123.45 });
    await fundMember(t, dave.id, 5n);
    await expect.poll(() => daveThere.messages.at(-1)).toEqual({ type: 'wallet.changed', sumBalance: 123.5 });
    expect(erinThere.messages.map((message) => message.type)).toEqual(['hello', 'hello']);
    for (const open of [daveHere, daveThere, erinThere]) open.socket.close();
  });

  it("closes a session's sockets on every process when it is revoked, at once", async () => {
    const carol = await t.memberToken();
    const here = await connect(portOf(t.app), { token: carol });
    const there = await connect(portOf(second), { token: carol });
    const logout = await t.send('DELETE', '/wps/session/logout', undefined, carol);
    expect(logout.status).toBe(200);
    await expect.poll(() => here.closed()).toBe(4401);
    await expect.poll(() => there.closed()).toBe(4401);
    // Closing by a hash that no socket has changes nothing for others.
    const dave = await connect(portOf(t.app), { token: await t.memberToken() });
    await t.db.transaction('read committed', (tx) => closeSessionSockets(tx, ['no-such-hash']));
    // NOTIFY keeps commit order on one channel: once a later event reaches dave, the close was handled before it.
    const after: RealtimeEvent = { type: 'settings.changed', areas: ['after-close'] };
    await t.db.transaction('read committed', (tx) => publish(tx, after));
    await expect.poll(() => dave.messages.at(-1)).toEqual(after);
    expect(dave.closed()).toBeNull();
    dave.socket.close();
  });

  it('takes upgrades on /ws alone: one to any other path is answered 404 and its connection closed', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${portOf(t.app)}/wps/system/status`);
    // The client's own error when its handshake is given up (below) is no finding.
    socket.on('error', () => {});
    const answered = await new Promise<number | 'upgraded'>((resolve) => {
      socket.once('unexpected-response', (request, response) => {
        request.destroy();
        resolve(response.statusCode ?? 0);
      });
      socket.once('open', () => resolve('upgraded'));
    });
    expect(answered).toBe(404);
    // The socket route itself still upgrades.
    const own = await connect(portOf(t.app));
    expect(own.messages).toEqual([{ type: 'hello', audience: 'visitor' }]);
    own.socket.close();
  });

  it('never reads a token from the URL, refuses a bad token and a foreign origin', async () => {
    const erin = await t.memberToken();
    const inUrl = await connect(portOf(t.app), { path: `/ws?token=${erin}` });
    // An event for Erin, then one for everyone: the socket gets the second only, so it never became Erin's.
    const erinId = (await t.get('/wps/member/info', erin)).body.value.id as number;
    const forErin: RealtimeEvent = { type: 'member.changed', areas: ['profile'] };
    const forAll: RealtimeEvent = { type: 'settings.changed', areas: ['after-erin'] };
    await t.db.transaction('read committed', async (tx) => {
      await publish(tx, forErin, { member: erinId });
      await publish(tx, forAll);
    });
    await expect.poll(() => inUrl.messages.at(-1)).toEqual(forAll);
    expect(inUrl.messages).toEqual([{ type: 'hello', audience: 'visitor' }, forAll]);
    inUrl.socket.close();
    const bad = await connect(portOf(t.app), { token: 'not-a-session-token' });
    await expect.poll(() => bad.closed()).toBe(4401);
    const foreign = await connect(portOf(t.app), { origin: 'https://evil.example' });
    await expect.poll(() => foreign.closed()).toBe(4403);
    const own = await connect(portOf(t.app), { origin: `http://127.0.0.1:${portOf(t.app)}` });
    expect(own.messages).toEqual([{ type: 'hello', audience: 'visitor' }]);
    own.socket.close();
  });

  it('tells a member who changed the nickname in another tab', async () => {
    const frank = await t.memberToken();
    const tab = await connect(portOf(second), { token: frank });
    const res = await t.send('POST', '/wps/member/info/nickname', { nickname: 'Frankie' }, frank);
    expect(res.status).toBe(200);
    await expect.poll(() => tab.messages.at(-1)).toEqual({ type: 'member.changed', areas: ['profile'] });
    tab.socket.close();
  });
});
