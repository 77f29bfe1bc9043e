import {
  agentContractEndpoints as api,
  agentContractConsoleEndpoints as consoleApi,
  walletPlayerEndpoints,
} from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeContract, storedTier, tokenOf } from '../../../test/factories/agent-contracts.ts';
import { placeMember } from '../../../test/factories/agents.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { write } from '../../platform/write.ts';
import { seedDemoAgentContracts } from '../../seed/agents-contracts.ts';
import { contractInForce } from './contracts.ts';

const DAY_MS = 86_400_000;
const withId = (path: string, id: number) => path.replace(':id', String(id));

describe('agent contracts', () => {
  let t: TestApp;
  let operations: string;
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    operations = await t.operatorToken('operations');
  });
  afterAll(() => t.close());

  /** A branch top → a → b → c of agents (and a player under c), the top holding a 1 % daily LOTT salary. */
  async function branch() {
    const top = await placeMember(t.db, { type: 1 });
    const a = await placeMember(t.db, { type: 1, upline: top });
    const b = await placeMember(t.db, { type: 1, upline: a });
    const c = await placeMember(t.db, { type: 2, upline: b });
    const player = await placeMember(t.db, { upline: c });
    const contract = await activeContract(t.db, { agentId: top, tiers: [storedTier(1)], at: t.clock.now() });
    const names = await t.db.query<{ id: number; username: string }>(
      'select id, username from members where id = any ($1)',
      [[top, a, b, c, player]],
    );
    const name = (id: number) => names.find((row) => row.id === id)?.username as string;
    return { top, a, b, c, player, contract, name, token: (id: number) => tokenOf(t, id) };
  }

  const offer = (token: string, downline: string, rate: number, extra: Record<string, unknown> = {}) =>
    t.send(
      'POST',
      api.offer.path,
      {
        downline,
        kind: 'daily_salary',
        product: 'LOTT',
        tiers: [{ minimumBet: 100, activeMember: 1, rate }],
        ...extra,
      },
      token,
    );
  const answer = (token: string, id: number, status: string) =>
    t.send('POST', withId(api.answer.path, id), { status }, token);
  const statusOf = async (id: number) =>
    (
      await t.db.query<{ status: string; end_reason: string }>(
        'select status, end_reason from agent_contracts where id = $1',
        [id],
      )
    )[0];
  const actions = async (id: number) =>
    (
      await t.db.query<{ action: string }>(
        'select action from agent_contract_events where contract_id = $1 order by id',
        [id],
      )
    ).map((row) => row.action);
  const messages = async (memberId: number) =>
    (
      await t.db.query<{ code: string }>(
        'select code from member_messages where member_id = $1 order by id',
        [memberId],
      )
    ).map((row) => row.code);

  it('an upline offers a direct downline no more than its own contract; the downline accepts (P, A)', async () => {
    const tree = await branch();
    const top = await tree.token(tree.top);
    const offered = await offer(top, tree.name(tree.a), 0.5);
    expect(offered.status).toBe(200);
    expect(offered.body.value).toMatchObject({
      kind: 'daily_salary',
      product: 'LOTT',
      status: 'pending',
      agent: { id: tree.a },
      upline: { id: tree.top },
      payer: 'platform',
      tiers: [{ minimumBet: 100, netLoss: 0, activeMember: 1, rateType: 'P', rate: 0.5 }],
      expiresAt: new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    const id = offered.body.value.id as number;
    expect(await messages(tree.a)).toEqual(['AGENT_CONTRACT_OFFERED']);

    const a = await tree.token(tree.a);
    const mine = await t.get(api.mine.path, a);
    expect(mine.body.value.offers.map((row: { id: number }) => row.id)).toEqual([id]);
    expect(mine.body.value.held).toEqual([]);

    const accepted = await answer(a, id, 'A');
    expect(accepted.body.value).toEqual({ contractId: id, status: 'active', cancelled: 0 });
    expect((await t.get(api.mine.path, a)).body.value.held.map((row: { id: number }) => row.id)).toEqual([
      id,
    ]);
    expect((await t.get(api.mine.path, top)).body.value.given).toMatchObject([{ id, status: 'active' }]);
    expect(await actions(id)).toEqual(['offered', 'accepted']);
    expect(await messages(tree.top)).toEqual(['AGENT_CONTRACT_ANSWERED']);

    const detail = await t.get(withId(api.detail.path, id), top);
    expect(detail.body.value.events).toMatchObject([
      { action: 'offered', by: 'member', byName: tree.name(tree.top) },
      { action: 'accepted', by: 'member', byName: tree.name(tree.a) },
    ]);
    const history = await t.get(`${api.history.path}?pageNo=1&pageSize=10`, a);
    expect(history.body.value).toMatchObject({ total: 1, list: [{ id }] });
  });

  it('refuses an offer above the offerer, outside its first level, without a contract, or with bad tiers', async () => {
    const tree = await branch();
    const outsider = await placeMember(t.db, { type: 1 });
    const [found] = await t.db.query<{ username: string }>('select username from members where id = $1', [
      outsider,
    ]);
    const outsiderName = found?.username as string;
    const top = await tree.token(tree.top);

    const above = await offer(top, tree.name(tree.a), 1.5);
    expect([above.status, above.body.code, above.body.fields]).toEqual([
      409,
      'contract_rate_above_upline',
      { tiers: expect.any(String) },
    ]);
    for (const name of [tree.name(tree.b), outsiderName, 'nobody-here']) {
      const refused = await offer(top, name, 0.5);
      expect([refused.status, refused.body.code]).toEqual([404, 'contract_downline_not_found']);
    }
    const notAgent = await offer(await tree.token(tree.c), tree.name(tree.player), 0.5);
    expect(notAgent.body.code).toBe('contract_downline_not_found');
    const none = await offer(await tree.token(tree.a), tree.name(tree.b), 0.5);
    expect([none.status, none.body.code]).toEqual([409, 'contract_offerer_has_none']);
    const falling = await t.send(
      'POST',
      api.offer.path,
      {
        downline: tree.name(tree.a),
        kind: 'daily_salary',
        product: 'LOTT',
        tiers: [
          { minimumBet: 100, rate: 0.5 },
          { minimumBet: 50, rate: 0.6 },
        ],
      },
      top,
    );
    expect([falling.status, falling.body.code, falling.body.fields]).toEqual([
      400,
      'contract_tiers_not_ascending',
      { 'tiers.1.minimumBet': expect.any(String) },
    ]);
    const upline = await offer(top, tree.name(tree.a), 0.5, { kind: 'hourly_salary', payer: 'upline' });
    expect([upline.status, upline.body.code]).toEqual([400, 'contract_payer_invalid']);
    expect(await messages(tree.a)).toEqual([]);
  });

  it("caps a daily salary offer (amountLimit) at the upline's cap, on daily salary only, shown on site and console", async () => {
    const tree = await branch();
    // The top's contract (from the platform) caps it at 1,000.00 a day.
    await t.db.query('update agent_contracts set amount_limit = 100000 where id = $1', [tree.contract]);
    const top = await tree.token(tree.top);
    const a = tree.name(tree.a);

    const above = await offer(top, a, 0.5, { amountLimit: '1000.01' });
    expect([above.status, above.body.code, above.body.fields]).toEqual([
      409,
      'contract_cap_above_upline',
      { amountLimit: expect.any(String) },
    ]);
    // No cap under a capped upline is unbounded: refused the same way.
    expect((await offer(top, a, 0.5)).body.code).toBe('contract_cap_above_upline');
    const otherKind = await offer(top, a, 0.5, { kind: 'hourly_salary', amountLimit: 500 });
    expect([otherKind.status, otherKind.body.code, otherKind.body.fields]).toEqual([
      400,
      'contract_cap_invalid',
      { amountLimit: expect.any(String) },
    ]);
    expect((await offer(top, a, 0.5, { amountLimit: 0 })).body.code).toBe('contract_cap_invalid');
    const notAmount = await offer(top, a, 0.5, { amountLimit: '5e2' });
    expect([notAmount.status, notAmount.body.code]).toEqual([400, 'validation_failed']);

    const offered = await offer(top, a, 0.5, { amountLimit: '800.50' });
    expect(offered.status).toBe(200);
    expect(offered.body.value).toMatchObject({ kind: 'daily_salary', amountLimit: 800.5 });
    const id = offered.body.value.id as number;
    const stored = await t.db.query<{ amount_limit: bigint }>(
      'select amount_limit from agent_contracts where id = $1',
      [id],
    );
    expect(stored).toEqual([{ amount_limit: 80_050n }]);
    const agentA = await tree.token(tree.a);
    expect((await t.get(api.mine.path, agentA)).body.value.offers).toMatchObject([
      { id, amountLimit: 800.5 },
    ]);
    expect((await answer(agentA, id, 'A')).body.value.status).toBe('active');
    expect((await t.get(withId(api.detail.path, id), top)).body.value.contract.amountLimit).toBe(800.5);
    const console = await t.get(withId(consoleApi.agentContracts.path, tree.a), operations);
    expect(console.body.value).toMatchObject([{ contract: { id, amountLimit: 800.5 } }]);
    // One level down the cap is a's: b may not be offered more than 800.50.
    const below = await offer(agentA, tree.name(tree.b), 0.3, { amountLimit: 900 });
    expect(below.body.code).toBe('contract_cap_above_upline');
    expect((await offer(agentA, tree.name(tree.b), 0.3, { amountLimit: 800.5 })).status).toBe(200);

    // The operator's template and offer carry it too; a dividend template refuses one.
    const dividendCap = await t.send(
      'POST',
      consoleApi.createTemplate.path,
      { name: 'Capped dividend', kind: 'dividend', product: 'LOTT', tiers: [{ rate: 10 }], amountLimit: 50 },
      operations,
    );
    expect([dividendCap.status, dividendCap.body.code]).toEqual([400, 'contract_cap_invalid']);
    const template = await t.send(
      'POST',
      consoleApi.createTemplate.path,
      {
        name: 'Capped salary',
        kind: 'daily_salary',
        product: 'LOTT',
        tiers: [{ rate: 1 }],
        amountLimit: 2_000,
      },
      operations,
    );
    expect(template.body.value).toMatchObject({ amountLimit: 2_000 });
    const fromTemplate = await t.send(
      'POST',
      consoleApi.offer.path,
      { username: tree.name(tree.top), templateId: template.body.value.id },
      operations,
    );
    expect(fromTemplate.body.value).toMatchObject({ status: 'edited', amountLimit: 2_000 });
    const ownTerms = await t.send(
      'POST',
      consoleApi.offer.path,
      {
        username: tree.name(tree.top),
        kind: 'daily_salary',
        product: 'LOTT',
        tiers: [{ rate: 1 }],
        amountLimit: '1500',
      },
      operations,
    );
    expect(ownTerms.body.value).toMatchObject({ status: 'edited', amountLimit: 1_500 });
    // The top accepting a cap below a's ends a's contract (and b's offer under it) by the differential rule.
    const lower = await t.send(
      'POST',
      consoleApi.offer.path,
      {
        username: tree.name(tree.top),
        kind: 'daily_salary',
        product: 'LOTT',
        tiers: [{ rate: 1 }],
        amountLimit: 500,
      },
      operations,
    );
    const accepted = await answer(top, lower.body.value.id, 'A');
    expect(accepted.body.value).toEqual({ contractId: lower.body.value.id, status: 'active', cancelled: 2 });
    expect(await statusOf(id)).toEqual({ status: 'cancelled', end_reason: 'upline_rate_lower' });
  });

  it('holds the statuses and answers of §A1: reject, edit, termination refused and confirmed', async () => {
    const tree = await branch();
    const top = await tree.token(tree.top);
    const a = await tree.token(tree.a);

    // P + R: rejected. A second offer replaces a pending one.
    const first = (await offer(top, tree.name(tree.a), 0.5)).body.value.id as number;
    const second = (await offer(top, tree.name(tree.a), 0.6)).body.value.id as number;
    expect(await statusOf(first)).toEqual({ status: 'replaced', end_reason: 'new offer' });
    expect((await answer(a, first, 'A')).body.code).toBe('contract_answer_invalid');
    expect((await answer(a, second, 'R')).body.value).toMatchObject({ status: 'rejected' });
    expect(await actions(second)).toEqual(['offered', 'rejected']);

    // P + A, then E (an offer replacing the active contract) + A: the old one is replaced.
    const held = (await offer(top, tree.name(tree.a), 0.5)).body.value.id as number;
    await answer(a, held, 'A');
    const edit = await offer(top, tree.name(tree.a), 0.7);
    expect(edit.body.value).toMatchObject({ status: 'edited', replacesId: held });
    // While an offer waits, the upline cannot ask to end the contract.
    const busy = await t.send('POST', withId(api.requestTermination.path, held), undefined, top);
    expect([busy.status, busy.body.code]).toEqual([409, 'contract_offer_pending']);
    await answer(a, edit.body.value.id, 'A');
    expect((await statusOf(held))?.status).toBe('replaced');
    expect((await statusOf(edit.body.value.id))?.status).toBe('active');

    // V + A: the termination is refused and the contract stays; V + C: it ends.
    const current = edit.body.value.id as number;
    const asked = await t.send('POST', withId(api.requestTermination.path, current), undefined, top);
    expect(asked.body.value).toMatchObject({ id: current, status: 'termination_requested' });
    expect((await offer(top, tree.name(tree.a), 0.4)).body.code).toBe('contract_termination_pending');
    expect((await answer(a, current, 'R')).body.code).toBe('contract_answer_invalid');
    expect((await answer(a, current, 'A')).body.value).toMatchObject({ status: 'active' });
    await t.send('POST', withId(api.requestTermination.path, current), undefined, top);
    expect((await answer(a, current, 'C')).body.value).toMatchObject({ status: 'terminated' });
    expect(await actions(current)).toEqual([
      'edited',
      'accepted',
      'termination_requested',
      'termination_refused',
      'termination_requested',
      'terminated',
    ]);
    expect(await messages(tree.a)).toContain('AGENT_CONTRACT_TERMINATION_REQUESTED');
    // Only the upline that gave it may ask.
    const stranger = await t.send('POST', withId(api.requestTermination.path, current), undefined, a);
    expect([stranger.status, stranger.body.code]).toEqual([404, 'contract_not_found']);
  });

  it('cancels, on accepting a lower contract, every contract below that now pays more, down the branch', async () => {
    const tree = await branch();
    const sibling = await placeMember(t.db, { type: 1, upline: tree.top });
    const at = t.clock.now();
    const a = await activeContract(t.db, {
      agentId: tree.a,
      uplineId: tree.top,
      tiers: [storedTier(0.8)],
      at,
    });
    const b = await activeContract(t.db, { agentId: tree.b, uplineId: tree.a, tiers: [storedTier(0.6)], at });
    const c = await activeContract(t.db, { agentId: tree.c, uplineId: tree.b, tiers: [storedTier(0.2)], at });
    const kept = await activeContract(t.db, {
      agentId: sibling,
      uplineId: tree.top,
      tiers: [storedTier(0.4)],
      at,
    });
    // The platform offers the top a lower contract (0.5 %): the top's own downline a (0.8 %) now pays more.
    t.clock.advance(60_000);
    const lower = await t.send(
      'POST',
      consoleApi.offer.path,
      {
        username: tree.name(tree.top),
        kind: 'daily_salary',
        product: 'LOTT',
        tiers: [{ minimumBet: 0, rate: 0.5 }],
      },
      operations,
    );
    expect(lower.body.value).toMatchObject({ status: 'edited', downlineHigherRate: true });
    const top = await tree.token(tree.top);
    const funds = await t.get(walletPlayerEndpoints.consolidatedFunds.path, top);
    expect(funds.body.value.dailysalreqtype).toEqual({
      LOTT: [
        {
          id: lower.body.value.id,
          status: 'E',
          downlineHigherRate: 'Y',
          details: [{ betVolume: 0, activeMember: 0, rateType: 'P', rate: 0.005 }],
        },
      ],
    });

    // The original's answer: the daily salary offer by id, A.
    t.clock.advance(60_000);
    const accepted = await t.get(
      `${api.processDailySalContract.path}?id=${lower.body.value.id}&status=A`,
      top,
    );
    expect(accepted.body.value).toEqual({ contractId: lower.body.value.id, status: 'active', cancelled: 3 });
    expect(await statusOf(a)).toEqual({ status: 'cancelled', end_reason: 'upline_rate_lower' });
    // b and c pay less than 0.5 %, but their payers' contracts ended: they end with them.
    expect(await statusOf(b)).toEqual({ status: 'cancelled', end_reason: 'upline_contract_ended' });
    expect(await statusOf(c)).toEqual({ status: 'cancelled', end_reason: 'upline_contract_ended' });
    expect((await statusOf(kept))?.status).toBe('active');
    expect((await statusOf(tree.contract))?.status).toBe('replaced');
    for (const agent of [tree.a, tree.b, tree.c])
      expect(await messages(agent)).toEqual(['AGENT_CONTRACT_CANCELLED']);
    expect(await messages(sibling)).toEqual([]);
    expect(await actions(b)).toEqual(['cancelled']);

    // Which contract applied when.
    const before = new Date(at.getTime() + 1000);
    expect((await contractInForce(t.db, tree.b, 'daily_salary', 'LOTT', before))?.id).toBe(b);
    expect(await contractInForce(t.db, tree.b, 'daily_salary', 'LOTT', t.clock.now())).toBeNull();
    expect((await contractInForce(t.db, tree.top, 'daily_salary', 'LOTT', before))?.id).toBe(tree.contract);
    const now = await contractInForce(t.db, tree.top, 'daily_salary', 'LOTT', t.clock.now());
    expect(now).toMatchObject({ id: lower.body.value.id, tiers: [{ rate: 5_000n }] });
    const view = await t.get(
      `${withId(consoleApi.inForce.path, tree.top)}?kind=daily_salary&product=LOTT&at=${encodeURIComponent(before.toISOString())}`,
      operations,
    );
    expect(view.body.value).toMatchObject({ id: tree.contract, status: 'replaced' });
  });

  it('answers the original client: consolidated offers per product, and its dividend and salary calls', async () => {
    const tree = await branch();
    const at = t.clock.now();
    for (const kind of ['dividend', 'hourly_salary', 'realtime_salary']) {
      await activeContract(t.db, {
        agentId: tree.top,
        kind,
        product: 'CONS',
        tiers: [storedTier(kind === 'dividend' ? 30 : 1)],
        at,
      });
    }
    const top = await tree.token(tree.top);
    const a = await tree.token(tree.a);
    const dividend = await t.send(
      'POST',
      api.offer.path,
      {
        downline: tree.name(tree.a),
        kind: 'dividend',
        product: 'CONS',
        tiers: [
          { minimumBet: 1000, netLoss: 100, activeMember: 2, rate: 10 },
          { minimumBet: 5000, netLoss: 500, activeMember: 5, rate: 20 },
        ],
      },
      top,
    );
    expect(dividend.status).toBe(200);
    const hourly = (await offer(top, tree.name(tree.a), 0.5, { kind: 'hourly_salary', product: 'CONS' })).body
      .value;
    const realtime = (
      await offer(top, tree.name(tree.a), 0.5, {
        kind: 'realtime_salary',
        product: 'CONS',
        tiers: [{ rate: 0.5 }],
      })
    ).body.value;
    const funds = (await t.get(walletPlayerEndpoints.consolidatedFunds.path, a)).body.value;
    expect(funds.divtypereq).toEqual({
      CONS: [
        {
          id: dividend.body.value.id,
          minimumBet: 1000,
          netLoss: 100,
          activeMember: 2,
          contractRate: 0.1,
          status: 'P',
          downlineHigherRate: 'N',
        },
        {
          id: dividend.body.value.id,
          minimumBet: 5000,
          netLoss: 500,
          activeMember: 5,
          contractRate: 0.2,
          status: 'P',
          downlineHigherRate: 'N',
        },
      ],
    });
    expect(funds.contracthoursalreq).toEqual({
      CONS: [
        {
          contractId: hourly.id,
          status: 'P',
          downlineHigherRate: 'N',
          hourSalaryRates: [{ minimumBet: 100, activeMember: 1, rateType: 'P', rate: 0.005 }],
        },
      ],
    });
    expect(funds.realtimesalreqtype.CONS[0]).toMatchObject({ contractId: realtime.id, status: 'P' });
    expect(funds).toMatchObject({
      dailysalreqtype: null,
      divtypeinfo: 1,
      contracthoursalinfo: 1,
      dailysalinfotype: 0,
    });
    expect(funds.contractmrdailysalinfotype).toBe(0);
    expect(typeof funds.sumBalance).toBe('number');

    // Dividend: by product type; a type with nothing waiting is not found.
    const missing = await t.get(`${api.processDividendReq.path}?type=LOTT&status=A`, a);
    expect([missing.status, missing.body.code]).toEqual([404, 'contract_not_found']);
    const bad = await t.get(`${api.processDividendReq.path}?type=LOTT&status=X`, a);
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
    const rejected = await t.get(`${api.processContractDividend.path}?type=CONS&status=R`, a);
    expect(rejected.body.value).toMatchObject({ contractId: dividend.body.value.id, status: 'rejected' });
    // Hourly and real-time: POST {contractId, status}; the salary calls refuse another kind's id.
    const wrongKind = await t.send(
      'POST',
      api.processRealTimeSalaryContract.path,
      { contractId: hourly.id, status: 'A' },
      a,
    );
    expect(wrongKind.body.code).toBe('contract_not_found');
    const hourAccepted = await t.send(
      'POST',
      api.processContractHourSalary.path,
      { contractId: String(hourly.id), status: 'A' },
      a,
    );
    expect(hourAccepted.body.value).toMatchObject({ status: 'active' });
    const rtAccepted = await t.send(
      'POST',
      api.processRealTimeSalaryContract.path,
      { contractId: realtime.id, status: 'A' },
      a,
    );
    expect(rtAccepted.body.value).toMatchObject({ status: 'active' });
    // The hourly pop-up's termination buttons send A (confirm) and R (refuse).
    await t.send('POST', withId(api.requestTermination.path, hourly.id), undefined, top);
    expect(
      (await t.get(walletPlayerEndpoints.consolidatedFunds.path, a)).body.value.contracthoursalreq,
    ).toMatchObject({
      CONS: [{ contractId: hourly.id, status: 'V', downlineHigherRate: 'N' }],
    });
    const keep = await t.send(
      'POST',
      api.processContractHourSalaryFe.path,
      { contractId: hourly.id, status: 'R' },
      a,
    );
    expect(keep.body.value).toMatchObject({ status: 'active' });
    await t.send('POST', withId(api.requestTermination.path, hourly.id), undefined, top);
    const end = await t.send(
      'POST',
      api.processContractHourSalary.path,
      { contractId: hourly.id, status: 'A' },
      a,
    );
    expect(end.body.value).toMatchObject({ status: 'terminated' });
    // A member with nothing waiting gets no requests and no switches.
    const plain = (await t.get(walletPlayerEndpoints.consolidatedFunds.path, await t.memberToken())).body
      .value;
    expect(plain).toMatchObject({
      divtypereq: null,
      dailysalreqtype: null,
      divtypeinfo: 0,
      dailysalinfotype: 0,
    });
  });

  it('keeps CONS and per-product contracts of one kind apart', async () => {
    const tree = await branch();
    const mixed = await t.send(
      'POST',
      consoleApi.offer.path,
      { username: tree.name(tree.top), kind: 'daily_salary', product: 'CONS', tiers: [{ rate: 0.5 }] },
      operations,
    );
    expect([mixed.status, mixed.body.code]).toEqual([409, 'contract_products_mixed']);
    const otherKind = await t.send(
      'POST',
      consoleApi.offer.path,
      { username: tree.name(tree.top), kind: 'hourly_salary', product: 'CONS', tiers: [{ rate: 0.5 }] },
      operations,
    );
    expect(otherKind.body.value).toMatchObject({ status: 'pending', upline: null, payer: 'platform' });
  });

  it('expires an offer after the configured time by the contract job (test clock)', async () => {
    const tree = await branch();
    const week = (await offer(await tree.token(tree.top), tree.name(tree.a), 0.5)).body.value.id as number;
    t.clock.advance(7 * DAY_MS - 60_000);
    await t.jobs.runDue();
    expect((await statusOf(week))?.status).toBe('pending');
    t.clock.advance(11 * 60_000);
    await t.jobs.runDue();
    expect((await statusOf(week))?.status).toBe('expired');
    expect(await actions(week)).toEqual(['offered', 'expired']);
    const late = await answer(await tree.token(tree.a), week, 'A');
    const top = await tree.token(tree.top);
    expect([late.status, late.body.code]).toEqual([409, 'contract_answer_invalid']);

    // A site setting shortens it.
    await t.db.query(
      `insert into site_settings (key, value) values ('agent_contracts', '{"offerExpiryHours": 24}')
       on conflict (key) do update set value = excluded.value`,
    );
    try {
      const day = await offer(top, tree.name(tree.a), 0.5);
      expect(day.body).toMatchObject({ success: true });
      expect(day.body.value.expiresAt).toBe(new Date(t.clock.now().getTime() + DAY_MS).toISOString());
    } finally {
      await t.db.query(`delete from site_settings where key = 'agent_contracts'`);
    }
  });

  it('refuses the agent centre to visitors, trial accounts, members and agents outside the contract', async () => {
    const tree = await branch();
    const own = (await offer(await tree.token(tree.top), tree.name(tree.a), 0.5)).body.value.id as number;
    const visitor = await t.get(api.mine.path);
    expect([visitor.status, visitor.body.code]).toEqual([401, 'unauthorized']);
    const trial = await t.get(api.mine.path, await t.memberToken(4));
    expect([trial.status, trial.body.code]).toEqual([403, 'in_need_true_account']);
    const member = await t.get(api.mine.path, await t.memberToken(0));
    expect([member.status, member.body.code]).toEqual([403, 'not_agent']);
    const dividendByMember = await t.get(
      `${api.processDividendReq.path}?type=LOTT&status=A`,
      await t.memberToken(0),
    );
    expect(dividendByMember.body.code).toBe('not_agent');
    // Another agent (even one below in the branch) neither sees nor answers it.
    const b = await tree.token(tree.b);
    const seen = await t.get(withId(api.detail.path, own), b);
    expect([seen.status, seen.body.code]).toEqual([404, 'contract_not_found']);
    const answered = await answer(b, own, 'A');
    expect([answered.status, answered.body.code]).toEqual([404, 'contract_not_found']);
    const byId = await t.get(`${api.processDailySalContract.path}?id=${own}&status=A`, b);
    expect(byId.body.code).toBe('contract_not_found');
    expect((await statusOf(own))?.status).toBe('pending');
  });

  it('lets the operator keep templates, offer to top-level agents and cancel a contract, audited', async () => {
    const tree = await branch();
    const created = await t.send(
      'POST',
      consoleApi.createTemplate.path,
      {
        name: 'Lottery dividend',
        kind: 'dividend',
        product: 'LOTT',
        tiers: [
          { minimumBet: 3_000_000, netLoss: 100_000, activeMember: 5, rate: 10 },
          { minimumBet: 10_000_000, netLoss: 500_000, activeMember: 15, rate: 20 },
        ],
      },
      operations,
    );
    expect(created.body.value).toMatchObject({
      name: 'Lottery dividend',
      period: 'semimonthly',
      carry: 'month',
    });
    const template = created.body.value.id as number;
    const invalid = await t.send(
      'POST',
      consoleApi.createTemplate.path,
      { name: 'Bad', kind: 'dividend', product: 'LOTT', tiers: [{ rate: 120 }] },
      operations,
    );
    expect([invalid.status, invalid.body.code]).toEqual([400, 'contract_tier_rate_invalid']);
    expect((await t.get(consoleApi.templates.path, operations)).body.value).toContainEqual(
      expect.objectContaining({ id: template }),
    );

    const notTop = await t.send(
      'POST',
      consoleApi.offer.path,
      { username: tree.name(tree.a), templateId: template },
      operations,
    );
    expect([notTop.status, notTop.body.code]).toEqual([409, 'contract_not_top_level']);
    const incomplete = await t.send(
      'POST',
      consoleApi.offer.path,
      { username: tree.name(tree.top) },
      operations,
    );
    expect([incomplete.status, incomplete.body.code, incomplete.body.fields]).toMatchObject([
      400,
      'validation_failed',
      { kind: expect.any(String), product: expect.any(String), tiers: expect.any(String) },
    ]);
    const offered = await t.send(
      'POST',
      consoleApi.offer.path,
      { username: tree.name(tree.top), templateId: template },
      operations,
    );
    expect(offered.body.value).toMatchObject({
      kind: 'dividend',
      product: 'LOTT',
      status: 'pending',
      tiers: [{ rate: 10 }, { rate: 20 }],
    });

    // Cancel the top's daily salary: the offer it gave a goes with it.
    const given = (await offer(await tree.token(tree.top), tree.name(tree.a), 0.5)).body.value.id as number;
    const support = await t.operatorToken('support');
    const refused = await t.send(
      'POST',
      withId(consoleApi.cancel.path, tree.contract),
      { reason: 'x' },
      support,
    );
    expect([refused.status, refused.body.code]).toEqual([403, 'forbidden']);
    const noReason = await t.send(
      'POST',
      withId(consoleApi.cancel.path, tree.contract),
      { reason: ' ' },
      operations,
    );
    expect([noReason.status, noReason.body.code]).toEqual([400, 'validation_failed']);
    const cancelled = await t.send(
      'POST',
      withId(consoleApi.cancel.path, tree.contract),
      { reason: 'Breach of terms' },
      operations,
    );
    expect(cancelled.body.value).toEqual({ contractId: tree.contract, status: 'cancelled', cancelled: 1 });
    expect(await statusOf(given)).toEqual({ status: 'cancelled', end_reason: 'upline_contract_ended' });
    const [audit] = await t.db.query<{ action: string; after: { reason: string; alsoCancelled: number } }>(
      `select action, after from audit_log where entity = 'agent_contract' and entity_id = $1`,
      [String(tree.contract)],
    );
    expect(audit).toMatchObject({ action: 'cancel', after: { reason: 'Breach of terms', alsoCancelled: 1 } });
    const again = await t.send(
      'POST',
      withId(consoleApi.cancel.path, tree.contract),
      { reason: 'again' },
      operations,
    );
    expect([again.status, again.body.code]).toEqual([409, 'contract_answer_invalid']);

    // Support reads an agent's contracts with their history.
    const list = await t.get(withId(consoleApi.agentContracts.path, tree.top), support);
    expect(list.body.value.map((row: { contract: { id: number } }) => row.contract.id)).toEqual([
      offered.body.value.id,
      tree.contract,
    ]);
    expect(list.body.value[1].events).toMatchObject([
      { action: 'cancelled', by: 'operator', reason: 'Breach of terms' },
    ]);
    const byVisitor = await t.get(withId(consoleApi.agentContracts.path, tree.top));
    expect(byVisitor.status).toBe(401);
  });

  it('edits and removes templates (operations only), and refuses unknown ones', async () => {
    const input = {
      name: 'Daily',
      kind: 'daily_salary',
      product: 'CONS',
      tiers: [{ minimumBet: 100, rate: 0.3 }],
    };
    const id = (await t.send('POST', consoleApi.createTemplate.path, input, operations)).body.value
      .id as number;
    const edited = await t.send(
      'PUT',
      withId(consoleApi.updateTemplate.path, id),
      { ...input, name: 'Daily 0.4', tiers: [{ minimumBet: 100, rate: 0.4 }] },
      operations,
    );
    expect(edited.body.value).toMatchObject({
      id,
      name: 'Daily 0.4',
      tiers: [{ rate: 0.4, minimumBet: 100 }],
    });
    const finance = await t.operatorToken('finance');
    const refused = await t.send('DELETE', withId(consoleApi.removeTemplate.path, id), undefined, finance);
    expect([refused.status, refused.body.code]).toEqual([403, 'forbidden']);
    expect(
      (await t.send('DELETE', withId(consoleApi.removeTemplate.path, id), undefined, operations)).body.value,
    ).toEqual({ ok: true });
    const gone = await t.send('PUT', withId(consoleApi.updateTemplate.path, id), input, operations);
    expect([gone.status, gone.body.code]).toEqual([404, 'not_found']);
    expect((await t.get(consoleApi.templates.path, operations)).body.value).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    const audit = await t.db.query<{ action: string }>(
      `select action from audit_log where entity = 'agent_contract_template' and entity_id = $1 order by id`,
      [String(id)],
    );
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });
});

