import { redEnvelopeEndpoints as api } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeMember } from '../../../test/factories/agents.ts';
import { fundMember, newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { seededRng } from '../../platform/rng.ts';
import { sumBalance } from '../wallet/ledger.ts';
import { fixedShares, randomShares } from './red-envelopes.ts';
import { drainRollupQueue } from './rollups.ts';

describe('red envelope shares', () => {
  it('splits equally, the remainder one unit each to the first ones', () => {
    expect(fixedShares(1_000n, 3)).toEqual([334n, 333n, 333n]);
    expect(fixedShares(1_001n, 3)).toEqual([334n, 334n, 333n]);
    expect(fixedShares(3n, 3)).toEqual([1n, 1n, 1n]);
  });

  it('splits at random, every share at least one unit, summing to the total', () => {
    const rng = seededRng('red-envelopes');
    for (const [total, count] of [
      [10n, 10],
      [11n, 10],
      [1_000_000n, 7],
      [5n, 1],
    ] as const) {
      const shares = randomShares(total, count, rng);
      expect(shares).toHaveLength(count);
      expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(total);
      expect(shares.every((share) => share >= 1n)).toBe(true);
    }
    // Not all equal: the draw spreads a large amount unevenly.
    expect(new Set(randomShares(1_000_000n, 5, rng)).size).toBeGreaterThan(1);
  });
});

/**
 * The red envelope endpoints. The seed's currency is PHP (2 digits): 100.00 is 10,000 minor units. An agent with a
 * session, two members in its team (one a level down, under a sub-agent) and an outsider.
 */
describe('red envelope endpoints', () => {
  let t: TestApp;
  let keys = 0;

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
  });
  afterAll(() => t.close());

  async function agentWithTeam(funds = 10_000n) {
    const agent = await newMember(t, 1);
    const sub = await placeMember(t.db, { type: 1, upline: agent.id });
    const direct = await placeMember(t.db, { upline: agent.id });
    const deep = await placeMember(t.db, { upline: sub });
    const outsider = await placeMember(t.db, {});
    if (funds > 0n) await fundMember(t, agent.id, funds);
    return { agent, sub, direct, deep, outsider };
  }

  const send = (token: string | undefined, body: unknown, key = `envelope-${++keys}`) =>
    t.call({
      method: 'POST',
      url: api.send.path,
      token,
      headers: { 'Idempotency-Key': key },
      payload: body as object,
    });

  it('sends fixed shares in one posting, answers them, lists them, and a retry with its key moves nothing', async () => {
    const { agent, sub, direct, deep } = await agentWithTeam();
    const body = { amount: '10.00', recipients: [direct, deep, sub], split: 'fixed' };
    const sent = await send(agent.token, body, 'fixed-once');
    expect(sent.status).toBe(200);
    const usernames = await t.db.query<{ id: number; username: string }>(
      'select id, username from members where id = any($1::int[])',
      [[direct, deep, sub]],
    );
    const nameOf = (id: number) => usernames.find((row) => row.id === id)?.username;
    expect(sent.body.value.shares).toEqual([
      { memberId: direct, username: nameOf(direct), amount: 3.34 },
      { memberId: deep, username: nameOf(deep), amount: 3.33 },
      { memberId: sub, username: nameOf(sub), amount: 3.33 },
    ]);
    expect(await sumBalance(t.db, agent.id)).toBe(9_000n);
    expect(await sumBalance(t.db, direct)).toBe(334n);
    expect(await sumBalance(t.db, deep)).toBe(333n);

    const postings = await t.db.query<{ kind: string; member_id: number; legs: number; net: bigint }>(
      `select t.kind, t.member_id, count(e.id)::int as legs, sum(e.amount)::bigint as net
         from agent_red_envelopes r join ledger_transactions t on t.id = r.transaction_id
         join ledger_entries e on e.transaction_id = t.id
        where r.id = $1 group by t.id`,
      [sent.body.value.envelopeId],
    );
    expect(postings).toEqual([{ kind: 'red_envelope', member_id: agent.id, legs: 4, net: 0n }]);

    const again = await send(agent.token, body, 'fixed-once');
    expect(again.body.value).toEqual(sent.body.value);
    expect(await sumBalance(t.db, agent.id)).toBe(9_000n);

    const history = await t.get(api.history.path, agent.token);
    expect(history.status).toBe(200);
    expect(history.body.value).toMatchObject({ total: 1, currency: 'PHP', digits: 2 });
    expect(history.body.value.list).toEqual([
      {
        id: sent.body.value.envelopeId,
        createdAt: t.clock.now().toISOString(),
        total: 10,
        split: 'fixed',
        recipientCount: 3,
        shares: sent.body.value.shares,
      },
    ]);
    // Another agent's history holds none of it.
    const other = await newMember(t, 1);
    expect((await t.get(api.history.path, other.token)).body.value).toMatchObject({ total: 0, list: [] });
  });

  it('sends random shares drawn from the injected source, each at least one unit', async () => {
    const { agent, direct, deep } = await agentWithTeam();
    const sent = await send(agent.token, { amount: 0.05, recipients: [direct, deep], split: 'random' });
    expect(sent.status).toBe(200);
    const amounts = sent.body.value.shares.map((share: { amount: number }) => Math.round(share.amount * 100));
    expect(amounts.reduce((sum: number, value: number) => sum + value, 0)).toBe(5);
    expect(amounts.every((value: number) => value >= 1)).toBe(true);
    expect(await sumBalance(t.db, agent.id)).toBe(9_995n);
  });

  it('refuses mistakes with their codes and moves nothing', async () => {
    const { agent, direct, deep, outsider } = await agentWithTeam(1_000n);
    const refused = async (body: unknown) => {
      const answer = await send(agent.token, body);
      return [answer.status, answer.body.code, answer.body.fields ?? null];
    };
    expect(await refused({ amount: 20, recipients: [direct], split: 'fixed' })).toEqual([
      422,
      'insufficient_balance',
      null,
    ]);
    const tooSmall = await refused({ amount: 0.01, recipients: [direct, deep], split: 'fixed' });
    expect(tooSmall.slice(0, 2)).toEqual([400, 'amount_invalid']);
    expect(tooSmall[2]).toHaveProperty('amount');
    expect((await refused({ amount: 1.005, recipients: [direct], split: 'fixed' })).slice(0, 2)).toEqual([
      400,
      'amount_invalid',
    ]);
    const invalid = async (body: unknown) => (await refused(body)).slice(0, 2);
    expect(await invalid({ amount: 1, recipients: [direct, direct], split: 'fixed' })).toEqual([
      400,
      'validation_failed',
    ]);
    expect(await invalid({ amount: 1, recipients: [], split: 'fixed' })).toEqual([400, 'validation_failed']);
    expect(
      await invalid({
        amount: 300,
        recipients: Array.from({ length: 201 }, (_, index) => index + 1),
        split: 'fixed',
      }),
    ).toEqual([400, 'validation_failed']);
    expect(await invalid({ amount: 1, recipients: [direct], split: 'even' })).toEqual([
      400,
      'validation_failed',
    ]);
    expect(await invalid({ amount: '1e2', recipients: [direct], split: 'fixed' })).toEqual([
      400,
      'validation_failed',
    ]);
    // An outsider answers as a member that does not exist; the agent itself is not in its team.
    const outside = await refused({ amount: 1, recipients: [direct, outsider], split: 'fixed' });
    const missing = await refused({ amount: 1, recipients: [direct, 2_000_000_000], split: 'fixed' });
    expect(outside).toEqual([404, 'agent_downline_not_found', null]);
    expect(missing).toEqual(outside);
    expect((await refused({ amount: 1, recipients: [agent.id], split: 'fixed' })).slice(0, 2)).toEqual([
      404,
      'agent_downline_not_found',
    ]);
    expect(await sumBalance(t.db, agent.id)).toBe(1_000n);
    expect(await sumBalance(t.db, direct)).toBe(0n);
    const [{ n } = { n: -1 }] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from agent_red_envelopes where agent_id = $1',
      [agent.id],
    );
    expect(n).toBe(0);
  });

  it('is refused when the module flag is off', async () => {
    const { agent, direct } = await agentWithTeam();
    await t.db.query("update module_flags set enabled = false where mod_id = 'AGENTRANSMULTDOWN3'");
    try {
      const answer = await send(agent.token, { amount: 1, recipients: [direct], split: 'fixed' });
      expect([answer.status, answer.body.code]).toEqual([403, 'feature_disabled']);
    } finally {
      await t.db.query("update module_flags set enabled = true where mod_id = 'AGENTRANSMULTDOWN3'");
    }
    expect(await sumBalance(t.db, agent.id)).toBe(10_000n);
  });

  it('refuses visitors, trial accounts, members who are not agents and operators', async () => {
    const { direct } = await agentWithTeam(0n);
    const body = { amount: 1, recipients: [direct], split: 'fixed' };
    const member = await newMember(t, 0);
    const trial = await newMember(t, 4);
    const operations = await t.operatorToken('operations');
    for (const [token, status, code] of [
      [undefined, 401, null],
      [trial.token, 403, 'in_need_true_account'],
      [member.token, 403, 'not_agent'],
      [operations, 401, null],
    ] as const) {
      const sent = await send(token, body);
      const listed = await t.get(api.history.path, token);
      expect(sent.status).toBe(status);
      expect(listed.status).toBe(status);
      if (code) expect([sent.body.code, listed.body.code]).toEqual([code, code]);
    }
    expect(await sumBalance(t.db, direct)).toBe(0n);
  });

  it("counts each recipient's share in its money roll-up, not the agent's", async () => {
    const { agent, direct, deep } = await agentWithTeam();
    await send(agent.token, { amount: 4, recipients: [direct, deep], split: 'fixed' });
    await drainRollupQueue(t.db);
    const rows = await t.db.query<{ member_id: number; red_envelopes: bigint }>(
      'select member_id, red_envelopes from agent_money_days where member_id = any($1::int[]) order by member_id',
      [[agent.id, direct, deep]],
    );
    // The agent's own row holds its funding deposit only: a red envelope sent is not one received.
    expect(rows).toEqual(
      [
        { member_id: agent.id, red_envelopes: 0n },
        { member_id: direct, red_envelopes: 200n },
        { member_id: deep, red_envelopes: 200n },
      ].sort((a, b) => a.member_id - b.member_id),
    );
  });

  it('sends only one of two envelopes at once from a balance that covers one', async () => {
    const { agent, direct, deep } = await agentWithTeam(10_000n);
    const results = await Promise.all([
      send(agent.token, { amount: 80, recipients: [direct], split: 'fixed' }),
      send(agent.token, { amount: 80, recipients: [deep, direct], split: 'random' }),
    ]);
    expect(results.map((answer) => answer.body.code).sort()).toEqual(['insufficient_balance', 'ok']);
    expect(await sumBalance(t.db, agent.id)).toBe(2_000n);
    expect((await sumBalance(t.db, direct)) + (await sumBalance(t.db, deep))).toBe(8_000n);
    const [{ n } = { n: -1 }] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from agent_red_envelopes where agent_id = $1',
      [agent.id],
    );
    expect(n).toBe(1);
  });
});
