import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainBalance } from '../../../test/factories/house.ts';
import { betCall, currentDraw, drawRow, setOdds, ticketRows } from '../../../test/factories/lottery.ts';
import { walletMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildJobRunner } from '../../jobs.ts';
import { drawIfDue } from './draws.ts';
import { sweep } from './jobs.ts';
import { settleDraw } from './settlement.ts';

/**
 * Concurrency (meaningful on PostgreSQL, where these calls run at once as in several server processes): two job
 * runners and direct callers racing on one draw draw it once and pay each ticket once; concurrent bets never pass a
 * number's cap nor take a wallet below zero.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

const PHP = 100n;

describe('lottery draws under concurrency', () => {
  it('draws once and settles each ticket once when two processes and direct callers race', async () => {
    t.clock.advance(3_600_000);
    const members = await Promise.all(
      Array.from({ length: 8 }, () => walletMember(t, { funds: 500n * PHP })),
    );
    const { numero, drawsAt } = await currentDraw(t, 'E_MB1');
    const every = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
    await Promise.all(
      members.flatMap((member, index) => [
        betCall(t, member.token, {
          gameId: 'E_MB1',
          numero,
          betType: 'de_special',
          numbers: every,
          points: 1,
        }),
        betCall(t, member.token, {
          gameId: 'E_MB1',
          numero,
          betType: 'lo2',
          numbers: every.slice(index * 10, index * 10 + 10),
          points: 1,
        }),
      ]),
    );
    const draw = await drawRow(t, 'E_MB1', numero);
    t.clock.set(drawsAt);
    const now = t.clock.now();
    // Two "processes": each its own job runner on the same database, beside direct draws and settlements.
    const runners = [
      buildJobRunner(t.deps, { workerId: 'one' }),
      buildJobRunner(t.deps, { workerId: 'two' }),
    ];
    await Promise.all([
      ...runners.map((runner) => runner.runDue()),
      sweep(t.deps, now),
      sweep(t.deps, now),
      drawIfDue(t.deps, draw.id, now),
      drawIfDue(t.deps, draw.id, now),
      settleDraw(t.deps, draw.id, now, 3),
      settleDraw(t.deps, draw.id, now, 5),
    ]);
    await sweep(t.deps, now);

    const drawn = await drawRow(t, 'E_MB1', numero);
    expect(drawn.state).toBe('settled');
    const posted = await t.db.query<{ idempotency_key: string; n: number }>(
      `select idempotency_key, count(*)::int as n from ledger_transactions where idempotency_key like 'lottery:win:%'
       group by idempotency_key`,
    );
    expect(posted.length).toBeGreaterThanOrEqual(members.length);
    expect(posted.every((row) => row.n === 1)).toBe(true);
    for (const member of members) {
      const tickets = await ticketRows(t, member.id);
      expect(tickets.every((ticket) => ticket.state === 'won' || ticket.state === 'lost')).toBe(true);
      const staked = tickets.reduce((sum, ticket) => sum + ticket.stake, 0n);
      const won = tickets.reduce((sum, ticket) => sum + (ticket.payout ?? 0n), 0n);
      expect(await mainBalance(t, member.id)).toBe(500n * PHP - staked + won);
      // đề on every number wins exactly once.
      expect(tickets.find((ticket) => ticket.bet_type === 'de_special')?.payout).toBe(80n * PHP);
    }
    const drawJobs = await t.db.query<{ n: number }>(
      `select count(*)::int as n from jobs where kind = 'lottery-draw' and payload->>'drawId' = $1`,
      [String(draw.id)],
    );
    expect(drawJobs[0]?.n).toBe(1);
  });

  it('never sells past a number’s cap, whatever the concurrency', async () => {
    t.clock.advance(2 * 3_600_000);
    await setOdds(t, 'north27', 'de_first', { cap: 1_000n * PHP });
    const members = await Promise.all(
      Array.from({ length: 10 }, () => walletMember(t, { funds: 100n * PHP })),
    );
    const { numero } = await currentDraw(t, 'E_MB3');
    // 3 points of đề giải nhất may owe 240: four such tickets fit under 1,000, a fifth does not.
    const answers = await Promise.all(
      members.map((member) =>
        betCall(t, member.token, {
          gameId: 'E_MB3',
          numero,
          betType: 'de_first',
          numbers: ['77'],
          points: 3,
        }),
      ),
    );
    const sold = answers.filter((answer) => answer.body.success);
    expect(sold).toHaveLength(4);
    expect(answers.filter((answer) => answer.body.code === 'lottery_cap_exceeded')).toHaveLength(6);
    const [exposure] = await t.db.query<{ payout: bigint }>(
      "select payout from lottery_exposure where bet_type = 'de_first' and line_key = '77'",
    );
    expect(exposure?.payout).toBe(960n * PHP);
    await setOdds(t, 'north27', 'de_first', { cap: 200_000_000n * PHP });
  });

  it('never takes a wallet below zero when one member bets many times at once', async () => {
    t.clock.advance(3 * 3_600_000);
    const member = await walletMember(t, { funds: 70n * PHP });
    const { numero } = await currentDraw(t, 'E_MB2');
    // Each ticket costs 23: three fit in 70, the other seven are refused.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        betCall(t, member.token, {
          gameId: 'E_MB2',
          numero,
          betType: 'lo2',
          numbers: [String(n).padStart(2, '0')],
          points: 1,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(3);
    expect(answers.filter((answer) => answer.body.code === 'insufficient_balance')).toHaveLength(7);
    expect(await mainBalance(t, member.id)).toBe(1n * PHP);
    expect(await ticketRows(t, member.id)).toHaveLength(3);
  });

  it('a schedule change racing bets on the draw it would move leaves one draw row, whose times every ticket shows', async () => {
    // Wednesday 10 June, 10:00 in Vietnam: XSMB (18:15, 11:15 UTC) is on sale; it is moved to 20:30 while bets arrive.
    t.clock.set(new Date('2026-06-10T03:00:00Z'));
    const operations = await t.operatorToken('operations');
    const members = await Promise.all(
      Array.from({ length: 6 }, () => walletMember(t, { funds: 100n * PHP })),
    );
    const { numero } = await currentDraw(t, 'XSMB');
    const schedule = (drawTime: string) => ({
      enabled: true,
      lockSeconds: 900,
      intervalSeconds: null,
      drawTime,
      drawDays: '1,2,3,4,5,6,7',
      missed: 'late',
    });
    const [change, ...bets] = await Promise.all([
      t.send('PUT', '/backoffice/api/lottery/games/XSMB', schedule('20:30'), operations),
      ...members.map((member) =>
        betCall(t, member.token, { gameId: 'XSMB', numero, betType: 'lo2', numbers: ['45'], points: 1 }),
      ),
    ]);
    try {
      expect(change?.body.success, change?.body.code).toBe(true);
      // A bet is sold on the draw, or refused because the draw it named was moved: nothing else.
      for (const bet of bets) {
        expect(bet.body.success || bet.body.code === 'lottery_betting_closed', bet.body.code).toBe(true);
      }
      const sold = bets.filter((bet) => bet.body.success).length;
      const draw = await drawRow(t, 'XSMB', numero);
      const tickets = await t.db.query<{ draw_id: bigint }>(
        'select draw_id from lottery_tickets where draw_id = $1',
        [draw.id],
      );
      expect(tickets).toHaveLength(sold);
      // The draw kept its times (a ticket came first) or moved (the change came first, and bets after it were sold
      // on the moved draw): either way each ticket says the times of the one draw row.
      expect(['2026-06-10T11:15:00.000Z', '2026-06-10T13:30:00.000Z']).toContain(draw.draws_at.toISOString());
      for (const bet of bets.filter((answer) => answer.body.success)) {
        expect(bet.body.value.drawsAt).toBe(draw.draws_at.toISOString());
      }
      for (const [index, member] of members.entries()) {
        expect(await mainBalance(t, member.id)).toBe(bets[index]?.body.success ? 77n * PHP : 100n * PHP);
      }
    } finally {
      await t.send('PUT', '/backoffice/api/lottery/games/XSMB', schedule('18:15'), operations);
    }
  });
});
