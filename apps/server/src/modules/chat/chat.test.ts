import { createHmac } from 'node:crypto';
import {
  chatEndpoints as api,
  chatConsoleEndpoints as bo,
  chatTopic,
  type RealtimeEvent,
} from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startChatwootSandbox } from '../../../../../sandbox/chatwoot/server.ts';
import { type CallerTokens, consoleChecks, openCallerTokens } from '../../../test/console-checks.ts';
import { newGame, playedRound } from '../../../test/factories/games.ts';
import { fundMember, newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { RealtimeHub } from '../../platform/realtime.ts';
import { postBigWins } from './rooms.ts';

/** A member's socket on a listening app, signed in and subscribed to a room's topic, with every event it received. */
async function roomSocket(app: FastifyInstance, token: string, roomId: number) {
  const { port } = app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const messages: RealtimeEvent[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve) => socket.once('open', () => resolve()));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await expect
    .poll(() => messages.some((event) => event.type === 'hello' && event.audience === 'member'))
    .toBe(true);
  socket.send(JSON.stringify({ type: 'subscribe', topic: chatTopic(roomId) }));
  return { socket, messages };
}

const path = (template: string, values: Record<string, number | string>) =>
  template.replace(/:(\w+)/g, (_, name: string) => String(values[name]));

