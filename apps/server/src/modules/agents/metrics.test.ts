import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMoneyDay, addPlayDay, placeMember } from '../../../test/factories/agents.ts';
import { openTestDatabase } from '../../../test/harness.ts';
import type { Database } from '../../db/database.ts';
import { parseIsoDate } from '../../platform/zoned-time.ts';
import { ALL_PRODUCTS, DEFAULT_AGENT_SETTINGS, netLoss, teamFigures } from './metrics.ts';

describe('team figures', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    ({ db, drop } = await openTestDatabase({ migrated: true }));
  });
  afterEach(() => drop());

  const nov = (from: number, to: number) =>
    [
      parseIsoDate(`2026-11-${String(from).padStart(2, '0')}`),
      parseIsoDate(`2026-11-${String(to).padStart(2, '0')}`),
    ] as const;

  it('sums the branch only, counts active members by deposit and valid bet, and makes the net loss', async () => {
    const agent = await placeMember(db, { type: 1 });
    const sub = await placeMember(db, { type: 1, upline: agent });
    const a = await placeMember(db, { upline: agent });
    const b = await placeMember(db, { upline: sub });
    const c = await placeMember(db, { upline: sub });
    const trial = await placeMember(db, { upline: agent, type: 4 });
    const outsider = await placeMember(db);
    // a: deposits and bets (active); b: bets without a deposit; c: deposits on a day outside the period.
    await addMoneyDay(db, { memberId: a, day: '2026-11-02', deposits: 50_000n, bonuses: 1_000n });
    await addPlayDay(db, {
      memberId: a,
      day: '2026-11-03',
      product: 'LOTT',
      validBet: 30_000n,
      payout: 10_000n,
    });
    await addPlayDay(db, {
      memberId: a,
      day: '2026-11-03',
      product: 'LIVE',
      validBet: 5_000n,
      payout: 6_000n,
    });
    await addPlayDay(db, { memberId: b, day: '2026-11-04', product: 'LOTT', validBet: 20_000n });
    await addMoneyDay(db, { memberId: c, day: '2026-10-31', deposits: 9_000n });
    await addPlayDay(db, {
      memberId: c,
      day: '2026-11-05',
      product: 'LOTT',
      validBet: 1_000n,
      payout: 4_000n,
    });
    await addPlayDay(db, { memberId: trial, day: '2026-11-05', product: 'LOTT', validBet: 7_000n });
    await addPlayDay(db, { memberId: outsider, day: '2026-11-05', product: 'LOTT', validBet: 7_000n });
    await addMoneyDay(db, { memberId: outsider, day: '2026-11-05', deposits: 7_000n });

    const [from, to] = nov(1, 15);
    const all = await teamFigures(db, agent, ALL_PRODUCTS, from, to, DEFAULT_AGENT_SETTINGS);
    expect(all).toMatchObject({ members: 5, validBet: 56_000n, payout: 20_000n, houseResult: 36_000n });
    expect(all).toMatchObject({ deposits: 50_000n, bonuses: 1_000n, activeMembers: 1 });
    expect(netLoss(all, ALL_PRODUCTS, ['bonuses'])).toBe(35_000n);

    const lott = await teamFigures(db, agent, 'LOTT', from, to, DEFAULT_AGENT_SETTINGS);
    expect(lott).toMatchObject({ validBet: 51_000n, payout: 14_000n, activeMembers: 1 });
    expect(netLoss(lott, 'LOTT', ['bonuses'])).toBe(37_000n);

    const branch = await teamFigures(db, sub, ALL_PRODUCTS, from, to, DEFAULT_AGENT_SETTINGS);
    expect(branch).toMatchObject({ members: 3, validBet: 21_000n, activeMembers: 0 });

    // A higher minimum valid bet leaves a out; the agent's own play can be left out of its team.
    const strict = { ...DEFAULT_AGENT_SETTINGS, activeMinValidBet: 40_000 };
    expect((await teamFigures(db, agent, ALL_PRODUCTS, from, to, strict)).activeMembers).toBe(0);
    const withoutSelf = { ...DEFAULT_AGENT_SETTINGS, includeAgent: false };
    expect((await teamFigures(db, agent, ALL_PRODUCTS, from, to, withoutSelf)).members).toBe(4);
  });
});
