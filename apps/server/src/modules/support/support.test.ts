import {
  supportPlayerEndpoints as api,
  supportConsoleEndpoints as bo,
  SUPPORT_LIMITS,
  withdrawalConsoleEndpoints,
} from '@tessera/contract';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleSuite } from '../../../test/console-checks.ts';
import { quietWorkspace, setSupportHours, supportAgent } from '../../../test/factories/support.ts';
import { multipartBody, newMember } from '../../../test/factories/wallet.ts';
import type { TestApp } from '../../../test/harness.ts';
import { memberSocket } from '../../../test/sockets.ts';
import { launchForMember, unreadForMember, withinHours } from './service.ts';

const path = (template: string, id: number) => template.replace(':id', String(id));

describe('built-in customer service', () => {
  let t: TestApp;
  let tokens: CallerTokens;
  const checks = consoleSuite({ runJobs: false }, (app, callerTokens) => {
    t = app;
    tokens = callerTokens;
  });

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  beforeEach(async () => {
    await quietWorkspace(t);
    await setSupportHours(t, tokens.operations, 0, 1440);
    // Each test's members send at their own pace: a second apart from the last test's.
    t.clock.advance(60_000);
  });

  const send = (token: string, text: string) => t.send('POST', api.send.path, { text }, token);
  const chat = (token: string) => t.get(api.chat.path, token);

  it('opens a conversation with the first message, gives it to an available operator, and both read each other', async () => {
    const agent = await supportAgent(t, { teams: ['general'] });
    const member = await newMember(t);
    const socket = await memberSocket(t, member.token);

    const first = await send(member.token, 'My deposit has not arrived');
    expect(first.status).toBe(200);
    const conversation = first.body.value.conversation;
    expect(first.body.value).toMatchObject({ withinHours: true, unread: 0 });
    expect(conversation).toMatchObject({
      status: 'open',
      team: 'general',
      canRate: false,
      messages: [
        { sender: 'member', kind: 'text', body: 'My deposit has not arrived', read: false, operator: null },
      ],
    });

    const queue = await t.get(`${bo.queues.path}?mine=1`, agent.token);
    expect(queue.status).toBe(200);
    expect(queue.body.value.conversations).toEqual([
      expect.objectContaining({
        id: conversation.id,
        assigneeId: agent.id,
        unread: 1,
        lastMessage: 'My deposit has not arrived',
      }),
    ]);
    expect(queue.body.value.me).toMatchObject({ available: true, open: 1, capacity: 6 });

    t.clock.advance(5000);
    const answered = await t.send(
      'POST',
      path(bo.reply.path, conversation.id),
      { text: 'Let me check' },
      agent.token,
    );
    expect(answered.status).toBe(200);
    expect(
      answered.body.value.messages.map((m: { sender: string; read: boolean }) => [m.sender, m.read]),
    ).toEqual([
      ['member', true],
      ['operator', false],
    ]);
    await checks.expectAudited(agent.token, 'support_conversation', {
      action: 'reply',
      entityId: conversation.id,
      before: { status: 'open', team: 'general', assigneeId: agent.id },
      after: { status: 'open', team: 'general', assigneeId: agent.id },
    });
    // The member's page is told at once, with the unread count.
    await expect
      .poll(() => socket.messages.filter((m) => m.type === 'support.changed').at(-1))
      .toEqual({ type: 'support.changed', conversationId: conversation.id, unread: 1 });
    expect(await unreadForMember(t.db, member.id)).toBe(1);

    // History when the member comes back, then read receipts both ways.
    const back = await chat(member.token);
    expect(back.body.value.unread).toBe(1);
    expect(back.body.value.conversation.messages.map((m: { body: string }) => m.body)).toEqual([
      'My deposit has not arrived',
      'Let me check',
    ]);
    const read = await t.send('POST', api.read.path, undefined, member.token);
    expect(read.body.value).toEqual({ unread: 0 });
    const seen = await t.get(path(bo.conversation.path, conversation.id), agent.token);
    expect(seen.body.value.messages.at(-1)).toMatchObject({
      sender: 'operator',
      operator: agent.id && expect.any(String),
      read: true,
    });
    socket.socket.close();
  });

  it('sends a member above rank 4 to the VIP team, and keeps private notes from the member', async () => {
    const vipAgent = await supportAgent(t, { teams: ['vip'] });
    const member = await newMember(t);
    await t.db.query('update members set club_rank = 5 where id = $1', [member.id]);
    const opened = await send(member.token, 'Hello');
    const id = opened.body.value.conversation.id;
    expect(opened.body.value.conversation.team).toBe('vip');
    const conversation = await t.get(path(bo.conversation.path, id), vipAgent.token);
    expect(conversation.body.value).toMatchObject({ assigneeId: vipAgent.id, team: 'vip' });
    expect(conversation.body.value.card).toMatchObject({
      memberId: member.id,
      vipLevel: 5,
      balance: 0,
      deposits: [],
      withdrawals: [],
      openWithdrawal: null,
      responsible: { block: null, until: null },
    });

    const note = await t.send(
      'POST',
      path(bo.reply.path, id),
      { text: 'Known player', note: true },
      vipAgent.token,
    );
    expect(note.body.value.messages.at(-1)).toMatchObject({ kind: 'note', body: 'Known player' });
    const seen = await chat(member.token);
    expect(seen.body.value.conversation.messages.map((m: { body: string }) => m.body)).toEqual(['Hello']);
    expect(seen.body.value.unread).toBe(0);
  });

  it('refuses a visitor and a trial account, and an empty or too long message', async () => {
    const visitor = await t.send('POST', api.send.path, { text: 'hi' });
    checks.expectFailure(visitor, 401, 'unauthorized');
    const trial = await newMember(t, 4);
    checks.expectFailure(await send(trial.token, 'hi'), 403, 'in_need_true_account');
    checks.expectFailure(await chat(trial.token), 403, 'in_need_true_account');
    const member = await newMember(t);
    checks.expectFailure(await send(member.token, '   '), 400, 'validation_failed', {
      text: expect.any(String),
    });
    checks.expectFailure(
      await send(member.token, 'x'.repeat(SUPPORT_LIMITS.messageMax + 1)),
      400,
      'validation_failed',
      {
        text: expect.any(String),
      },
    );
    expect((await chat(member.token)).body.value.conversation).toBeNull();
  });

  it('lets a member send at most 1 message a second and 30 a minute', async () => {
    const member = await newMember(t);
    expect((await send(member.token, 'one')).status).toBe(200);
    checks.expectFailure(await send(member.token, 'two'), 429, 'support_too_fast');
    for (let sent = 1; sent < SUPPORT_LIMITS.perMinute; sent += 1) {
      t.clock.advance(1001);
      expect((await send(member.token, `m${sent}`)).status).toBe(200);
    }
    t.clock.advance(1001);
    // 30 in the last minute: the 31st waits until the first is a minute old.
    checks.expectFailure(await send(member.token, 'too many'), 429, 'support_too_fast');
    t.clock.advance(60_000 - 30 * 1001 + 1000);
    expect((await send(member.token, 'later')).status).toBe(200);
    const history = await chat(member.token);
    expect(history.body.value.conversation.messages).toHaveLength(SUPPORT_LIMITS.perMinute + 1);
  });

  it('assigns round robin among available operators of the team, each up to its cap, and fills a freed place', async () => {
    const a = await supportAgent(t, { teams: ['general'], capacity: 2 });
    const b = await supportAgent(t, { teams: ['general'], capacity: 1 });
    const away = await supportAgent(t, { teams: ['general'], capacity: 5, available: false });
    const members = [await newMember(t), await newMember(t), await newMember(t), await newMember(t)];
    const ids: number[] = [];
    for (const member of members) ids.push((await send(member.token, 'help')).body.value.conversation.id);
    const assignees = await Promise.all(
      ids.map(async (id) => (await t.get(path(bo.conversation.path, id), a.token)).body.value.assigneeId),
    );
    expect(assignees).toEqual([a.id, b.id, a.id, null]);
    const queues = await t.get(`${bo.queues.path}?team=general`, a.token);
    expect(queues.body.value.teams.find((row: { team: string }) => row.team === 'general')).toMatchObject({
      waiting: 1,
    });
    expect(
      queues.body.value.agents.find((row: { operatorId: number }) => row.operatorId === away.id),
    ).toMatchObject({
      available: false,
      open: 0,
    });

    // A resolves one: its freed place takes the waiting conversation; the member is asked for a rating.
    t.clock.advance(60_000);
    const resolved = await t.send('POST', path(bo.resolve.path, ids[0] as number), undefined, a.token);
    expect(resolved.body.value).toMatchObject({ status: 'resolved' });
    expect((await t.get(path(bo.conversation.path, ids[3] as number), a.token)).body.value.assigneeId).toBe(
      a.id,
    );
    checks.expectFailure(
      await t.send('POST', path(bo.resolve.path, ids[0] as number), undefined, a.token),
      409,
      'conflict',
    );
    checks.expectFailure(
      await t.send('POST', path(bo.reply.path, ids[0] as number), { text: 'late' }, a.token),
      409,
      'conflict',
    );

    const first = members[0] as { token: string };
    const rateable = await chat(first.token);
    expect(rateable.body.value.conversation).toMatchObject({ status: 'resolved', canRate: true });
    const rated = await t.send('POST', path(api.rate.path, ids[0] as number), { rating: 5 }, first.token);
    expect(rated.body.value.conversation).toMatchObject({ canRate: false, rating: 5 });
    checks.expectFailure(
      await t.send('POST', path(api.rate.path, ids[0] as number), { rating: 4 }, first.token),
      409,
      'conflict',
    );
    checks.expectFailure(
      await t.send('POST', path(api.rate.path, ids[1] as number), { rating: 4 }, first.token),
      404,
      'not_found',
    );
    checks.expectFailure(
      await t.send('POST', path(api.rate.path, ids[0] as number), { rating: 6 }, first.token),
      400,
      'validation_failed',
      { rating: expect.any(String) },
    );
    // A new message after the resolution opens a new conversation.
    const again = await send(first.token, 'one more thing');
    expect(again.body.value.conversation.id).not.toBe(ids[0]);

    const stats = await t.get(bo.stats.path, a.token);
    expect(stats.body.value.find((row: { team: string }) => row.team === 'general')).toMatchObject({
      resolved: expect.any(Number),
      rating: expect.any(Number),
    });
  });

  it('transfers a conversation to another team or operator', async () => {
    const a = await supportAgent(t, { teams: ['general'] });
    const d = await supportAgent(t, { teams: ['deposits'] });
    const member = await newMember(t);
    const id = (await send(member.token, 'deposit missing')).body.value.conversation.id;
    const moved = await t.send('POST', path(bo.transfer.path, id), { team: 'deposits' }, a.token);
    expect(moved.body.value).toMatchObject({ team: 'deposits', assigneeId: d.id });
    const back = await t.send('POST', path(bo.transfer.path, id), { operatorId: a.id }, d.token);
    expect(back.body.value).toMatchObject({ team: 'deposits', assigneeId: a.id });
    checks.expectFailure(
      await t.send('POST', path(bo.transfer.path, id), { operatorId: 999999 }, a.token),
      404,
      'not_found',
    );
    checks.expectFailure(await t.get(path(bo.conversation.path, 999999), a.token), 404, 'not_found');
  });

  it('outside business hours leaves the message pending in the queue; an operator reply opens it', async () => {
    await supportAgent(t, { teams: ['general'] });
    // Closed all day (from = until).
    await setSupportHours(t, tokens.operations, 600, 600);
    const member = await newMember(t);
    const left = await send(member.token, 'Are you there?');
    expect(left.body.value).toMatchObject({ withinHours: false, conversation: { status: 'pending' } });
    const id = left.body.value.conversation.id;
    const pending = await t.get(`${bo.queues.path}?status=pending`, tokens.support);
    expect(pending.body.value).toMatchObject({ withinHours: false });
    expect(pending.body.value.conversations).toEqual([expect.objectContaining({ id, assigneeId: null })]);
    const replied = await t.send('POST', path(bo.reply.path, id), { text: 'Good morning' }, tokens.support);
    expect(replied.body.value).toMatchObject({ status: 'open', assignee: expect.stringMatching(/^support/) });

    // Hours are read in the workspace's time zone: 09:00–18:00 in Asia/Ho_Chi_Minh is 02:00–11:00 UTC.
    await setSupportHours(t, tokens.operations, 9 * 60, 18 * 60, 'Asia/Ho_Chi_Minh');
    const hours = (await t.get(bo.hours.path, tokens.support)).body.value;
    expect(hours.timeZone).toBe('Asia/Ho_Chi_Minh');
    expect(withinHours(hours, new Date('2026-06-02T01:59:59Z'))).toBe(false);
    expect(withinHours(hours, new Date('2026-06-02T02:00:00Z'))).toBe(true);
    expect(withinHours(hours, new Date('2026-06-02T10:59:59Z'))).toBe(true);
    expect(withinHours(hours, new Date('2026-06-02T11:00:00Z'))).toBe(false);
    // One closed weekday (Sunday first): 2026-06-07 is a Sunday.
    const sundayOff = { timeZone: 'UTC', hours: [[0, 0], ...Array(6).fill([0, 1440])] as [number, number][] };
    expect(withinHours(sundayOff, new Date('2026-06-07T12:00:00Z'))).toBe(false);
    expect(withinHours(sundayOff, new Date('2026-06-08T12:00:00Z'))).toBe(true);

    checks.expectFailure(
      await t.send(
        'PUT',
        bo.setHours.path,
        { timeZone: 'Mars/Base', hours: Array(7).fill([0, 60]) },
        tokens.operations,
      ),
      400,
      'validation_failed',
      { timeZone: expect.any(String) },
    );
    checks.expectFailure(
      await t.send(
        'PUT',
        bo.setHours.path,
        { timeZone: 'UTC', hours: Array(7).fill([60, 0]) },
        tokens.operations,
      ),
      400,
      'validation_failed',
      expect.any(Object),
    );
  });

  it('keeps canned replies per language', async () => {
    const added = await t.send(
      'POST',
      bo.addCanned.path,
      { language: 'VI', title: 'Chào', body: 'Xin chào, tôi có thể giúp gì?' },
      tokens.support,
    );
    expect(added.status).toBe(200);
    const list = await t.get(bo.canned.path, tokens.support);
    expect(list.body.value).toContainEqual(added.body.value);
    checks.expectFailure(
      await t.send('POST', bo.addCanned.path, { language: 'XX', title: 'a', body: 'b' }, tokens.support),
      400,
      'validation_failed',
      { language: expect.any(String) },
    );
    const removed = await t.send(
      'DELETE',
      path(bo.removeCanned.path, added.body.value.id),
      undefined,
      tokens.support,
    );
    expect(removed.body.value).toEqual({ ok: true });
    checks.expectFailure(
      await t.send('DELETE', path(bo.removeCanned.path, added.body.value.id), undefined, tokens.support),
      404,
      'not_found',
    );
  });

  it('takes up to 3 png or jpeg images with a message, re-encoded, shown only to the member and the workspace', async () => {
    const picture = sharp({ create: { width: 24, height: 16, channels: 3, background: '#335577' } });
    // A png with text after its end: only the pixels are kept.
    const png = Buffer.concat([
      await picture.clone().png().toBuffer(),
      Buffer.from('<script>alert(1)</script>'),
    ]);
    const jpeg = await picture.clone().jpeg().toBuffer();
    const gif = await picture.clone().gif().toBuffer();
    const upload = (token: string | undefined, files: Buffer[], text?: string) => {
      const { boundary, payload } = multipartBody([
        ...(text === undefined ? [] : [{ name: 'text', value: text }]),
        ...files.map((data, n) => ({
          name: 'image',
          file: { data, filename: `p${n}.png`, contentType: 'image/png' },
        })),
      ]);
      return t.call({
        method: 'POST',
        url: api.sendImages.path,
        ...(token ? { token } : {}),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const member = await newMember(t);
    const sent = await upload(member.token, [png, jpeg], 'The receipt');
    expect(sent.status).toBe(200);
    const [message] = sent.body.value.conversation.messages;
    expect(message).toMatchObject({ body: 'The receipt', images: [expect.any(String), expect.any(String)] });
    const [first] = message.images as string[];
    const mine = await t.get(path(api.image.path, first as unknown as number), member.token);
    expect(mine.body.value.contentType).toBe('image/png');
    const stored = Buffer.from(mine.body.value.data, 'base64');
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect((await sharp(stored).metadata()).width).toBe(24);
    const workspace = await t.get(path(bo.image.path, first as unknown as number), tokens.support);
    expect(workspace.body.value.data).toBe(mine.body.value.data);

    const other = await newMember(t);
    checks.expectFailure(
      await t.get(path(api.image.path, first as unknown as number), other.token),
      404,
      'not_found',
    );
    checks.expectFailure(
      await t.get(path(bo.image.path, first as unknown as number), tokens.finance),
      403,
      'forbidden',
    );
    t.clock.advance(1001);
    checks.expectFailure(await upload(member.token, [png, png, png, png]), 400, 'too_many_images', {
      image: expect.any(String),
    });
    t.clock.advance(1001);
    checks.expectFailure(await upload(member.token, [gif]), 415, 'image_type_not_allowed', {
      image: expect.any(String),
    });
    checks.expectFailure(await upload(member.token, []), 400, 'validation_failed', {
      image: expect.any(String),
    });
    checks.expectFailure(await upload(undefined, [png]), 401, 'unauthorized');
  });

  it("sends an operator's images to the member with a reply, and keeps a note's images in the workspace", async () => {
    const agent = await supportAgent(t);
    const picture = sharp({ create: { width: 20, height: 12, channels: 3, background: '#aa3355' } });
    const png = Buffer.concat([await picture.clone().png().toBuffer(), Buffer.from('<svg onload=alert(1)>')]);
    const jpeg = await picture.clone().jpeg().toBuffer();
    const gif = await picture.clone().gif().toBuffer();
    const member = await newMember(t);
    const id = (await send(member.token, 'Where do I find my bonus?')).body.value.conversation.id as number;
    const upload = (token: string | undefined, files: Buffer[], fields: Record<string, string>) => {
      const { boundary, payload } = multipartBody([
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        ...files.map((data, n) => ({
          name: 'image',
          file: { data, filename: `o${n}.jpg`, contentType: 'image/jpeg' },
        })),
      ]);
      return t.call({
        method: 'POST',
        url: path(bo.replyImages.path, id),
        ...(token ? { token } : {}),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };

    t.clock.advance(1000);
    const replied = await upload(agent.token, [png, jpeg], { text: 'Here, under Promotions' });
    expect(replied.status).toBe(200);
    const reply = replied.body.value.messages.at(-1);
    expect(reply).toMatchObject({ sender: 'operator', kind: 'text', body: 'Here, under Promotions' });
    expect(reply.images).toHaveLength(2);
    const noted = await upload(agent.token, [jpeg], { note: 'true' });
    expect(noted.status).toBe(200);
    const note = noted.body.value.messages.at(-1);
    expect(note).toMatchObject({ kind: 'note', body: '', images: [expect.any(String)] });

    // The member sees the reply's images (re-encoded: only the pixels), never the note's.
    const seen = (await chat(member.token)).body.value;
    expect(seen.unread).toBe(1);
    expect(seen.conversation.messages.map((m: { images: string[] }) => m.images.length)).toEqual([0, 2]);
    const [first] = reply.images as string[];
    const mine = await t.get(path(api.image.path, first as unknown as number), member.token);
    const stored = Buffer.from(mine.body.value.data, 'base64');
    expect(mine.body.value.contentType).toBe('image/png');
    expect(stored.includes(Buffer.from('<svg'))).toBe(false);
    expect((await sharp(stored).metadata()).width).toBe(20);
    const [noteImage] = note.images as string[];
    checks.expectFailure(
      await t.get(path(api.image.path, noteImage as unknown as number), member.token),
      404,
      'not_found',
    );
    expect((await t.get(path(bo.image.path, noteImage as unknown as number), tokens.support)).status).toBe(
      200,
    );

    checks.expectFailure(await upload(agent.token, [jpeg, jpeg, jpeg, jpeg], {}), 400, 'too_many_images', {
      image: expect.any(String),
    });
    checks.expectFailure(await upload(agent.token, [gif], {}), 415, 'image_type_not_allowed', {
      image: expect.any(String),
    });
    checks.expectFailure(await upload(agent.token, [], { text: 'no picture' }), 400, 'validation_failed', {
      image: expect.any(String),
    });
    checks.expectFailure(await upload(agent.token, [jpeg], { note: 'maybe' }), 400, 'validation_failed', {
      note: expect.any(String),
    });
    checks.expectFailure(await upload(tokens.finance, [jpeg], {}), 403, 'forbidden');
    checks.expectFailure(await upload(member.token, [jpeg], {}), 401, 'unauthorized');
    checks.expectFailure(await upload(undefined, [jpeg], {}), 401, 'unauthorized');
  });

  it('gives the chat room provider the built-in launch link and the unread count', async () => {
    const member = await newMember(t);
    const launched = await launchForMember(t.deps, member.id, 'vi');
    expect(launched).toEqual({ mode: 'url', chatUrl: `${t.config.siteUrl}/support?lang=vi` });
    expect(await unreadForMember(t.db, member.id)).toBe(0);
  });

  it('refuses the workspace to finance and to callers who are not operators, and finance pages to support', async () => {
    await checks.expectRefusals(
      [
        { method: 'GET', url: bo.queues.path },
        { method: 'GET', url: path(bo.conversation.path, 1) },
        { method: 'POST', url: path(bo.reply.path, 1), body: { text: 'x' } },
        { method: 'POST', url: path(bo.transfer.path, 1), body: { team: 'vip' } },
        { method: 'POST', url: path(bo.resolve.path, 1) },
        { method: 'POST', url: path(bo.read.path, 1) },
        { method: 'POST', url: path(bo.typing.path, 1) },
        { method: 'PUT', url: bo.setAgent.path, body: { available: true, teams: ['general'], capacity: 2 } },
        { method: 'GET', url: bo.canned.path },
        { method: 'POST', url: bo.addCanned.path, body: { language: 'EN', title: 'a', body: 'b' } },
        { method: 'DELETE', url: path(bo.removeCanned.path, 1) },
        { method: 'GET', url: bo.hours.path },
        { method: 'GET', url: bo.stats.path },
      ],
      ['finance'],
    );
    await checks.expectRefusals(
      [{ method: 'PUT', url: bo.setHours.path, body: { timeZone: 'UTC', hours: Array(7).fill([0, 1440]) } }],
      ['finance', 'support'],
    );
    checks.expectFailure(
      await t.get(withdrawalConsoleEndpoints.queue.path, tokens.support),
      403,
      'forbidden',
    );
  });
});
