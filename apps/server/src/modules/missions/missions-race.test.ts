import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGame, playedRound } from '../../../test/factories/games.ts';
import { createMission } from '../../../test/factories/missions.ts';
import { newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, TEST_DATABASE, type TestApp } from '../../../test/harness.ts';
import type { AppError } from '../../platform/app-error.ts';
import { claimMilestone, settleEvents } from './missions.ts';

/**
 * Missions under concurrency (real PostgreSQL, several connections): concurrent claims of one milestone pay once
 * (tickets too);
 * two settling runs of an ended event pay its prizes once.
 */
describe.runIf(TEST_DATABASE === 'postgres')('missions under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let operations: string;
  let slot: number;
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    await t.db.query(`update merchant set time_zone = 'UTC'`);
    operations = await t.operatorToken('operations');
    slot = await newGame(t, { vendor: 'HOUSE_SLOTS' });
  });
  afterAll(() => t.close());

  const postings = (like: string) =>
    t.db.query<{ idempotency_key: string }>(
      'select idempotency_key from ledger_transactions where idempotency_key like $1 order by id',
      [like],
    );

  it('pays one of eight concurrent claims of a milestone (cash, points, tickets); the others answer mission_claimed', async () => {
    const mission = {
      id: await createMission(t, operations, {
        milestones: [{ target: 100, cash: 5, points: 10, tickets: 2, turnoverMultiple: 2 }],
      }),
    };
    const member = await newMember(t);
    await playedRound(t, { memberId: member.id, gameId: slot, bet: 20_000n, win: 0n });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        claimMilestone(
          t.deps,
          member.id,
          { missionId: mission.id, index: 0 },
          { now: t.clock.now(), idempotency: null },
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as AppError).code] : [],
    );
    expect(refused).toEqual(Array(7).fill('mission_claimed'));
    const claims = await t.db.query('select id from mission_claims where mission_id = $1', [mission.id]);
    expect(claims).toHaveLength(1);
    const claimId = (claims[0] as { id: bigint }).id;
    expect(await postings(`mission:${claimId}%`)).toHaveLength(2);
    const tickets = await t.db.query('select delta, ref from ticket_movements where member_id = $1', [
      member.id,
    ]);
    expect(tickets).toEqual([{ delta: 2, ref: `mission:${claimId}` }]);
  });

  it('pays an ended event’s prizes once with two settling runs at the same time', async () => {
    // From a second on: the first test's round (at now) is not this event's.
    const start = new Date(t.clock.now().getTime() + 1_000);
    const mission = {
      id: await createMission(t, operations, {
        kind: 'event',
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
        leaderboard: {
          size: 3,
          prizeTurnoverMultiple: 1,
          prizes: [
            { cash: 10, points: 0 },
            { cash: 5, points: 0 },
          ],
        },
      }),
    };
    const [a, b] = [await newMember(t), await newMember(t)];
    await playedRound(t, {
      memberId: a.id,
      gameId: slot,
      bet: 5_000n,
      win: 0n,
      at: new Date(start.getTime() + 60_000),
    });
    await playedRound(t, {
      memberId: b.id,
      gameId: slot,
      bet: 9_000n,
      win: 0n,
      at: new Date(start.getTime() + 120_000),
    });
    const later = new Date(start.getTime() + 3 * 3_600_000);
    const settled = await Promise.all([settleEvents(t.deps, later), settleEvents(t.deps, later)]);
    expect(settled.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await postings(`mission-prize:${mission.id}:%`)).map((row) => row.idempotency_key)).toEqual([
      `mission-prize:${mission.id}:1`,
      `mission-prize:${mission.id}:2`,
    ]);
    const results = await t.db.query<{ rank: number; member_id: number }>(
      'select rank, member_id from mission_results where mission_id = $1 order by rank',
      [mission.id],
    );
    expect(results).toEqual([
      { rank: 1, member_id: b.id },
      { rank: 2, member_id: a.id },
    ]);
  });
});
