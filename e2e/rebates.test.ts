import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { screenshot, siteNow, transitionsDone, useBrowser, useExtraSite, visible } from './browser.ts';

/**
 * Player rebates (issue 23 part 5): a member who played yesterday sees yesterday's rebate, paid by the rebate job, on
 * the member centre's bonusDetails page. On the worker's extra site (PostgreSQL), so the test can write yesterday's play
 * (the roll-ups) and queue the rebate job now rather than wait for the slot after midnight.
 */
const browser = useBrowser();
const site = useExtraSite();

describe('rebates', () => {
  let username = '';
  let token = '';

  beforeAll(async () => {
    await memberWithRebate();
  }, 240_000);

  /** A member who played yesterday, and the rebate job run now (it pays yesterday's rebate). */
  async function memberWithRebate() {
    const { db } = site();
    const registered = await loggedInMember('reb');
    username = registered.username;
    token = registered.token;
    // Yesterday (the merchant's day) 20,000.00 of valid bets on slots: 0.5 % at the demo rates, 100.00.
    // The day before the site's (its clock may have been moved ahead of the database's by the files before).
    const yesterday = `(('${siteNow().toISOString()}'::timestamptz at time zone (select time_zone from merchant limit 1))::date - 1)`;
    await db.query(
      `insert into agent_play_days (member_id, day, product, rounds, valid_bet, payout)
       values ($1, ${yesterday}, 'RNG', 40, 2000000, 1800000)`,
      [registered.id],
    );
    // The day may have been done at start-up, before this member played: the job does it again now.
    await db.query(`delete from rebate_runs where day = ${yesterday}`);
    await db.query(
      `insert into jobs (kind, run_at, max_attempts, created_at) values ('rebates.daily', now(), 3, now())`,
    );
    // The runner woken now, as the server's own commits wake it (platform/jobs.ts wakeJobRunners), not on its next
    // poll; then the job's commit is waited for.
    await db.query(`select pg_notify('tessera_jobs', 'wake')`);
    const done = await vi.waitUntil(
      async () => {
        const { rows } = await db.query('select status from rebates where member_id = $1', [registered.id]);
        return rows.length > 0 && rows;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(done).toEqual([{ status: 'paid' }]);
  }

  it('shows a member who played yesterday the rebate the job paid, in bonusDetails', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(
      ({ token }) => {
        if (location.protocol === 'about:' || sessionStorage.getItem('e2e-init')) return;
        sessionStorage.setItem('e2e-init', '1');
        sessionStorage.setItem('token', token);
        localStorage.setItem('theme', 'dark');
      },
      { token },
    );
    const page = await context.newPage();
    await page.goto(`${site().baseUrl}/member?page=bonusDetails`);
    const centre = page.getByRole('region', { name: 'Member centre' });
    await visible(centre.getByRole('heading', { name: 'Rebate details' }));
    await visible(centre.getByText('No valid bets yet today.'));
    const history = centre.getByRole('table', { name: 'Rebate history' });
    const row = history.getByRole('row').filter({ hasText: 'Slots' });
    await visible(row);
    expect(await row.textContent()).toMatch(/20,000\.00.*0\.5%.*100\.00.*Paid/);
    const rates = centre.getByRole('table', { name: 'Your rates (VIP 0)' });
    await visible(
      rates
        .getByRole('row')
        .filter({ hasText: 'Slots' })
        .getByText(/From .*100,000\.00: 0\.8%/),
    );
    await transitionsDone(page);
    await screenshot(page, 'rebates-phone-dark', { fullPage: true });
    await context.close();

    // In Vietnamese on a desktop, light: the page's texts and the reader's number format.
    const desktop = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    await desktop.addInitScript(
      ({ token }) => {
        if (location.protocol === 'about:' || sessionStorage.getItem('e2e-init')) return;
        sessionStorage.setItem('e2e-init', '1');
        sessionStorage.setItem('token', token);
        localStorage.setItem('lang', 'VI');
      },
      { token },
    );
    const vi = await desktop.newPage();
    await vi.goto(`${site().baseUrl}/member?page=bonusDetails`);
    const paid = vi
      .getByRole('table', { name: 'Lịch sử hoàn trả' })
      .getByRole('row')
      .filter({ hasText: 'Đã trả' });
    await visible(paid);
    expect(await paid.textContent()).toContain('20.000,00');
    await transitionsDone(vi);
    await screenshot(vi, 'rebates-vi', { fullPage: true });
    await desktop.close();
  });

  it('shows an operator the paid rebate in the console and the rates per product and level', async () => {
    const { baseUrl, ownerToken } = site();
    const page = await browser().newPage({ viewport: { width: 1366, height: 900 } });
    await page.addInitScript(
      ({ token }) => {
        if (location.protocol === 'about:') return;
        sessionStorage.setItem('bo.token', token);
      },
      { token: ownerToken },
    );
    await page.goto(`${baseUrl}/backoffice/rebates?username=${username}`);
    await visible(page.getByRole('heading', { name: 'Rebates', level: 1 }));
    const row = page.getByRole('table', { name: 'Rebates' }).getByRole('row').filter({ hasText: username });
    await visible(row);
    expect(await row.textContent()).toMatch(/Slots.*20,000\.00.*0\.5%.*100\.00.*Paid/);
    await transitionsDone(page);
    await screenshot(page, 'console-rebates', { fullPage: true });

    await page.getByRole('link', { name: 'Rebate rates' }).click();
    await visible(page.getByRole('heading', { name: 'Rebate rates', level: 1 }));
    await page.getByRole('button', { name: 'Edit rates of Slots VIP0 and up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit rates' });
    await dialog.getByRole('textbox', { name: 'Tier 2: rate (%)' }).fill('0.75');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Rebate rates saved.'));
    const slots = page
      .getByRole('table', { name: 'Rates' })
      .getByRole('row')
      .filter({ hasText: 'SlotsVIP0' });
    await visible(slots.getByText(/100,000\.00: 0\.75%/));
    await transitionsDone(page);
    await screenshot(page, 'console-rebate-rates', { fullPage: true });
    await page.close();
  });
});