describe('the demo agent contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
  });
  afterAll(() => t.close());
  const answer = (token: string, id: number, status: string) =>
    t.send('POST', withId(api.answer.path, id), { status }, token);

  it('seeds contracts on the demo tree that keep the rule, with an offer waiting for demosubagent, once', async () => {
    const demo = await t.db.query<{ id: number; username: string }>(
      `select id, username from members where username in ('demoagent', 'demosubagent') order by username`,
    );
    expect(demo.map((row) => row.username)).toEqual(['demoagent', 'demosubagent']);
    const [top, sub] = demo.map((row) => row.id) as [number, number];
    const topContracts = (await t.get(api.mine.path, await tokenOf(t, top))).body.value;
    expect(topContracts.held.map((row: { kind: string }) => row.kind).sort()).toEqual([
      'daily_salary',
      'dividend',
      'realtime_salary',
    ]);
    const subToken = await tokenOf(t, sub);
    const subContracts = (await t.get(api.mine.path, subToken)).body.value;
    expect(subContracts.held.map((row: { kind: string }) => row.kind).sort()).toEqual([
      'dividend',
      'realtime_salary',
    ]);
    const funds = (await t.get(walletPlayerEndpoints.consolidatedFunds.path, subToken)).body.value;
    expect(funds.dailysalreqtype.CONS).toMatchObject([{ status: 'P', downlineHigherRate: 'N' }]);
    // The seed's section run again adds nothing; no second demo branch exists.
    const count = async () =>
      (await t.db.query<{ n: number }>('select count(*)::int as n from agent_contracts'))[0]?.n;
    const before = await count();
    await write(t.db, { isolation: 'read committed' }, (tx) => seedDemoAgentContracts(tx, t.clock.now()));
    expect(await count()).toBe(before);
    expect(await t.db.query(`select 1 from members where username like 'agentdemo%'`)).toEqual([]);
    const accepted = await answer(subToken, funds.dailysalreqtype.CONS[0].id, 'A');
    expect(accepted.body.value).toMatchObject({ status: 'active' });
  });
});
