import { supportPlayerEndpoints as api, supportConsoleEndpoints as bo } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quietWorkspace, setSupportHours } from '../../../test/factories/support.ts';
import { newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { operatorSocket } from '../../../test/sockets.ts';
import { buildApp } from '../../app.ts';
import { processLocal } from '../../platform/process-local.ts';
import { RealtimeHub } from '../../platform/realtime.ts';

/**
 * "Online" in support's round robin (issue 26): available AND the console open, i.e. a /ws socket of the operator
 * on any server process. Two processes on one database, each with its own hub and process-local state, as in
 * production: only the presence rows tell one process about the other's sockets.
 */
describe('support operators online only while their console is open', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondHub: RealtimeHub;
  let operations: string;

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    secondHub = new RealtimeHub(t.db);
    await secondHub.start();
    second = await buildApp(
      { ...t.deps, realtime: secondHub, local: processLocal(t.db, secondHub, t.config) },
      { logger: false },
    );
    await second.listen({ port: 0, host: '127.0.0.1' });
    operations = await t.operatorToken('operations');
  });
  afterAll(async () => {
    await second.close();
    await secondHub.stop();
    await t.close();
  });
  beforeEach(async () => {
    await quietWorkspace(t);
    await setSupportHours(t, operations, 0, 1440);
    t.clock.advance(60_000);
  });

  /** A support operator, available for general, with no console open. */
  const operator = async () => {
    const token = await t.operatorToken('support');
    const set = await t.send(
      'PUT',
      bo.setAgent.path,
      { available: true, teams: ['general'], capacity: 6 },
      token,
    );
    expect(set.status).toBe(200);
    return { token, id: set.body.value.operatorId as number };
  };
  /** A new member's first message: the conversation's assignee (null: it waits in the queue). */
  const newConversation = async () => {
    const member = await newMember(t);
    const sent = await t.send('POST', api.send.path, { text: 'Hello?' }, member.token);
    expect(sent.status).toBe(200);
    const id = sent.body.value.conversation.id as number;
    const [row] = await t.db.query<{ assignee_id: number | null }>(
      'select assignee_id from support_conversations where id = $1',
      [id],
    );
    return { id, assignee: row?.assignee_id ?? null };
  };
  const presenceRows = async (operatorId: number) => {
    const [row] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from operator_presence where operator_id = $1',
      [operatorId],
    );
    return row?.n ?? 0;
  };

  it('assigns only to an operator with a console socket on either process; after the last closes, new ones wait and assigned ones stay', async () => {
    const away = await operator();
    const here = await operator();
    // The console open on the second process only; the first process assigns.
    const there = await operatorSocket({ app: second }, here.token);
    const first = await newConversation();
    expect(first.assignee).toBe(here.id);
    const secondOne = await newConversation();
    expect(secondOne.assignee).toBe(here.id);

    // A second tab on the first process; the second process's closes: still online.
    const tab = await operatorSocket(t, here.token);
    there.socket.close();
    await expect.poll(() => presenceRows(here.id)).toBe(1);
    expect((await newConversation()).assignee).toBe(here.id);

    // The last socket closes: no new conversation for this operator (nor for the one who never opened the console).
    tab.socket.close();
    await expect.poll(() => presenceRows(here.id)).toBe(0);
    const waiting = await newConversation();
    expect(waiting.assignee).toBeNull();
    expect(await presenceRows(away.id)).toBe(0);
    const queue = await t.get(`${bo.queues.path}?mine=1`, here.token);
    expect(queue.body.value.conversations.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([first.id, secondOne.id]),
    );
    expect(queue.body.value.conversations.map((row: { id: number }) => row.id)).not.toContain(waiting.id);

    // Going available again without the console open takes nothing waiting; opening the console, available, does
    // (no need to touch the switch again).
    const again = await t.send(
      'PUT',
      bo.setAgent.path,
      { available: true, teams: ['general'], capacity: 6 },
      away.token,
    );
    expect(again.status).toBe(200);
    expect(
      (await t.get(`${bo.conversation.path.replace(':id', String(waiting.id))}`, operations)).body.value
        .assigneeId,
    ).toBeNull();
    await operatorSocket({ app: second }, away.token);
    await expect
      .poll(
        async () =>
          (await t.get(`${bo.conversation.path.replace(':id', String(waiting.id))}`, operations)).body.value
            .assigneeId,
      )
      .toBe(away.id);
  });

  it('does not count a presence row its process stopped touching (it died) after the cut-off', async () => {
    const ghost = await operator();
    // A process that died 2 minutes ago left its row.
    await t.db.query(
      `insert into operator_presence (operator_id, process_id, seen_at)
       values ($1, 'gone-host:1:1', now() - interval '2 minutes')`,
      [ghost.id],
    );
    expect((await newConversation()).assignee).toBeNull();
    // The same row touched within the cut-off counts.
    await t.db.query('update operator_presence set seen_at = now() where operator_id = $1', [ghost.id]);
    expect((await newConversation()).assignee).toBe(ghost.id);
  });
});