describe('chat room', () => {
  let t: TestApp;
  let tokens: CallerTokens;
  let second: FastifyInstance;
  let secondHub: RealtimeHub;
  const checks = consoleChecks(
    () => t,
    () => tokens,
  );

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    tokens = await openCallerTokens(t);
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

  const newRoom = async (body: Record<string, unknown> = {}) => {
    const answer = await t.send('POST', bo.createRoom.path, { name: 'Lobby', ...body }, tokens.support);
    expect(answer.status).toBe(200);
    return answer.body.value.id as number;
  };
  const send = (token: string, roomId: number, body: Record<string, unknown>) =>
    t.send('POST', path(api.send.path, { id: roomId }), body, token);
  const say = (token: string, roomId: number, text: string) => send(token, roomId, { kind: 'text', text });
  const restrict = (token: string, roomId: number, body: Record<string, unknown>, console = true) =>
    t.send('POST', path(console ? bo.restrict.path : api.restrict.path, { id: roomId }), body, token);
  const saveSettings = (body: Record<string, unknown>) =>
    t.send('PUT', bo.saveSettings.path, body, tokens.operations);

  it('creates rooms in the console (audited), lists the open ones to visitors, and refuses other callers', async () => {
    const roomId = await newRoom({ name: 'Lounge', description: 'Say hi', notice: 'Be nice' });
    await checks.expectAudited(tokens.support, 'chat_room', {
      action: 'create',
      entityId: roomId,
      before: null,
      after: expect.objectContaining({ id: roomId, name: 'Lounge', notice: 'Be nice', enabled: true }),
    });
    const closed = await newRoom({ name: 'Closed', enabled: false });
    const listed = await t.get(api.modelList.path);
    expect(listed.status).toBe(200);
    const ids = listed.body.value.list.map((room: { roomId: number }) => room.roomId);
    expect(ids).toContain(roomId);
    expect(ids).not.toContain(closed);
    expect(listed.body.value.list.find((room: { roomId: number }) => room.roomId === roomId)).toEqual({
      roomId,
      name: 'Lounge',
      description: 'Say hi',
      notice: 'Be nice',
      slowModeSeconds: 0,
    });

    const blank = await t.send('POST', bo.createRoom.path, { name: ' ' }, tokens.support);
    checks.expectFailure(blank, 400, 'validation_failed', { name: expect.any(String) });
    await checks.expectRefusals(
      [
        { method: 'GET', url: bo.rooms.path },
        { method: 'POST', url: bo.createRoom.path, body: { name: 'X' } },
        { method: 'PUT', url: path(bo.updateRoom.path, { id: roomId }), body: { name: 'X' } },
        {
          method: 'POST',
          url: path(bo.restrict.path, { id: roomId }),
          body: { memberId: 1, action: 'mute' },
        },
      ],
      ['finance'],
    );
    await checks.expectRefusals(
      [
        { method: 'GET', url: bo.settings.path },
        { method: 'PUT', url: bo.saveSettings.path, body: {} },
      ],
      ['finance', 'support'],
    );
  });

  it('holds the entry rules: VIP level, a deposit within N days and a label', async () => {
    const vipRoom = await newRoom({ name: 'VIP', minClubRank: 3 });
    const depositRoom = await newRoom({ name: 'Depositors', depositWithinDays: 7 });
    const member = await newMember(t);
    const permissions = await t.get(api.groupPermission.path, member.token);
    expect(permissions.status).toBe(200);
    const of = (roomId: number) =>
      permissions.body.value.list.find((row: { roomId: number }) => row.roomId === roomId);
    expect(of(vipRoom)).toEqual({ roomId: vipRoom, allowed: false, reason: 'vip', moderator: false });
    expect(of(depositRoom)).toMatchObject({ allowed: false, reason: 'deposit' });
    const refused = await say(member.token, vipRoom, 'hello');
    checks.expectFailure(refused, 403, 'chat_room_closed');
    const history = await t.get(path(api.messages.path, { id: depositRoom }), member.token);
    checks.expectFailure(history, 403, 'chat_room_closed');

    await fundMember(t, member.id, 10_000n);
    expect((await say(member.token, depositRoom, 'I deposited')).status).toBe(200);
    // The deposit 8 days old: out of the 7 days the room asks for.
    await t.db.query(
      `update ledger_transactions set created_at = created_at - interval '8 days' where member_id = $1`,
      [member.id],
    );
    checks.expectFailure(await say(member.token, depositRoom, 'a week later'), 403, 'chat_room_closed');

    await t.db.query('update members set club_rank = 3 where id = $1', [member.id]);
    expect((await say(member.token, vipRoom, 'VIP now')).status).toBe(200);
    const labelled = await newRoom({ name: 'Labelled', label: 'whale' });
    checks.expectFailure(await say(member.token, labelled, 'hi'), 403, 'chat_room_closed');
    await t.db.query(`update members set member_labels = '["whale"]' where id = $1`, [member.id]);
    expect((await say(member.token, labelled, 'hi')).status).toBe(200);
    checks.expectFailure(await say(member.token, 999_999, 'hi'), 404, 'not_found');
    const trial = await t.memberToken(4);
    checks.expectFailure(await say(trial, labelled, 'hi'), 403, 'in_need_true_account');
    checks.expectFailure(await say('', labelled, 'hi'), 401, 'unauthorized');
  });

  it('delivers a message posted on one server process to a member connected to another', async () => {
    const roomId = await newRoom({ name: 'Across' });
    const alice = await newMember(t);
    const bob = await newMember(t);
    await t.db.query(`update members set nickname = 'Bobby' where id = $1`, [bob.id]);
    const aliceThere = await roomSocket(second, alice.token, roomId);
    const bobHere = await roomSocket(t.app, bob.token, roomId);
    // Subscribed once the guard answered: a first message proves both sockets are in.
    await expect
      .poll(async () => {
        await say(bob.token, roomId, 'ping');
        return aliceThere.messages.some((event) => event.type === 'chat.message');
      })
      .toBe(true);
    const posted = await say(bob.token, roomId, '<b>hello</b> from here');
    expect(posted.status).toBe(200);
    expect(posted.body.value).toMatchObject({
      roomId,
      kind: 'text',
      text: '<b>hello</b> from here',
      author: 'Bobby',
    });
    await expect
      .poll(() =>
        aliceThere.messages.find(
          (event) => event.type === 'chat.message' && event.message.id === posted.body.value.id,
        ),
      )
      .toEqual({ type: 'chat.message', message: posted.body.value });
    await expect
      .poll(() =>
        bobHere.messages.some((e) => e.type === 'chat.message' && e.message.id === posted.body.value.id),
      )
      .toBe(true);

    // Alice has Bob's messages unread until she reads them; her own never count.
    const unread = async () =>
      (await t.get(api.roomUnread.path, alice.token)).body.value.unReadCount as number;
    await t.send('POST', path(api.read.path, { id: roomId }), { lastId: 0 }, alice.token);
    expect(await unread()).toBeGreaterThanOrEqual(2);
    const read = await t.send(
      'POST',
      path(api.read.path, { id: roomId }),
      { lastId: posted.body.value.id },
      alice.token,
    );
    expect(read.body.value).toEqual({ unReadCount: 0 });
    expect((await say(alice.token, roomId, 'mine')).status).toBe(200);
    expect(await unread()).toBe(0);
    const history = await t.get(path(api.messages.path, { id: roomId }), alice.token);
    expect(history.body.value.list.at(-1)).toMatchObject({ text: 'mine' });

    // A socket of a member the room refuses is not let in.
    const vipRoom = await newRoom({ name: 'VIP only', minClubRank: 9 });
    const outsider = await roomSocket(second, alice.token, vipRoom);
    await expect
      .poll(() => outsider.messages.find((event) => event.type === 'refused'))
      .toEqual({ type: 'refused', topic: chatTopic(vipRoom) });
    for (const open of [aliceThere, bobHere, outsider]) open.socket.close();
  });

  it('holds moderation: mute, kick, blocked words, links from the allow list, slow mode, moderators', async () => {
    const roomId = await newRoom({ name: 'Moderated' });
    const member = await newMember(t);
    const moderator = await newMember(t);
    expect((await say(member.token, roomId, 'hi')).status).toBe(200);

    // Mute by an operator: refused until it ends, audited.
    const muted = await restrict(tokens.support, roomId, { memberId: member.id, action: 'mute', minutes: 5 });
    expect(muted.status).toBe(200);
    await checks.expectAudited(tokens.support, 'chat_member', {
      action: 'mute',
      entityId: `${roomId}:${member.id}`,
      before: null,
      after: { memberId: member.id, action: 'mute', minutes: 5 },
    });
    const refused = await say(member.token, roomId, 'still here?');
    checks.expectFailure(refused, 403, 'chat_muted');
    t.clock.advance(5 * 60_000 + 1);
    expect((await say(member.token, roomId, 'back')).status).toBe(200);

    // Blocked words and links.
    expect((await saveSettings({ keywords: ['Scam'], linkHosts: ['example.com'] })).status).toBe(200);
    checks.expectFailure(await say(member.token, roomId, 'this is a SCAM site'), 422, 'chat_blocked_words');
    checks.expectFailure(
      await say(member.token, roomId, 'go to https://evil.test/x'),
      422,
      'chat_link_not_allowed',
    );
    checks.expectFailure(await say(member.token, roomId, 'www.evil.test'), 422, 'chat_link_not_allowed');
    expect((await say(member.token, roomId, 'see https://help.example.com/faq')).status).toBe(200);
    checks.expectFailure(
      await send(member.token, roomId, { kind: 'sticker', text: 'unknown' }),
      400,
      'validation_failed',
      { text: expect.any(String) },
    );
    expect((await send(member.token, roomId, { kind: 'sticker', text: 'fire' })).body.value).toMatchObject({
      kind: 'sticker',
      text: 'fire',
    });

    // Slow mode: one message per 30 s, except for moderators.
    const update = await t.send(
      'PUT',
      path(bo.updateRoom.path, { id: roomId }),
      { name: 'Moderated', slowModeSeconds: 30 },
      tokens.support,
    );
    expect(update.status).toBe(200);
    t.clock.advance(31_000);
    expect((await say(member.token, roomId, 'one')).status).toBe(200);
    checks.expectFailure(await say(member.token, roomId, 'two'), 429, 'chat_slow_mode');
    t.clock.advance(30_000);
    expect((await say(member.token, roomId, 'two')).status).toBe(200);

    // A member who is no moderator may not restrict; a moderator may, but not another moderator.
    checks.expectFailure(
      await restrict(moderator.token, roomId, { memberId: member.id, action: 'mute' }, false),
      403,
      'forbidden',
    );
    const promoted = await t.send(
      'PUT',
      path(bo.setModerator.path, { id: roomId, memberId: moderator.id }),
      { moderator: true },
      tokens.support,
    );
    expect(promoted.status).toBe(200);
    expect((await say(moderator.token, roomId, 'mod one')).status).toBe(200);
    expect((await say(moderator.token, roomId, 'mod two')).status).toBe(200);
    checks.expectFailure(
      await restrict(member.token, roomId, { memberId: moderator.id, action: 'mute' }, false),
      403,
      'forbidden',
    );

    // A kick by the moderator: the member is out (history and sending), the socket leaves the room.
    const socket = await roomSocket(t.app, member.token, roomId);
    await expect
      .poll(async () => {
        await say(moderator.token, roomId, 'are you in?');
        return socket.messages.some((event) => event.type === 'chat.message');
      })
      .toBe(true);
    const kicked = await restrict(
      moderator.token,
      roomId,
      { memberId: member.id, action: 'kick', minutes: 60 },
      false,
    );
    expect(kicked.status).toBe(200);
    await expect.poll(() => socket.messages.some((event) => event.type === 'chat.restricted')).toBe(true);
    checks.expectFailure(await say(member.token, roomId, 'let me in'), 403, 'chat_kicked');
    checks.expectFailure(
      await t.get(path(api.messages.path, { id: roomId }), member.token),
      403,
      'chat_kicked',
    );
    const after = socket.messages.length;
    const unseen = await say(moderator.token, roomId, 'after the kick');
    expect(unseen.status).toBe(200);
    // The kicked socket stays out: a message to the member (not the room) still arrives after it.
    await restrict(tokens.support, roomId, { memberId: member.id, action: 'unkick' });
    await expect
      .poll(() => socket.messages.slice(after).some((event) => event.type === 'chat.restricted'))
      .toBe(true);
    expect(socket.messages.slice(after).some((event) => event.type === 'chat.message')).toBe(false);
    t.clock.advance(30_000);
    expect((await say(member.token, roomId, 'thanks')).status).toBe(200);

    // A moderator hides a message: gone from the history.
    const hidden = await t.send(
      'DELETE',
      path(api.hide.path, { id: roomId, messageId: unseen.body.value.id }),
      undefined,
      moderator.token,
    );
    expect(hidden.status).toBe(200);
    const history = await t.get(path(api.messages.path, { id: roomId }), member.token);
    expect(history.body.value.list.map((m: { id: number }) => m.id)).not.toContain(unseen.body.value.id);
    const logged = await t.get(`${path(bo.roomMessages.path, { id: roomId })}?pageSize=100`, tokens.support);
    expect(logged.status).toBe(200);
    expect(logged.body.value.list.find((m: { id: number }) => m.id === unseen.body.value.id)).toMatchObject({
      hidden: true,
      text: 'after the kick',
    });
    const consoleHide = await t.send(
      'DELETE',
      path(bo.hideMessage.path, { id: roomId, messageId: logged.body.value.list[0].id }),
      undefined,
      tokens.support,
    );
    expect(consoleHide.status).toBe(200);
    socket.socket.close();
    await saveSettings({});
  });

  it('answers CBS_launchChat with the chat room page, or the live chat with b2c 1', async () => {
    const member = await newMember(t);
    const room = await t.get(
      `${api.launchChat.path}?title=Chat&language=vi&headerColor=%23ff0000`,
      member.token,
    );
    expect(room.status).toBe(200);
    expect(room.body.value).toEqual({ chatUrl: '/chat?embed=1&title=Chat&lang=vi&headerColor=ff0000' });
    const live = await t.get(`${api.launchChat.path}?b2c=1&title=Chat&language=en`, member.token);
    expect(live.status).toBe(200);
    expect(new URL(live.body.value.chatUrl).pathname).toBe('/support');
    const bad = await t.get(`${api.launchChat.path}?headerColor=red;x`, member.token);
    checks.expectFailure(bad, 400, 'validation_failed', { headerColor: expect.any(String) });
    checks.expectFailure(await t.get(api.launchChat.path), 401, 'unauthorized');
    checks.expectFailure(
      await t.get(api.unreadCount.path, await t.memberToken(4)),
      403,
      'in_need_true_account',
    );
    const script = await t.get(api.customerServiceScript.path);
    expect(script.body.value).toEqual({
      provider: 'builtin',
      script: null,
      baseUrl: null,
      websiteToken: null,
    });
  });

  it('runs Chatwoot: the identity hash from the server, the token never shown, webhooks handled once', async () => {
    const incomplete = await saveSettings({
      liveProvider: 'chatwoot',
      chatwoot: { baseUrl: 'http://127.0.0.1:3999' },
    });
    checks.expectFailure(incomplete, 400, 'validation_failed', {
      'chatwoot.websiteToken': expect.any(String),
      'chatwoot.hmacToken': expect.any(String),
    });
    const saved = await saveSettings({
      liveProvider: 'chatwoot',
      chatwoot: {
        baseUrl: 'http://127.0.0.1:3999/',
        websiteToken: 'site-token-1',
        hmacToken: 'inbox-hmac-secret',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.value.chatwoot).toEqual({
      baseUrl: 'http://127.0.0.1:3999',
      websiteToken: 'site-token-1',
      hmacTokenSet: true,
    });
    expect(JSON.stringify(saved.body.value)).not.toContain('inbox-hmac-secret');
    const audit = await checks.lastAudit('chat_settings');
    expect(JSON.stringify(audit)).not.toContain('inbox-hmac-secret');
    // A blank token keeps the stored one.
    const kept = await saveSettings({
      liveProvider: 'chatwoot',
      chatwoot: { baseUrl: 'http://127.0.0.1:3999', websiteToken: 'site-token-1' },
    });
    expect(kept.body.value.chatwoot.hmacTokenSet).toBe(true);
    const shown = await t.get(bo.settings.path, tokens.operations);
    expect(JSON.stringify(shown.body.value)).not.toContain('inbox-hmac-secret');
    const webhook = shown.body.value.webhookPath as string;
    expect(webhook).toMatch(/^\/wps\/chat\/chatwoot\/[A-Za-z0-9_-]{20,}$/);

    const member = await newMember(t);
    const launch = await t.get(api.liveLaunch.path, member.token);
    expect(launch.status).toBe(200);
    const identifier = `member-${member.id}`;
    expect(launch.body.value).toMatchObject({
      provider: 'chatwoot',
      chatUrl: '/chat/live',
      widget: {
        baseUrl: 'http://127.0.0.1:3999',
        websiteToken: 'site-token-1',
        identifier,
        identifierHash: createHmac('sha256', 'inbox-hmac-secret').update(identifier).digest('hex'),
      },
    });
    expect(JSON.stringify(launch.body.value)).not.toContain('inbox-hmac-secret');
    const script = await t.get(api.customerServiceScript.path);
    expect(script.body.value).toEqual({
      provider: 'chatwoot',
      script: 'http://127.0.0.1:3999/packs/js/sdk.js',
      baseUrl: 'http://127.0.0.1:3999',
      websiteToken: 'site-token-1',
    });

    const socket = await roomSocket(t.app, member.token, 1);
    const reply = {
      event: 'message_created',
      id: 9001,
      content: 'How can we help?',
      message_type: 'outgoing',
      private: false,
      conversation: { id: 77, meta: { sender: { identifier } } },
    };
    const first = await t.send('POST', webhook, reply);
    expect(first.body.value).toEqual({ ok: true, duplicate: false });
    const again = await t.send('POST', webhook, reply);
    expect(again.body.value).toEqual({ ok: true, duplicate: true });
    const stored = await t.db.query('select body from chat_live_messages where member_id = $1', [member.id]);
    expect(stored).toEqual([{ body: 'How can we help?' }]);
    await expect
      .poll(() => socket.messages.find((event) => event.type === 'chat.live_unread'))
      .toEqual({
        type: 'chat.live_unread',
        unread: 1,
      });
    const note = await t.send('POST', webhook, { ...reply, id: 9002, private: true });
    expect(note.body.value.duplicate).toBe(false);
    const status = {
      event: 'conversation_status_changed',
      id: 77,
      status: 'resolved',
      meta: { sender: { identifier } },
    };
    expect((await t.send('POST', webhook, status)).body.value.duplicate).toBe(false);
    expect((await t.send('POST', webhook, status)).body.value.duplicate).toBe(true);
    expect((await t.get(api.unreadCount.path, member.token)).body.value).toEqual({ unReadCount: 1 });
    await t.get(api.liveLaunch.path, member.token);
    expect((await t.get(api.unreadCount.path, member.token)).body.value).toEqual({ unReadCount: 0 });

    const wrong = await t.send('POST', '/wps/chat/chatwoot/not-the-secret', reply);
    checks.expectFailure(wrong, 404, 'not_found');
    socket.socket.close();
    await saveSettings({});
  });

  it('works with the Chatwoot sandbox: the widget identity verified, an agent reply sent twice stored once', async () => {
    const sandbox = await startChatwootSandbox({
      hmacToken: 'sandbox-inbox-hmac',
      websiteToken: 'sandbox-site',
    });
    try {
      const saved = await saveSettings({
        liveProvider: 'chatwoot',
        chatwoot: { baseUrl: sandbox.url, websiteToken: 'sandbox-site', hmacToken: 'sandbox-inbox-hmac' },
      });
      expect(saved.status).toBe(200);
      const member = await newMember(t);
      const { widget } = (await t.get(api.liveLaunch.path, member.token)).body.value;
      const sdk = await fetch(`${sandbox.url}/packs/js/sdk.js`);
      expect(await sdk.text()).toContain('chatwootSDK');
      // What the widget's setUser sends: Chatwoot accepts the server's hash, and refuses another.
      const contact = (hash: string) =>
        fetch(`${sandbox.url}/api/v1/widget/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            website_token: widget.websiteToken,
            identifier: widget.identifier,
            identifier_hash: hash,
          }),
        });
      expect((await contact(widget.identifierHash)).status).toBe(200);
      expect((await contact('0'.repeat(64))).status).toBe(401);

      const { port } = t.app.server.address() as { port: number };
      const webhookUrl = `http://127.0.0.1:${port}${saved.body.value.webhookPath}`;
      const agent = (path: string, body: Record<string, unknown>) =>
        fetch(`${sandbox.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ webhookUrl, identifier: widget.identifier, conversationId: 5, ...body }),
        }).then((answer) => answer.json() as Promise<{ status: number; body: { value: unknown } }>);
      const first = await agent('/sandbox/reply', { content: 'Hello from the desk' });
      expect(first).toMatchObject({ status: 200, body: { value: { ok: true, duplicate: false } } });
      const repeated = await agent('/sandbox/reply', { repeat: true });
      expect(repeated).toMatchObject({ status: 200, body: { value: { ok: true, duplicate: true } } });
      expect((await agent('/sandbox/resolve', {})).status).toBe(200);
      const rows = await t.db.query(
        'select direction, body from chat_live_messages where member_id = $1 order by id',
        [member.id],
      );
      expect(rows).toEqual([
        { direction: 'out', body: 'Hello from the desk' },
        { direction: 'status', body: 'resolved' },
      ]);
      expect((await t.get(api.unreadCount.path, member.token)).body.value).toEqual({ unReadCount: 1 });
    } finally {
      await saveSettings({});
      await sandbox.close();
    }
  });

  it('posts big wins from the operator threshold to the open rooms, each once', async () => {
    const roomId = await newRoom({ name: 'Wins' });
    const member = await newMember(t);
    const gameId = await newGame(t);
    const watcher = await roomSocket(t.app, member.token, roomId);
    // Off (0) by default: nothing is posted.
    await playedRound(t, { memberId: member.id, gameId, bet: 100n, win: 5_000_100n });
    expect(await postBigWins(t.deps, t.clock.now())).toBe(0);
    expect((await saveSettings({ bigWinMin: 10_000 })).body.value.bigWinMin).toBe(10_000);
    await playedRound(t, { memberId: member.id, gameId, bet: 100n, win: 200n });
    const posted = await postBigWins(t.deps, t.clock.now());
    expect(posted).toBeGreaterThanOrEqual(1);
    const history = await t.get(path(api.messages.path, { id: roomId }), member.token);
    const cards = history.body.value.list.filter((message: { kind: string }) => message.kind === 'win');
    expect(cards).toHaveLength(1);
    expect(cards[0].card).toMatchObject({ amount: 50_000 });
    await expect
      .poll(() => watcher.messages.some((e) => e.type === 'chat.message' && e.message.kind === 'win'))
      .toBe(true);
    // A second pass (another runner, the next minute) posts nothing again.
    expect(await postBigWins(t.deps, t.clock.now())).toBe(0);
    checks.expectFailure(await saveSettings({ bigWinMin: -1 }), 400, 'validation_failed', {
      bigWinMin: expect.any(String),
    });
    watcher.socket.close();
    await saveSettings({});
  });
});
