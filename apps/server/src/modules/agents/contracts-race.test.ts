import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeContract, pendingOffer, storedTier } from '../../../test/factories/agent-contracts.ts';
import { placeMember } from '../../../test/factories/agents.ts';
import { startTestApp, TEST_DATABASE, type TestApp } from '../../../test/harness.ts';
import type { AppError } from '../../platform/app-error.ts';
import { answerContract, offerToDownline } from './contracts.ts';
import { exceeds, parseTiers, type StoredTier } from './contracts-rules.ts';

/**
 * The differential rule under concurrency (real PostgreSQL, several connections): whatever the order two writers
 * commit in, no contract in force or open offer pays more than its upline's contract in force.
 */
describe.runIf(TEST_DATABASE === 'postgres')('agent contracts under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false, demo: false });
  });
  afterAll(() => t.close());

  /** Every contract (in force or offered) given by an upline that pays more than, or lacks, the upline's own. */
  async function violations(): Promise<string[]> {
    const rows = await t.db.query<{
      id: number;
      status: string;
      tiers: StoredTier[];
      upline_id: number;
      own: StoredTier[] | null;
    }>(
      `select c.id::int as id, c.status, c.tiers, c.upline_id,
              (select o.tiers from agent_contracts o where o.agent_id = c.upline_id and o.kind = c.kind
                and o.product = c.product and o.status in ('active', 'termination_requested')) as own
         from agent_contracts c
        where c.upline_id is not null and c.status in ('pending', 'edited', 'active', 'termination_requested')`,
    );
    return rows
      .filter((row) => !row.own || exceeds(parseTiers(row.tiers), parseTiers(row.own)))
      .map((row) => `${row.status} contract ${row.id} exceeds its upline ${row.upline_id}'s`);
  }

  /** A top agent at 1 %, its downline a at 0.8 % with a lower offer (0.4 %) waiting, and a's downline b. */
  async function tree() {
    const now = t.clock.now();
    const top = await placeMember(t.db, { type: 1 });
    const a = await placeMember(t.db, { type: 1, upline: top });
    const b = await placeMember(t.db, { type: 1, upline: a });
    await activeContract(t.db, { agentId: top, tiers: [storedTier(1)], at: now });
    const held = await activeContract(t.db, { agentId: a, uplineId: top, tiers: [storedTier(0.8)], at: now });
    const lower = await pendingOffer(t.db, {
      agentId: a,
      kind: 'daily_salary',
      product: 'LOTT',
      tiers: [storedTier(0.4)],
      at: now,
    });
    await t.db.query(
      "update agent_contracts set upline_id = $2, status = 'edited', replaces_id = $3 where id = $1",
      [lower, top, held],
    );
    const [row] = await t.db.query<{ username: string }>('select username from members where id = $1', [b]);
    return { top, a, b, bName: row?.username as string, lower };
  }

  const refusedOnly = (results: PromiseSettledResult<unknown>[]) =>
    results
      .filter((result) => result.status === 'rejected')
      .map((result) => (result.reason as AppError).code);

  it('an accept racing another accept below it keeps the rule', async () => {
    for (let round = 0; round < 8; round += 1) {
      const branch = await tree();
      const offered = await offerToDownline(
        t.deps,
        branch.a,
        {
          downline: branch.bName,
          kind: 'daily_salary',
          product: 'LOTT',
          payer: 'platform',
          tiers: [{ minimumBet: 0, netLoss: 0, activeMember: 0, rateType: 'P', rate: 0.6 }],
        },
        null,
        t.clock.now(),
      );
      const results = await Promise.allSettled([
        answerContract(t.deps, branch.a, branch.lower, 'A', null, t.clock.now()),
        answerContract(t.deps, branch.b, offered.id, 'A', null, t.clock.now()),
      ]);
      expect(results[0]?.status).toBe('fulfilled');
      for (const code of refusedOnly(results)) expect(code).toBe('contract_answer_invalid');
      expect(await violations()).toEqual([]);
      const [status] = await t.db.query<{ status: string }>(
        'select status from agent_contracts where id = $1',
        [offered.id],
      );
      expect(status?.status).toBe('cancelled');
    }
  });

  it('an accept racing an offer from the same agent keeps the rule', async () => {
    for (let round = 0; round < 8; round += 1) {
      const branch = await tree();
      const results = await Promise.allSettled([
        answerContract(t.deps, branch.a, branch.lower, 'A', null, t.clock.now()),
        offerToDownline(
          t.deps,
          branch.a,
          {
            downline: branch.bName,
            kind: 'daily_salary',
            product: 'LOTT',
            payer: 'platform',
            tiers: [{ minimumBet: 0, netLoss: 0, activeMember: 0, rateType: 'P', rate: 0.6 }],
          },
          null,
          t.clock.now(),
        ),
      ]);
      expect(results[0]?.status).toBe('fulfilled');
      for (const code of refusedOnly(results)) expect(code).toBe('contract_rate_above_upline');
      expect(await violations()).toEqual([]);
    }
  });
});
