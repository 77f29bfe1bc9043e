import { withdrawalPlayerEndpoints as api, MAX_BANK_ACCOUNTS } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const removePath = (id: number) => api.removeBankAccount.path.replace(':id', String(id));

describe('bank accounts of withdrawals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const add = (token: string | undefined, body: Record<string, unknown>) =>
    t.send('POST', api.addBankAccount.path, body, token);
  const good = { bankName: 'Tessera Bank', accountNumber: '001234567890', payeeName: 'Nguyen Van An' };

  it('adds, lists (number masked) and removes an account', async () => {
    const { token } = await walletMember(t);
    const added = await add(token, { ...good, payeeName: '  Nguyen Van An ' });
    expect(added.status).toBe(200);
    expect(added.body.value).toMatchObject({
      bankName: 'Tessera Bank',
      accountNumber: '********7890',
      payeeName: 'Nguyen Van An',
      createdAt: t.clock.now().toISOString(),
    });
    const listed = await t.get(api.bankAccounts.path, token);
    expect(listed.body.value).toEqual([added.body.value]);
    const stored = await t.db.query<{ account_number: string }>(
      'select account_number from member_bank_accounts where id = $1',
      [added.body.value.id],
    );
    expect(stored[0]?.account_number).toBe('001234567890');

    const removed = await t.send('DELETE', removePath(added.body.value.id), undefined, token);
    expect(removed.body.value).toEqual({ ok: true });
    expect((await t.get(api.bankAccounts.path, token)).body.value).toEqual([]);
    const again = await t.send('DELETE', removePath(added.body.value.id), undefined, token);
    expect([again.status, again.body.code]).toEqual([404, 'not_found']);
    // Removed, the number can be added again.
    expect((await add(token, good)).status).toBe(200);
  });

  it('refuses a payee name that is not a real name without accents (§5), with the real-name message', async () => {
    const { token } = await walletMember(t);
    for (const payeeName of ['Nguyễn Văn An', 'John  Smith', 'John3 Smith', 'J', 'Smith-Jones', '']) {
      const res = await add(token, { ...good, payeeName });
      expect([payeeName, res.status, res.body.code]).toEqual([payeeName, 400, 'validation_failed']);
      expect(res.body.fields).toHaveProperty('payeeName');
    }
    const accented = await t.call({
      method: 'POST',
      url: api.addBankAccount.path,
      token,
      payload: { ...good, payeeName: 'Trần Thị Bình' },
      headers: { language: 'VI' },
    });
    expect(accented.body.fields).toEqual({
      payeeName: 'Định dạng họ tên không đúng: chữ cái không dấu, một khoảng trắng giữa các từ',
    });
    expect((await t.get(api.bankAccounts.path, token)).body.value).toEqual([]);
  });

  it('refuses an account number with other than digits, a missing bank name, a number twice, and more than the limit', async () => {
    const { token } = await walletMember(t);
    const letters = await add(token, { ...good, accountNumber: '12AB5678' });
    expect([letters.status, letters.body.code, Object.keys(letters.body.fields ?? {})]).toEqual([
      400,
      'validation_failed',
      ['accountNumber'],
    ]);
    const noBank = await add(token, { ...good, bankName: ' ' });
    expect(noBank.body.fields).toHaveProperty('bankName');
    expect((await add(token, good)).status).toBe(200);
    const twice = await add(token, good);
    expect([twice.status, twice.body.code]).toEqual([409, 'bank_account_exists']);
    for (let n = 1; n < MAX_BANK_ACCOUNTS; n += 1) {
      expect((await add(token, { ...good, accountNumber: `99887766${n}` })).status).toBe(200);
    }
    const over = await add(token, { ...good, accountNumber: '5550001111' });
    expect([over.status, over.body.code]).toEqual([409, 'bank_account_limit']);
    expect((await t.get(api.bankAccounts.path, token)).body.value).toHaveLength(MAX_BANK_ACCOUNTS);
  });

  it("cannot see or remove another member's account", async () => {
    const owner = await walletMember(t);
    const other = await walletMember(t);
    const added = await add(owner.token, good);
    expect((await t.get(api.bankAccounts.path, other.token)).body.value).toEqual([]);
    const removed = await t.send('DELETE', removePath(added.body.value.id), undefined, other.token);
    expect([removed.status, removed.body.code]).toEqual([404, 'not_found']);
    expect((await t.get(api.bankAccounts.path, owner.token)).body.value).toHaveLength(1);
  });

  it('refuses visitors and trial accounts (type 4), writing nothing', async () => {
    const trial = await walletMember(t, { type: 4 });
    for (const [token, status, code] of [
      [undefined, 401, 'unauthorized'],
      [trial.token, 403, 'in_need_true_account'],
    ] as const) {
      expect((await t.get(api.bankAccounts.path, token)).body.code).toBe(code);
      const res = await add(token, good);
      expect([res.status, res.body.code]).toEqual([status, code]);
      expect((await t.send('DELETE', removePath(1), undefined, token)).body.code).toBe(code);
    }
    const rows = await t.db.query('select 1 from member_bank_accounts where member_id = $1', [trial.id]);
    expect(rows).toEqual([]);
  });
});
