import { describe, expect, it } from 'vitest';
import { registerMember } from './accounts-api.ts';
import {
  api,
  baseUrl,
  operatorToken,
  ownerConsolePage,
  screenshot,
  useBrowser,
  useExtraSite,
  visible,
} from './browser.ts';

/** The console's wallet pages: a player's ledger and a manual adjustment, cashier settings, reconciliation. */

const browser = useBrowser();

describe('console: wallet', () => {
  it("the owner adjusts a player's balance with a reason and reads the ledger", async () => {
    const player = await registerMember();
    const credit = await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
      memberId: player.id,
      amount: 250,
      reason: 'Opening credit',
    });
    expect(credit.success).toBe(true);
    const page = await ownerConsolePage(browser(), `/players/${player.id}`);
    const card = page.getByRole('region', { name: 'Wallet' });
    await visible(card.getByText('PHP 250.00'));
    const entries = card.getByRole('table', { name: 'Ledger entries' });
    await visible(entries.getByRole('cell', { name: 'Opening credit' }));

    await card.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog', { name: `Adjust the balance of ${player.username}` });
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('-300');
    await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Correction' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Too much');
    await dialog.getByRole('button', { name: 'Adjust balance' }).click();
    // The operator reads that the member's balance is too low, and what it is.
    await visible(dialog.getByText("The member's balance is too low for this deduction."));
    await visible(dialog.getByText("The member's balance is 250.00"));
    expect(await dialog.getByText('Your balance is not enough for this.').count()).toBe(0);
    await screenshot(page, 'console-adjust-overdraft');
    // Too big an amount says the maximum, and the earlier answer's banner goes.
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('99999999999999999');
    await dialog.getByRole('button', { name: 'Adjust balance' }).click();
    await visible(dialog.getByText('Enter at most 1,000,000,000,000 either way.'));
    expect(await dialog.getByText("The member's balance is too low for this deduction.").count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('-50.25');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Duplicate bonus reversed');
    await dialog.getByRole('button', { name: 'Adjust balance' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(card.getByText('PHP 199.75'));
    await visible(entries.getByRole('cell', { name: 'Duplicate bonus reversed' }));
    await visible(entries.getByText('-50.25'));
    await screenshot(page, 'console-player-wallet');

    const audit = await api('GET', '/backoffice/api/audit?entity=wallet', await operatorToken());
    expect(JSON.stringify(audit.value.list[0])).toContain('Duplicate bonus reversed');
    await page.close();
  });

  it('cashier settings save and reconciliation runs on demand', async () => {
    const token = await operatorToken();
    const before = (await api('GET', '/backoffice/api/wallet/settings', token)).value;
    const page = await ownerConsolePage(browser(), '/wallet/settings');
    await visible(page.getByRole('heading', { name: 'Cashier settings' }));
    const money = page.getByRole('region', { name: 'Currency and wallets' });
    expect(await money.getByRole('textbox', { name: 'Currency' }).inputValue()).toBe('PHP');
    expect(await money.getByRole('switch', { name: 'Single wallet' }).isChecked()).toBe(false);
    const rules = page.getByRole('region', { name: 'Cashier rules' });
    await rules.getByRole('textbox', { name: 'Turnover multiple' }).fill('2');
    await rules.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Cashier settings saved.'));
    await rules.getByRole('textbox', { name: 'Maximum withdrawal' }).fill('1');
    await rules.getByRole('button', { name: 'Save' }).click();
    await visible(rules.getByText('Enter a valid number for this setting.'));
    // Finance picks the gateway that pays approved withdrawals, then goes back to paying by hand (both audited).
    const payouts = page.getByRole('region', { name: 'Payouts' });
    const paidThrough = payouts.getByRole('combobox', { name: 'Paid through' });
    expect(await paidThrough.inputValue()).toBe('');
    const gateway = (await api('GET', '/backoffice/api/wallet/payment-channels', token)).value.find(
      (channel: { kind: string }) => channel.kind === 'gateway',
    );
    await paidThrough.selectOption({ label: gateway.name });
    await payouts.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Payout settings saved.'));
    expect((await api('GET', '/backoffice/api/wallet/payouts/settings', token)).value).toEqual({
      channelId: gateway.id,
    });
    await screenshot(page, 'console-cashier-settings');
    await paidThrough.selectOption({ label: 'By hand (bank transfer by finance)' });
    await payouts.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await api('GET', '/backoffice/api/wallet/payouts/settings', token)).value)
      .toEqual({ channelId: null });
    const audit = await api('GET', '/backoffice/api/audit?entity=payouts', token);
    expect(JSON.stringify(audit.value.list)).toContain(String(gateway.id));

    await page.getByRole('link', { name: 'Reconciliation' }).click();
    await visible(page.getByRole('heading', { name: 'Reconciliation' }));
    await page.getByRole('button', { name: 'Run now' }).click();
    await visible(page.getByText('Reconciliation queued'));
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return page.getByRole('table', { name: 'Reconciliation' }).getByText('Clean').count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'console-reconciliation');
    await page.close();
    // Other tests' players withdraw under the settings they found.
    expect((await api('PUT', '/backoffice/api/wallet/settings', token, before)).success).toBe(true);
  });
});

