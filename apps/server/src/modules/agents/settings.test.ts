import { agentSettingsConsoleEndpoints as bo } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { offerExpiryHours } from './contracts.ts';
import { agentSettings } from './metrics.ts';
import { settlementSettings } from './settlement-console.ts';

/**
 * The console's agents settings: read with their defaults, replaced (operations or owner, audited), checked, and
 * refused to other roles and to members. The seed's currency is PHP (2 digits).
 */
describe('agents settings endpoints', () => {
  let t: TestApp;
  let operations: string;
  let owner: string;

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    [operations, owner] = [await t.operatorToken('operations'), await t.operatorToken('owner')];
  });
  afterAll(() => t.close());

  const valid = {
    includeAgent: false,
    activeMinDeposit: '50.5',
    activeMinValidBet: 100,
    offerExpiryHours: 48,
    dividendSecondApprovalFrom: 10_000,
  };

  it('reads the defaults, saves all of them where their parts read them, audited, and keeps other stored fields', async () => {
    const defaults = await t.get(bo.getSettings.path, operations);
    expect(defaults.status).toBe(200);
    expect(defaults.body.value).toEqual({
      includeAgent: true,
      activeMinDeposit: 0,
      activeMinValidBet: 0,
      offerExpiryHours: 168,
      dividendSecondApprovalFrom: 0,
      currency: 'PHP',
      currencySymbol: expect.any(String),
      digits: 2,
    });
    await t.db.query(
      `insert into site_settings (key, value) values ('agents', '{"note": "kept"}')
       on conflict (key) do update set value = excluded.value`,
    );

    const saved = await t.send('PUT', bo.putSettings.path, valid, operations);
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject({
      includeAgent: false,
      activeMinDeposit: 50.5,
      activeMinValidBet: 100,
      offerExpiryHours: 48,
      dividendSecondApprovalFrom: 10_000,
    });
    expect((await t.get(bo.getSettings.path, owner)).body.value).toEqual(saved.body.value);
    // What the definitions, the contracts and the settlement read.
    expect(await agentSettings(t.db)).toMatchObject({
      includeAgent: false,
      activeMinDeposit: 5_050,
      activeMinValidBet: 10_000,
    });
    expect(await offerExpiryHours(t.db)).toBe(48);
    expect(await settlementSettings(t.db)).toEqual({ dividendSecondApprovalFrom: 10_000 });
    const [stored] = await t.db.query<{ value: { note?: string } }>(
      `select value from site_settings where key = 'agents'`,
    );
    expect(stored?.value.note).toBe('kept');

    const audit = await t.db.query<{ operator_username: string; before: unknown; after: unknown }>(
      `select operator_username, before, after from audit_log where entity = 'agent_settings' order by id`,
    );
    expect(audit).toMatchObject([
      {
        before: { includeAgent: true, activeMinDeposit: 0, offerExpiryHours: 168 },
        after: { includeAgent: false, activeMinDeposit: 50.5, offerExpiryHours: 48 },
      },
    ]);

    // The owner may save too.
    const byOwner = await t.send('PUT', bo.putSettings.path, { ...valid, includeAgent: true }, owner);
    expect(byOwner.body.value.includeAgent).toBe(true);
    expect((await agentSettings(t.db)).includeAgent).toBe(true);
  });

  it('refuses mistakes with their codes and changes nothing', async () => {
    const before = (await t.get(bo.getSettings.path, operations)).body.value;
    const put = async (body: unknown) => {
      const answer = await t.send('PUT', bo.putSettings.path, body, operations);
      return [answer.status, answer.body.code, Object.keys(answer.body.fields ?? {})];
    };
    expect(await put({ ...valid, activeMinDeposit: 1.005 })).toEqual([
      400,
      'amount_invalid',
      ['activeMinDeposit'],
    ]);
    expect(await put({ ...valid, activeMinDeposit: -1 })).toEqual([
      400,
      'validation_failed',
      ['activeMinDeposit'],
    ]);
    expect(await put({ ...valid, activeMinValidBet: '1e3' })).toEqual([
      400,
      'validation_failed',
      ['activeMinValidBet'],
    ]);
    expect(await put({ ...valid, offerExpiryHours: 0 })).toEqual([
      400,
      'validation_failed',
      ['offerExpiryHours'],
    ]);
    expect(await put({ ...valid, offerExpiryHours: 2.5 })).toEqual([
      400,
      'validation_failed',
      ['offerExpiryHours'],
    ]);
    expect(await put({ ...valid, includeAgent: 'yes' })).toEqual([
      400,
      'validation_failed',
      ['includeAgent'],
    ]);
    const { dividendSecondApprovalFrom: _, ...missing } = valid;
    expect(await put(missing)).toEqual([400, 'validation_failed', ['dividendSecondApprovalFrom']]);
    expect((await t.get(bo.getSettings.path, operations)).body.value).toEqual(before);
  });

  it('refuses finance, support, members and visitors', async () => {
    const before = await agentSettings(t.db);
    for (const role of ['finance', 'support'] as const) {
      const token = await t.operatorToken(role);
      const read = await t.get(bo.getSettings.path, token);
      const saved = await t.send('PUT', bo.putSettings.path, valid, token);
      expect([read.status, read.body.code, saved.status, saved.body.code]).toEqual([
        403,
        'forbidden',
        403,
        'forbidden',
      ]);
    }
    const agent = await newMember(t, 1);
    for (const token of [agent.token, undefined]) {
      expect((await t.get(bo.getSettings.path, token)).status).toBe(401);
      expect((await t.send('PUT', bo.putSettings.path, valid, token)).status).toBe(401);
    }
    expect(await agentSettings(t.db)).toEqual(before);
  });
});
