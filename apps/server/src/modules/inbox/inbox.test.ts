import { inboxEndpoints as api, inboxConsoleEndpoints as bo, FEEDBACK_LIMITS } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleSuite } from '../../../test/console-checks.ts';
import { newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { memberSocket } from '../../../test/sockets.ts';
import { write } from '../../platform/write.ts';
import { sendMessage } from './service.ts';

/** A member with a session, registered now by the test's clock (a broadcast reaches members registered by then). */
async function registered(t: TestApp) {
  const member = await newMember(t);
  await t.db.query('update members set created_at = $2 where id = $1', [member.id, t.clock.now()]);
  return member;
}

/**
 * The inbox and feedback endpoints. Each test starts by withdrawing the broadcasts earlier tests sent, so that a
 * broadcast to everyone from another test never reaches its members.
 */
describe('inbox and feedback', () => {
  let t: TestApp;
  let tokens: CallerTokens;
  const checks = consoleSuite({ runJobs: false }, (app, callerTokens) => {
    t = app;
    tokens = callerTokens;
  });

  /** No broadcast of another test is live (see above). */
  const ownDay = () =>
    t.db.query('update inbox_broadcasts set withdrawn_at = $1 where withdrawn_at is null', [t.clock.now()]);

  const deposited = (memberId: number, orderNo = 'D1') =>
    write(t.db, { isolation: 'read committed' }, (tx) =>
      sendMessage(
        tx,
        memberId,
        'DEPOSIT_SUCCESS',
        { amount: '100', currency: 'PHP', orderNo },
        t.clock.now(),
      ),
    );

  const broadcast = (body: Record<string, unknown>, token = tokens.support) =>
    t.send('POST', bo.sendBroadcast.path, body, token);
  const text = (title: string, content = `<p>${title}</p>`) => ({ language: 'EN', title, content });

  const inbox = (token: string, query = '') => t.get(`${api.inbox.path}${query}`, token);
  const unread = async (token: string) => {
    const answer = await t.get(api.unreadCount.path, token);
    expect(answer.status).toBe(200);
    return answer.body.value.unReadCount as number;
  };
  const idsOf = async (token: string) =>
    ((await inbox(token)).body.value.list as { id: string }[]).map((message) => message.id);

  it('lists the messages to the member and the broadcasts it receives, newest first, with the unread count', async () => {
    await ownDay();
    const me = await registered(t);
    await deposited(me.id, 'D100');
    t.clock.advance(60_000);
    const sent = await broadcast({
      audience: 'all',
      texts: [
        text('Weekend news', '<p>Hello <script>alert(1)</script><b>all</b></p>'),
        { language: 'VI', title: 'Tin cuối tuần', content: '<p>Xin chào</p>' },
      ],
    });
    expect(sent.status).toBe(200);
    expect(sent.body.value).toMatchObject({
      audience: 'all',
      clubRank: null,
      label: null,
      texts: [
        { language: 'EN', title: 'Weekend news', content: '<p>Hello <b>all</b></p>' },
        { language: 'VI', title: 'Tin cuối tuần', content: '<p>Xin chào</p>' },
      ],
      withdrawnAt: null,
      readCount: 0,
    });
    await checks.expectAudited(tokens.support, 'broadcast', {
      action: 'create',
      entityId: sent.body.value.id,
      before: null,
      after: sent.body.value,
    });

    const listed = await inbox(me.token);
    expect(listed.status).toBe(200);
    expect(listed.body.value).toMatchObject({ total: 2, pageNo: 1, pageSize: 20, unReadCount: 2 });
    const [news, deposit] = listed.body.value.list;
    expect(news).toEqual({
      id: `B${sent.body.value.id}`,
      type: 'BROADCAST',
      title: 'Weekend news',
      content: '<p>Hello <b>all</b></p>',
      createdAt: t.clock.now().toISOString(),
      read: false,
      readAt: null,
    });
    expect(deposit).toMatchObject({
      id: expect.stringMatching(/^P\d+$/),
      type: 'SYSTEM',
      title: 'Deposit received',
      content: 'Your deposit of 100 PHP (order D100) has arrived.',
      read: false,
    });
    expect(await unread(me.token)).toBe(2);

    // In the member's language; filtered by type and read state; paged.
    await t.db.query("update members set language = 'VI' where id = $1", [me.id]);
    expect((await inbox(me.token, '?type=BROADCAST')).body.value.list).toEqual([
      expect.objectContaining({ title: 'Tin cuối tuần', content: '<p>Xin chào</p>' }),
    ]);
    expect((await inbox(me.token, '?type=SYSTEM')).body.value.list).toEqual([
      expect.objectContaining({ id: deposit.id }),
    ]);
    expect((await inbox(me.token, '?status=read')).body.value).toMatchObject({ total: 0, list: [] });
    const second = await inbox(me.token, '?pageNo=2&pageSize=1');
    expect(second.body.value).toMatchObject({ total: 2, pageNo: 2, pageSize: 1, list: [{ id: deposit.id }] });

    // A member registered after the broadcast was sent does not receive it.
    t.clock.advance(60_000);
    const later = await registered(t);
    expect(await idsOf(later.token)).toEqual([]);
  });

  it('marks messages read, one by one or all, and refuses an id not in the inbox without marking any', async () => {
    await ownDay();
    const me = await registered(t);
    const other = await registered(t);
    await deposited(me.id);
    await deposited(other.id);
    const sent = await broadcast({ audience: 'all', texts: [text('Read me')] });
    const [news, deposit] = await idsOf(me.token);
    const [, othersDeposit] = await idsOf(other.token);

    const refused = await t.send('POST', api.read.path, { ids: [news, othersDeposit] }, me.token);
    expect([refused.status, refused.body.code]).toEqual([404, 'not_found']);
    const malformed = await t.send('POST', api.read.path, { ids: ['X1'] }, me.token);
    expect([malformed.status, malformed.body.code]).toEqual([400, 'validation_failed']);
    expect(malformed.body.fields).toEqual({ 'ids.0': expect.any(String) });
    expect(await unread(me.token)).toBe(3 - 1);

    const read = await t.send('POST', api.read.path, { ids: [news, news] }, me.token);
    expect(read.body.value).toEqual({ unReadCount: 1 });
    const listed = (await inbox(me.token)).body.value.list;
    expect(listed[0]).toMatchObject({ id: news, read: true, readAt: t.clock.now().toISOString() });
    expect(listed[1]).toMatchObject({ id: deposit, read: false });
    expect(await unread(other.token)).toBe(2);
    const figures = await t.get(bo.broadcasts.path, tokens.operations);
    expect(
      figures.body.value.list.find((row: { id: number }) => row.id === sent.body.value.id),
    ).toMatchObject({
      readCount: 1,
    });

    const all = await t.send('POST', api.readAll.path, undefined, me.token);
    expect(all.body.value).toEqual({ unReadCount: 0 });
    expect((await inbox(me.token, '?status=unread')).body.value.total).toBe(0);
    expect(await unread(other.token)).toBe(2);
  });

  it('deletes a message from this member’s inbox only', async () => {
    await ownDay();
    const me = await registered(t);
    const other = await registered(t);
    await deposited(me.id);
    await broadcast({ audience: 'all', texts: [text('Delete me')] });
    const [news, deposit] = await idsOf(me.token);

    const gone = await t.send('DELETE', api.remove.path.replace(':id', news as string), undefined, me.token);
    expect(gone.body.value).toEqual({ unReadCount: 1 });
    expect(await idsOf(me.token)).toEqual([deposit]);
    expect(await idsOf(other.token)).toEqual([news]);
    expect(await unread(other.token)).toBe(1);

    const again = await t.send('DELETE', api.remove.path.replace(':id', news as string), undefined, me.token);
    expect([again.status, again.body.code]).toEqual([404, 'not_found']);
    const notMine = await t.send(
      'DELETE',
      api.remove.path.replace(':id', deposit as string),
      undefined,
      other.token,
    );
    expect([notMine.status, notMine.body.code]).toEqual([404, 'not_found']);
    await t.send('DELETE', api.remove.path.replace(':id', deposit as string), undefined, me.token);
    expect(await idsOf(me.token)).toEqual([]);
    const stored = await t.db.query('select deleted_at from member_messages where member_id = $1', [me.id]);
    expect(stored).toEqual([{ deleted_at: t.clock.now() }]);
  });

  it('sends a broadcast to one VIP level or one label only, and withdraws it from every inbox', async () => {
    await ownDay();
    const vip3 = await registered(t);
    const vip2 = await registered(t);
    const labelled = await registered(t);
    await t.db.query('update members set club_rank = 3 where id = $1', [vip3.id]);
    await t.db.query('update members set club_rank = 2 where id = $1', [vip2.id]);
    await t.db.query(`update members set member_labels = '["whale"]' where id = $1`, [labelled.id]);

    const toVip = await broadcast({ audience: 'vip', clubRank: 3, texts: [text('VIP3 only')] });
    const toLabel = await broadcast({ audience: 'label', label: 'whale', texts: [text('Whales')] });
    expect(toVip.body.value).toMatchObject({ audience: 'vip', clubRank: 3, recipients: 1 });
    expect(await idsOf(vip3.token)).toEqual([`B${toVip.body.value.id}`]);
    expect(await idsOf(vip2.token)).toEqual([]);
    expect(await idsOf(labelled.token)).toEqual([`B${toLabel.body.value.id}`]);
    expect(await unread(vip2.token)).toBe(0);

    const missing = await broadcast({ audience: 'vip', texts: [text('No level')] });
    expect([missing.status, missing.body.code, missing.body.fields]).toEqual([
      400,
      'validation_failed',
      { clubRank: expect.any(String) },
    ]);
    const empty = await broadcast({ audience: 'all', texts: [text('Only a script', '<script>x</script>')] });
    expect([empty.status, empty.body.code]).toEqual([400, 'validation_failed']);

    const withdrawn = await t.send(
      'POST',
      bo.withdrawBroadcast.path.replace(':id', String(toVip.body.value.id)),
      undefined,
      tokens.operations,
    );
    expect(withdrawn.body.value.withdrawnAt).toBe(t.clock.now().toISOString());
    await checks.expectAudited(tokens.operations, 'broadcast', {
      action: 'withdraw',
      entityId: toVip.body.value.id,
      before: toVip.body.value,
      after: withdrawn.body.value,
    });
    expect(await idsOf(vip3.token)).toEqual([]);
    const twice = await t.send(
      'POST',
      bo.withdrawBroadcast.path.replace(':id', String(toVip.body.value.id)),
      undefined,
      tokens.operations,
    );
    expect([twice.status, twice.body.code]).toEqual([409, 'broadcast_withdrawn']);
    const unknown = await t.send(
      'POST',
      bo.withdrawBroadcast.path.replace(':id', '999999'),
      undefined,
      tokens.owner,
    );
    expect([unknown.status, unknown.body.code]).toEqual([404, 'not_found']);
  });

  it('takes feedback, lists it for operators, and an operator’s reply reaches the member’s inbox', async () => {
    await ownDay();
    const me = await registered(t);
    const sent = await t.send(
      'PUT',
      api.feedback.path,
      { type: 'deposit', content: 'My deposit <b>is late</b>' },
      me.token,
    );
    expect(sent.body.value).toEqual({ id: expect.any(Number), status: 'new' });
    const short = await t.send('PUT', api.feedback.path, { type: 'deposit', content: 'hi' }, me.token);
    expect([short.status, short.body.code, Object.keys(short.body.fields ?? {})]).toEqual([
      400,
      'validation_failed',
      ['content'],
    ]);
    const badType = await t.send(
      'PUT',
      api.feedback.path,
      { type: 'nonsense', content: 'Hello there' },
      me.token,
    );
    expect([badType.status, badType.body.fields]).toEqual([400, { type: expect.any(String) }]);

    const listed = await t.get(`${bo.feedback.path}?status=new&type=deposit`, tokens.support);
    expect(listed.body.value.list[0]).toEqual({
      id: sent.body.value.id,
      memberId: me.id,
      username: expect.any(String),
      type: 'deposit',
      content: 'My deposit <b>is late</b>',
      status: 'new',
      reply: null,
      repliedBy: null,
      repliedAt: null,
      createdAt: t.clock.now().toISOString(),
    });
    expect(
      (await t.get(`${bo.feedback.path}?status=replied`, tokens.support)).body.value.list,
    ).not.toContainEqual(expect.objectContaining({ id: sent.body.value.id }));
    expect(
      (await t.get(`${bo.feedback.path}?type=games`, tokens.support)).body.value.list,
    ).not.toContainEqual(expect.objectContaining({ id: sent.body.value.id }));

    const path = bo.replyFeedback.path.replace(':id', String(sent.body.value.id));
    const replied = await t.send(
      'POST',
      path,
      { reply: 'It has arrived.\nSorry for the wait!' },
      tokens.support,
    );
    expect(replied.body.value).toMatchObject({
      status: 'replied',
      reply: 'It has arrived.\nSorry for the wait!',
    });
    await checks.expectAudited(tokens.support, 'feedback', {
      action: 'reply',
      entityId: sent.body.value.id,
      before: listed.body.value.list[0],
      after: replied.body.value,
    });
    const [message] = (await inbox(me.token)).body.value.list;
    expect(message).toMatchObject({
      type: 'PERSONAL',
      title: 'Reply to your feedback',
      content:
        'You wrote: “My deposit &lt;b&gt;is late&lt;/b&gt;”<br><br>Our reply: It has arrived.<br>Sorry for the wait!',
      read: false,
    });
    expect((await inbox(me.token, '?type=PERSONAL')).body.value.total).toBe(1);
    expect((await inbox(me.token, '?type=SYSTEM')).body.value.total).toBe(0);

    const closed = await t.send(
      'POST',
      bo.closeFeedback.path.replace(':id', String(sent.body.value.id)),
      undefined,
      tokens.operations,
    );
    expect(closed.body.value.status).toBe('closed');
    await checks.expectAudited(tokens.operations, 'feedback', {
      action: 'close',
      entityId: sent.body.value.id,
      before: replied.body.value,
      after: closed.body.value,
    });
    const late = await t.send('POST', path, { reply: 'Again' }, tokens.support);
    expect([late.status, late.body.code]).toEqual([409, 'feedback_closed']);
    const empty = await t.send('POST', path, { reply: '  ' }, tokens.support);
    expect([empty.status, empty.body.code]).toEqual([400, 'validation_failed']);
  });

  it('limits feedback per member per hour', async () => {
    await ownDay();
    const me = await registered(t);
    const other = await registered(t);
    const send = (token: string) =>
      t.send('PUT', api.feedback.path, { type: 'other', content: 'One more idea' }, token);
    for (let n = 0; n < FEEDBACK_LIMITS.perHour; n += 1) expect((await send(me.token)).status).toBe(200);
    const refused = await send(me.token);
    expect([refused.status, refused.body.code]).toEqual([429, 'feedback_limit']);
    expect((await send(other.token)).status).toBe(200);
    const stored = await t.db.query('select 1 from member_feedback where member_id = $1', [me.id]);
    expect(stored).toHaveLength(FEEDBACK_LIMITS.perHour);
    // An hour after the last one allowed (the session kept alive on the way), the member may send again.
    t.clock.advance(31 * 60_000);
    expect(await unread(me.token)).toBe(0);
    t.clock.advance(30 * 60_000);
    expect((await send(me.token)).status).toBe(200);
  });

  it('refuses visitors, trial accounts and operators on the member’s calls, and members and finance on the console’s', async () => {
    const trial = await t.memberToken(4);
    const memberCalls = [
      { method: 'GET' as const, url: api.unreadCount.path },
      { method: 'GET' as const, url: api.inbox.path },
      { method: 'POST' as const, url: api.read.path, body: { ids: ['P1'] } },
      { method: 'POST' as const, url: api.readAll.path },
      { method: 'DELETE' as const, url: api.remove.path.replace(':id', 'P1') },
      { method: 'PUT' as const, url: api.feedback.path, body: { type: 'other', content: 'Hello there' } },
    ];
    for (const { method, url, body } of memberCalls) {
      for (const [token, status, code] of [
        [undefined, 401, 'unauthorized'],
        [trial, 403, 'in_need_true_account'],
        [tokens.owner, 401, 'unauthorized'],
      ] as const) {
        const answer = await t.call({ method, url, token, ...(body ? { payload: body } : {}) });
        expect({ url, status: answer.status, code: answer.body.code }).toEqual({ url, status, code });
      }
    }
    await checks.expectRefusals(
      [
        { method: 'GET', url: bo.broadcasts.path },
        { method: 'POST', url: bo.sendBroadcast.path, body: { audience: 'all', texts: [text('x')] } },
        { method: 'POST', url: bo.withdrawBroadcast.path.replace(':id', '1') },
        { method: 'GET', url: bo.feedback.path },
        { method: 'POST', url: bo.replyFeedback.path.replace(':id', '1'), body: { reply: 'x' } },
        { method: 'POST', url: bo.closeFeedback.path.replace(':id', '1') },
      ],
      ['finance'],
    );
  });

  it('answers feature_disabled while the inbox module is off, and tells the original client by INBOX3', async () => {
    const me = await registered(t);
    const flags = async () =>
      Object.fromEntries(
        (await t.get('/wps/system/status')).body.value.info.whitelabel.map(
          (node: { modId: string; enabled: string }) => [node.modId, node.enabled],
        ),
      );
    expect(await flags()).toMatchObject({ INBOX3: '1', FEEDBACK3: '1' });
    await t.db.query("update module_flags set enabled = false where mod_id = 'MAILCENTER3'");
    try {
      const answer = await t.get(api.unreadCount.path, me.token);
      expect([answer.status, answer.body.code]).toEqual([403, 'feature_disabled']);
      expect(await flags()).toMatchObject({ INBOX3: '0', FEEDBACK3: '1' });
    } finally {
      await t.db.query("update module_flags set enabled = true where mod_id = 'MAILCENTER3'");
    }
  });
});

/** The unread count over /ws: a member's sockets hear the new count; a broadcast tells every player to ask. */
describe('inbox over /ws', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const connect = (token: string) => memberSocket(t, token);

  it('pushes the unread count when a message arrives, is read or deleted, and a refetch on a broadcast', async () => {
    const me = await registered(t);
    const other = await registered(t);
    const mine = await connect(me.token);
    const others = await connect(other.token);
    for (const orderNo of ['W1', 'W2']) {
      await write(t.db, { isolation: 'read committed' }, (tx) =>
        sendMessage(
          tx,
          me.id,
          'WITHDRAWAL_APPROVED',
          { amount: '5', currency: 'PHP', orderNo },
          t.clock.now(),
        ),
      );
    }
    await expect.poll(() => mine.messages.at(-1)).toEqual({ type: 'inbox.changed', unread: 2 });
    const [first, second] = ((await t.get(api.inbox.path, me.token)).body.value.list as { id: string }[]).map(
      (m) => m.id,
    );
    await t.send('POST', api.read.path, { ids: [first] }, me.token);
    await expect.poll(() => mine.messages.at(-1)).toEqual({ type: 'inbox.changed', unread: 1 });
    await t.send('DELETE', api.remove.path.replace(':id', second as string), undefined, me.token);
    await expect.poll(() => mine.messages.at(-1)).toEqual({ type: 'inbox.changed', unread: 0 });
    expect(others.messages.some((event) => event.type === 'inbox.changed')).toBe(false);

    await t.send(
      'POST',
      bo.sendBroadcast.path,
      { audience: 'all', texts: [{ language: 'EN', title: 'Hi', content: '<p>Hi</p>' }] },
      await t.operatorToken('support'),
    );
    await expect.poll(() => others.messages).toContainEqual({ type: 'inbox.changed', unread: null });
    await expect.poll(() => mine.messages).toContainEqual({ type: 'inbox.changed', unread: null });
    mine.socket.close();
    others.socket.close();
  });
});