/**
 * On the worker's extra site (PostgreSQL), whose merchant the test gives a currency without decimals for as long as
 * it runs: the currency is fixed once money has moved, so no endpoint changes it on a site in use.
 */
describe('console: wallet, in a currency without decimals', () => {
  const site = useExtraSite();

  it("the adjustment approvals and the games' stakes show amounts with the merchant currency's decimals", async () => {
    const { db } = site();
    const player = await registerMember();
    const game = `Dong game ${player.username}`;
    const currency = (await db.query<{ currency: string }>('select currency from merchant')).rows[0]
      ?.currency;
    await db.query(`update merchant set currency = 'VND'`);
    try {
      // A large credit waiting for a second owner (entered by another owner: the site's first one).
      await db.query(
        `insert into adjustment_requests (member_id, wallet, amount, category, note, status, requested_by,
           requested_at)
         select $1, 'main', 1500000, 'compensation', 'Outage goodwill', 'pending', min(id), now()
           from operators where role = 'owner'`,
        [player.id],
      );
      // A game whose smallest stake is 5,000 dong.
      await db.query(
        `insert into games (vendor_id, code, game_id, names, classify, min_bet, line_num, platforms, sort,
           created_at, updated_at)
         select id, $1, $1, jsonb_build_object('EN', $2::text), 'SLOT', 5000, 20, '{html5}'::text[], 0, now(), now()
           from game_vendors where vassalage = 'FB'`,
        [`dong-${player.username}`, game],
      );
      const page = await ownerConsolePage(browser(), '/wallet/adjustments');
      const row = page
        .getByRole('table', { name: 'Adjustment approvals' })
        .getByRole('row')
        .filter({ hasText: player.username });
      await visible(row.getByRole('cell', { name: '1,500,000 VND' }));
      await row.getByRole('button', { name: `Approve the adjustment of ${player.username}` }).click();
      const dialog = page.getByRole('dialog', { name: `Approve the adjustment of ${player.username}` });
      await visible(dialog.getByText(`1,500,000 VND for ${player.username}`, { exact: false }));
      await screenshot(page, 'console-adjustment-approvals-vnd');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.goto(`${baseUrl()}/backoffice/games?search=${encodeURIComponent(game)}`);
      const games = page.getByRole('table', { name: 'Games' });
      await visible(
        games.getByRole('row').filter({ hasText: game }).getByRole('cell', { name: '5,000', exact: true }),
      );
      await page.close();
    } finally {
      await db.query('delete from adjustment_requests where member_id = $1', [player.id]);
      await db.query('delete from games where code = $1', [`dong-${player.username}`]);
      await db.query('update merchant set currency = $1', [currency]);
    }
  });
});
