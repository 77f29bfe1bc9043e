import { raffleEndpoints as api, raffleConsoleEndpoints as bo } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveTickets, newRaffle } from '../../../test/factories/raffle.ts';
import { newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, TEST_DATABASE, type TestApp } from '../../../test/harness.ts';
import { write } from '../../platform/write.ts';
import * as ledger from '../wallet/ledger.ts';
import { prizeAt } from './raffles.ts';

/**
 * The prize wheel: the member's raffles, a draw (entry, roll, stock, credit) and its key, the original client's
 * calls, the console's raffles, draws and tickets. The seed's currency is PHP (2 digits).
 */
describe('raffles', () => {
  let t: TestApp;
  let operations: string;
  let support: string;

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    [operations, support] = [await t.operatorToken('operations'), await t.operatorToken('support')];
  });
  afterAll(() => t.close());

  const balances = async (memberId: number) => {
    const accounts = await ledger.memberAccounts(t.db, memberId);
    const of = (kind: string) => accounts.find((row) => row.kind === kind)?.balance ?? 0n;
    return { main: of('main'), points: of('points') };
  };
  const draw = (raffleId: number, token: string, key?: string) =>
    t.call({
      method: 'POST',
      url: api.draw.path.replace(':id', String(raffleId)),
      token,
      headers: key ? { 'idempotency-key': key } : {},
    });

  const usernameOf = async (memberId: number) =>
    (await t.db.query<{ username: string }>('select username from members where id = $1', [memberId]))[0]
      ?.username ?? '';

  /** A raffle as the console sends it: a physical prize of the given stock, the only one with a weight. */
  const consoleInput = (stock: number) => ({
    names: { EN: 'Gadget wheel', VI: 'Vòng quay quà', CN: '礼品转盘' },
    enabled: true,
    entryKind: 'tickets',
    entryCost: 1,
    dailyLimit: 5,
    prizes: [
      {
        names: { EN: 'Headphones', VI: 'Tai nghe', CN: '耳机' },
        kind: 'physical',
        value: 0,
        weight: 1,
        stock,
      },
      {
        names: { EN: 'Try again', VI: 'Thử lại', CN: '再接再厉' },
        kind: 'none',
        value: 0,
        weight: 0,
        stock: null,
      },
    ],
  });

  it('draws a prize for tickets, credits it, records the roll that decided it and answers a repeated key with the same draw', async () => {
    const raffle = await newRaffle(t.db, {
      entryCost: 2,
      prizes: [
        { kind: 'cash', value: 1_000n, weight: 3, stock: 5, turnoverMultiple: 2 },
        { kind: 'points', value: 50n, weight: 3, stock: null },
        { kind: 'tickets', value: 1n, weight: 3, stock: null },
      ],
    });
    const member = await newMember(t);
    await giveTickets(t, member.id, 5);
    const list = await t.get(api.list.path, member.token);
    expect(list.status).toBe(200);
    const shown = list.body.value.raffles.find((row: { id: number }) => row.id === raffle.id);
    expect(list.body.value.tickets).toBe(5);
    expect(shown).toMatchObject({ entryKind: 'tickets', entryCost: 2, dailyLimit: 10, drawsToday: 0 });
    expect(shown.prizes.map((prize: { kind: string; value: number }) => [prize.kind, prize.value])).toEqual([
      ['cash', 10],
      ['points', 50],
      ['tickets', 1],
    ]);

    const first = await draw(raffle.id, member.token, 'spin-1');
    expect(first.status).toBe(200);
    const won = first.body.value;
    const [row] = await t.db.query<{
      roll: number;
      total_weight: number;
      weights: { prizeId: number; weight: number }[];
    }>('select roll, total_weight, weights from raffle_draws where id = $1', [won.drawId]);
    expect(row?.total_weight).toBe(9);
    expect(prizeAt(row?.weights ?? [], row?.roll ?? -1)).toBe(won.prize.id);
    expect(won.prizeIndex).toBe(raffle.prizeIds.indexOf(won.prize.id));
    const after = await balances(member.id);
    if (won.prize.kind === 'cash') {
      expect(after.main).toBe(1_000n);
      const [obligation] = await t.db.query<{ required: bigint }>(
        `select required from turnover_obligations where member_id = $1 and source_ref = $2`,
        [member.id, `raffle:${won.drawId}`],
      );
      expect(obligation?.required).toBe(2_000n);
    }
    if (won.prize.kind === 'points') expect(after.points).toBe(50n);
    expect(won.tickets).toBe(won.prize.kind === 'tickets' ? 4 : 3);

    const again = await draw(raffle.id, member.token, 'spin-1');
    expect(again.body.value).toEqual(won);
    const [count] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from raffle_draws where member_id = $1',
      [member.id],
    );
    expect(count?.n).toBe(1);
  });

  it('refuses a draw without enough tickets or points, past the daily limit, of a closed or unknown raffle; refuses visitors, trial accounts and operators', async () => {
    const prizes = [
      { kind: 'points' as const, value: 5n, weight: 1, stock: null },
      { kind: 'none' as const, weight: 1, stock: null },
    ];
    const tickets = await newRaffle(t.db, { entryCost: 3, dailyLimit: 1, prizes });
    const points = await newRaffle(t.db, { entryKind: 'points', entryCost: 100, prizes });
    const closed = await newRaffle(t.db, { enabled: false, prizes });
    const member = await newMember(t);
    await giveTickets(t, member.id, 2);
    const short = await draw(tickets.id, member.token);
    expect([short.status, short.body.code]).toEqual([422, 'raffle_not_enough_tickets']);
    expect((await draw(points.id, member.token)).body.code).toBe('raffle_not_enough_points');
    await giveTickets(t, member.id, 4);
    expect((await draw(tickets.id, member.token)).status).toBe(200);
    const limit = await draw(tickets.id, member.token);
    expect([limit.status, limit.body.code]).toEqual([409, 'raffle_daily_limit']);
    expect((await draw(closed.id, member.token)).body.code).toBe('raffle_closed');
    expect((await draw(999_999, member.token)).body.code).toBe('not_found');
    // A refused draw took nothing: 6 granted, one entry of 3.
    expect((await t.get(api.list.path, member.token)).body.value.tickets).toBe(3);

    expect((await draw(tickets.id, '')).body.code).toBe('unauthorized');
    const trial = await newMember(t, 4);
    expect((await draw(tickets.id, trial.token)).body.code).toBe('in_need_true_account');
    expect((await t.get(api.list.path, trial.token)).body.code).toBe('in_need_true_account');
    expect((await draw(tickets.id, operations)).status).toBe(401);
  });

  it('never draws a prize whose stock is spent, and says so when no prize is left', async () => {
    const raffle = await newRaffle(t.db, {
      entryKind: 'points',
      entryCost: 1,
      prizes: [
        { kind: 'physical', weight: 1, stock: 1 },
        { kind: 'cash', value: 500n, weight: 1, stock: 1 },
      ],
    });
    const member = await newMember(t);
    await write(t.db, { isolation: 'read committed' }, (tx) =>
      ledger.post(
        tx,
        {
          key: `test-points:${member.id}`,
          kind: 'points',
          memberId: member.id,
          reference: 'test',
          legs: [
            { account: { member: member.id, wallet: 'points' }, amount: 10n },
            { account: { system: 'house:points' }, amount: -10n },
          ],
        },
        t.clock.now(),
      ),
    );
    const kinds = [(await draw(raffle.id, member.token)).body.value.prize.kind];
    kinds.push((await draw(raffle.id, member.token)).body.value.prize.kind);
    expect(kinds.sort()).toEqual(['cash', 'physical']);
    const none = await draw(raffle.id, member.token);
    expect([none.status, none.body.code]).toEqual([409, 'raffle_no_prize_left']);
    expect((await balances(member.id)).points).toBe(8n);
    const status = await t.get(`${api.originalStatus.path}?promotionId=${raffle.id}`, member.token);
    expect(status.body.value.list).toEqual([
      expect.objectContaining({ promotionId: raffle.id, status: 'C', entryType: 'POINTS', claimedToday: 2 }),
    ]);
  });

  it('serves the original client’s claim and status calls in its field names', async () => {
    const raffle = await newRaffle(t.db, {
      prizes: [
        { kind: 'tickets', value: 2n, weight: 1, stock: null },
        { kind: 'tickets', value: 2n, weight: 1, stock: null },
      ],
    });
    const member = await newMember(t);
    await giveTickets(t, member.id, 1);
    const status = await t.get(api.originalStatus.path, member.token);
    expect(status.body.value).toMatchObject({ ticketBalance: 1, pointBalance: 0 });
    expect(status.body.value.list).toContainEqual(
      expect.objectContaining({ promotionId: raffle.id, status: 'O', entryType: 'TICKETS', entryCost: 1 }),
    );
    const claim = await t.send(
      'POST',
      api.originalClaim.path,
      { promotionId: raffle.id, requestId: 'r-1' },
      member.token,
    );
    expect(claim.body.value).toMatchObject({
      promotionId: raffle.id,
      prizeType: 'TICKETS',
      prizeAmount: 2,
      ticketBalance: 2,
    });
    // The same requestId is the same claim (the original sends no Idempotency-Key).
    const again = await t.send(
      'POST',
      api.originalClaimFe.path,
      { promotionId: raffle.id, requestId: 'r-1' },
      member.token,
    );
    expect(again.body.value.drawId).toBe(claim.body.value.drawId);
    const missing = await t.send('POST', api.originalClaim.path, {}, member.token);
    expect([missing.status, missing.body.code, Object.keys(missing.body.fields ?? {})]).toEqual([
      400,
      'validation_failed',
      ['promotionId'],
    ]);
  });

  it('lets operations create and edit raffles, audited, and support read them and the draws; refuses support’s writes and members', async () => {
    const input = {
      names: { EN: 'Golden wheel', VI: 'Vòng quay vàng', CN: '黄金转盘' },
      enabled: true,
      entryKind: 'tickets',
      entryCost: 1,
      dailyLimit: 3,
      prizes: [
        {
          names: { EN: 'Cash 88', VI: 'Tiền 88', CN: '现金 88' },
          kind: 'cash',
          value: '88.50',
          turnoverMultiple: 3,
          weight: 1,
          stock: 10,
        },
        {
          names: { EN: 'Try again', VI: 'Thử lại', CN: '再接再厉' },
          kind: 'none',
          value: 0,
          weight: 5,
          stock: null,
        },
      ],
    };
    const created = await t.send('POST', bo.create.path, input, operations);
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({ names: input.names, entryCost: 1, draws: 0 });
    expect(created.body.value.prizes[0]).toMatchObject({
      kind: 'cash',
      value: 88.5,
      stock: 10,
      won: 0,
      weight: 1,
    });
    const id = created.body.value.id;
    const prizeId = created.body.value.prizes[0].id;
    const edited = await t.send(
      'PUT',
      bo.update.path.replace(':id', String(id)),
      { ...input, prizes: [{ ...input.prizes[0], id: prizeId, stock: 4 }, input.prizes[1]] },
      operations,
    );
    expect(edited.body.value.prizes[0]).toMatchObject({ id: prizeId, stock: 4 });
    const audits = await t.db.query<{ action: string }>(
      "select action from audit_log where entity = 'raffle' and entity_id = $1 order by id",
      [String(id)],
    );
    expect(audits.map((row) => row.action)).toEqual(['create', 'update']);

    const noStock = await t.send(
      'POST',
      bo.create.path,
      { ...input, prizes: [{ ...input.prizes[0], stock: null }, input.prizes[1]] },
      operations,
    );
    expect([noStock.status, noStock.body.code, Object.keys(noStock.body.fields ?? {})]).toEqual([
      400,
      'validation_failed',
      ['prizes.0.stock'],
    ]);
    const noWeight = await t.send(
      'POST',
      bo.create.path,
      { ...input, prizes: input.prizes.map((prize) => ({ ...prize, weight: 0 })) },
      operations,
    );
    expect(noWeight.body.fields).toHaveProperty('prizes');

    expect((await t.get(bo.list.path, support)).body.value.some((row: { id: number }) => row.id === id)).toBe(
      true,
    );
    expect((await t.send('POST', bo.create.path, input, support)).status).toBe(403);
    const member = await newMember(t);
    expect((await t.get(bo.list.path, member.token)).status).toBe(401);

    await giveTickets(t, member.id, 1);
    await draw(id, member.token);
    const draws = await t.get(`${bo.draws.path}?raffleId=${id}`, support);
    expect(draws.body.value).toMatchObject({ total: 1, currency: 'PHP' });
    expect(draws.body.value.list[0]).toMatchObject({
      memberId: member.id,
      entryKind: 'tickets',
      totalWeight: 6,
    });

    const grant = await t.send(
      'POST',
      bo.grantTickets.path,
      { memberId: member.id, count: 7, reason: 'VIP gift' },
      operations,
    );
    expect(grant.body.value).toEqual({ memberId: member.id, tickets: 7 });
    const takeTooMany = await t.send(
      'POST',
      bo.grantTickets.path,
      { memberId: member.id, count: -8, reason: 'mistake' },
      operations,
    );
    expect(takeTooMany.body.code).toBe('raffle_not_enough_tickets');
    expect(
      (await t.send('POST', bo.grantTickets.path, { memberId: member.id, count: 1, reason: 'x' }, support))
        .status,
    ).toBe(403);
  });

  it('keeps the stock as a total: a save of the form loaded before draws leaves them counted, and refuses a total below the prizes won', async () => {
    const input = consoleInput(3);
    const created = await t.send('POST', bo.create.path, input, operations);
    const { id, prizes } = created.body.value;
    expect(created.body.value.prizes[0]).toMatchObject({ stock: 3, won: 0, left: 3 });
    const member = await newMember(t);
    await giveTickets(t, member.id, 2);
    expect((await draw(id, member.token)).body.value.prize.kind).toBe('physical');
    expect((await draw(id, member.token)).body.value.prize.kind).toBe('physical');
    const withIds = (stock: number) => ({
      ...input,
      prizes: input.prizes.map((prize, index) => ({
        ...prize,
        id: prizes[index].id,
        stock: index ? null : stock,
      })),
    });
    // Saved as loaded (total 3) after two draws: one is left, not three.
    const saved = await t.send('PUT', bo.update.path.replace(':id', String(id)), withIds(3), operations);
    expect(saved.body.value.prizes[0]).toMatchObject({ stock: 3, won: 2, left: 1 });
    const below = await t.send('PUT', bo.update.path.replace(':id', String(id)), withIds(1), operations);
    expect([below.status, below.body.code, below.body.fields]).toEqual([
      400,
      'validation_failed',
      { 'prizes.0.stock': 'The stock cannot be below the prizes already won' },
    ]);
    const raised = await t.send('PUT', bo.update.path.replace(':id', String(id)), withIds(5), operations);
    expect(raised.body.value.prizes[0]).toMatchObject({ stock: 5, won: 2, left: 3 });
  });

  it('queues physical prizes for hand-over: the operator hands one over with a note and cancels one back into stock, audited; the member reads both', async () => {
    const created = await t.send('POST', bo.create.path, consoleInput(2), operations);
    const { id, prizes } = created.body.value;
    const member = await newMember(t);
    await giveTickets(t, member.id, 2);
    const first = (await draw(id, member.token)).body.value.drawId;
    const second = (await draw(id, member.token)).body.value.drawId;
    expect((await draw(id, member.token)).body.code).toBe('raffle_no_prize_left');

    const mine = await t.get(api.prizes.path, member.token);
    expect(mine.status).toBe(200);
    expect(mine.body.value.list).toEqual([
      expect.objectContaining({ drawId: second, prizeName: 'Headphones', status: 'pending', note: null }),
      expect.objectContaining({
        drawId: first,
        raffleName: 'Gadget wheel',
        status: 'pending',
        decidedAt: null,
      }),
    ]);

    const username = await usernameOf(member.id);
    const queue = await t.get(`${bo.handovers.path}?status=pending&username=${username}`, support);
    expect(queue.status).toBe(200);
    expect(queue.body.value).toMatchObject({ total: 2 });
    expect(queue.body.value.list[0]).toMatchObject({
      id: second,
      raffleId: id,
      memberId: member.id,
      username,
      prizeName: 'Headphones',
      status: 'pending',
    });

    const path = (action: 'hand-over' | 'cancel', drawId: number) =>
      bo.handOver.path.replace(':id', String(drawId)).replace('hand-over', action);
    const handed = await t.send(
      'POST',
      path('hand-over', first),
      { note: 'Courier ABC 123, 2 Dec' },
      operations,
    );
    expect(handed.status).toBe(200);
    expect(handed.body.value).toMatchObject({ status: 'handed_over', note: 'Courier ABC 123, 2 Dec' });
    expect(handed.body.value.decidedBy).toEqual(expect.any(String));
    const cancelled = await t.send(
      'POST',
      path('cancel', second),
      { note: 'Member unreachable' },
      operations,
    );
    expect(cancelled.body.value).toMatchObject({ status: 'cancelled', note: 'Member unreachable' });
    const audits = await t.db.query<{ action: string; entity_id: string }>(
      "select action, entity_id from audit_log where entity = 'raffle_handover' and entity_id = any($1) order by id",
      [[String(first), String(second)]],
    );
    expect(audits).toEqual([
      { action: 'hand_over', entity_id: String(first) },
      { action: 'cancel', entity_id: String(second) },
    ]);
    // The cancelled prize is back in stock: the one handed over stays won.
    const raffles = (await t.get(bo.list.path, support)).body.value;
    const prize = raffles.find((row: { id: number }) => row.id === id).prizes[0];
    expect(prize).toMatchObject({ id: prizes[0].id, stock: 2, won: 1, left: 1 });
    expect((await t.get(api.prizes.path, member.token)).body.value.list).toEqual([
      expect.objectContaining({ drawId: second, status: 'cancelled', note: 'Member unreachable' }),
      expect.objectContaining({ drawId: first, status: 'handed_over', note: 'Courier ABC 123, 2 Dec' }),
    ]);
  });

  it('refuses a decided hand-over, an unknown one, an empty note, support’s and members’ decisions, and visitors’ and trial accounts’ prize lists', async () => {
    const created = await t.send('POST', bo.create.path, consoleInput(5), operations);
    const member = await newMember(t);
    await giveTickets(t, member.id, 1);
    const drawId = (await draw(created.body.value.id, member.token)).body.value.drawId;
    const handOver = (id: number, body: object, token: string) =>
      t.send('POST', bo.handOver.path.replace(':id', String(id)), body, token);
    const cancel = (id: number, body: object, token: string) =>
      t.send('POST', bo.cancelHandover.path.replace(':id', String(id)), body, token);

    const empty = await handOver(drawId, { note: ' ' }, operations);
    expect([empty.status, empty.body.code, Object.keys(empty.body.fields ?? {})]).toEqual([
      400,
      'validation_failed',
      ['note'],
    ]);
    expect((await handOver(drawId, { note: 'Posted' }, support)).status).toBe(403);
    expect((await cancel(drawId, { note: 'No' }, member.token)).status).toBe(401);
    expect((await handOver(drawId, { note: 'Posted' }, '')).status).toBe(401);
    const unknown = await handOver(999_999_999, { note: 'Posted' }, operations);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'raffle_handover_not_found']);

    expect((await handOver(drawId, { note: 'Posted' }, operations)).status).toBe(200);
    const twice = await cancel(drawId, { note: 'Changed my mind' }, operations);
    expect([twice.status, twice.body.code]).toEqual([409, 'raffle_handover_decided']);
    const again = await handOver(drawId, { note: 'Posted again' }, operations);
    expect(again.body.code).toBe('raffle_handover_decided');
    const row = (await t.get(`${bo.handovers.path}?username=${await usernameOf(member.id)}`, support)).body
      .value.list[0];
    expect(row).toMatchObject({ status: 'handed_over', note: 'Posted' });

    expect((await t.get(bo.handovers.path, member.token)).status).toBe(401);
    const badStatus = await t.get(`${bo.handovers.path}?status=lost`, support);
    expect([badStatus.status, badStatus.body.code]).toEqual([400, 'validation_failed']);
    expect((await t.get(api.prizes.path, '')).body.code).toBe('unauthorized');
    const trial = await newMember(t, 4);
    expect((await t.get(api.prizes.path, trial.token)).body.code).toBe('in_need_true_account');
    expect((await t.get(api.prizes.path, operations)).status).toBe(401);
  });

  describe.runIf(TEST_DATABASE === 'postgres')('under concurrency (PostgreSQL)', () => {
    it('gives the last prize of stock to exactly one of many concurrent draws', async () => {
      const raffle = await newRaffle(t.db, {
        prizes: [
          { kind: 'cash', value: 100n, weight: 1, stock: 1 },
          { kind: 'physical', weight: 1, stock: 1 },
        ],
      });
      const members = await Promise.all(Array.from({ length: 8 }, () => newMember(t)));
      for (const member of members) await giveTickets(t, member.id, 1);
      const answers = await Promise.all(members.map((member) => draw(raffle.id, member.token)));
      const codes = answers.map((answer) => answer.body.code).sort();
      expect(codes).toEqual([...Array(6).fill('raffle_no_prize_left'), 'ok', 'ok'].sort());
      const [prizes] = await t.db.query<{ won: number; stock: number }>(
        'select sum(won)::int as won, sum(stock)::int as stock from raffle_prizes where raffle_id = $1',
        [raffle.id],
      );
      expect(prizes).toEqual({ won: 2, stock: 2 });
    });

    it('never hands out more prizes than the total when an operator saves the stock while draws run', async () => {
      const input = consoleInput(3);
      const created = await t.send('POST', bo.create.path, input, operations);
      const { id, prizes } = created.body.value;
      const members = await Promise.all(Array.from({ length: 6 }, () => newMember(t)));
      for (const member of members) await giveTickets(t, member.id, 1);
      // The operator loaded the form before the draws and saves a total of 3 (unchanged) while they run.
      const save = () =>
        t.send(
          'PUT',
          bo.update.path.replace(':id', String(id)),
          { ...input, prizes: input.prizes.map((prize, index) => ({ ...prize, id: prizes[index].id })) },
          operations,
        );
      const answers = await Promise.all([...members.map((member) => draw(id, member.token)), save(), save()]);
      expect(answers.slice(-2).map((answer) => answer.status)).toEqual([200, 200]);
      const drawn = answers.slice(0, members.length).map((answer) => answer.body.code);
      expect(drawn.filter((code) => code === 'ok')).toHaveLength(3);
      const [physical] = await t.db.query<{ won: number; stock: number; draws: number }>(
        `select p.won, p.stock, (select count(*)::int from raffle_draws d where d.prize_id = p.id) as draws
         from raffle_prizes p where p.id = $1`,
        [prizes[0].id],
      );
      expect(physical).toEqual({ won: 3, stock: 3, draws: 3 });
    });
  });
});
