import { type MissionBody, missionConsoleEndpoints } from '@tessera/contract';
import type { Queryable } from '../../src/db/database.ts';
import { payout, stake } from '../../src/modules/games/round-owner.ts';
import { write } from '../../src/platform/write.ts';
import type { TestApp } from '../harness.ts';

/** Helpers for the mission tests: a mission body as the console sends it, sign-ins, rounds through the round owner. */

export function missionBody(fields: Partial<MissionBody> = {}): MissionBody {
  return {
    kind: 'daily',
    measure: 'bet_amount',
    product: null,
    titles: { EN: 'Daily spinner', VI: 'Quay mỗi ngày', CN: '每日转动' },
    milestones: [
      { target: 100, cash: 5, points: 10, turnoverMultiple: 2 },
      { target: 500, cash: 20, points: 0, turnoverMultiple: 1 },
    ],
    ...fields,
  };
}

/** Creates a mission the way the console does, answering its id. */
export async function createMission(
  t: TestApp,
  token: string,
  fields: Partial<MissionBody> = {},
): Promise<number> {
  const created = await t.send('POST', missionConsoleEndpoints.create.path, missionBody(fields), token);
  if (created.status !== 200) throw new Error(`mission not created: ${JSON.stringify(created.body)}`);
  return created.body.value.id as number;
}

/** A sign-in of the member at `at`, as the login records it. */
export async function addLogin(db: Queryable, memberId: number, at: Date): Promise<void> {
  await db.query(
    `insert into login_history (member_id, login_type, created_at) values ($1, 'username', $2)`,
    [memberId, at],
  );
}

let rounds = 0;

/** A round through the round owner: staked, then settled with its payout; answers its reference. */
export async function settledRound(
  t: TestApp,
  round: { memberId: number; gameId: number; bet: bigint; win: bigint; ref?: string },
): Promise<string> {
  rounds += 1;
  const ref = round.ref ?? `M${rounds}-${t.deps.rng.int(0, 1_000_000_000)}`;
  const of = { memberId: round.memberId, gameId: round.gameId, ref, currency: 'PHP', closed: false };
  await write(t.db, { isolation: 'read committed' }, async (tx) => {
    await stake(tx, of, round.bet, { key: `${ref}:bet` }, t.clock.now());
    await payout(tx, { ...of, closed: true }, round.win, { key: `${ref}:win` }, t.clock.now());
  });
  return ref;
}

/** The round settled again (a provider's second settlement, adding a payout): the same round, one more posting. */
export async function resettleRound(
  t: TestApp,
  round: { memberId: number; gameId: number; ref: string; win: bigint },
): Promise<void> {
  const of = {
    memberId: round.memberId,
    gameId: round.gameId,
    ref: round.ref,
    currency: 'PHP',
    closed: true,
  };
  await write(t.db, { isolation: 'read committed' }, (tx) =>
    payout(tx, of, round.win, { key: `${round.ref}:resettle` }, t.clock.now()),
  );
}

/** Switches missions (MISSION3). */
export async function setMissionsFlag(db: Queryable, enabled: boolean): Promise<void> {
  await db.query(`update module_flags set enabled = $1 where mod_id = 'MISSION3'`, [enabled]);
}
