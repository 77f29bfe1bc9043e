import {
  accountsEndpoints,
  CAPTCHA_ID_HEADER,
  createClient,
  pointsEndpoints,
  walletPlayerEndpoints,
} from '@tessera/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD } from './accounts-api.ts';
import {
  E2E_CAPTCHA_ANSWER,
  screenshot,
  siteNow,
  transitionsDone,
  useBrowser,
  useExtraSite,
  visible,
} from './browser.ts';

/**
 * The points mall (issue 24 parts 1–3): a member who played yesterday has the points the daily job credited,
 * converts some to cash and redeems a bonus item, on a phone in the dark theme. On the worker's extra site (PostgreSQL),
 * so the test can write yesterday's play (the roll-ups) and a mall item, and queue the points job now.
 */
const browser = useBrowser();
const extraSite = useExtraSite();
const PAYMENT_PASSWORD = '246810';

describe('points mall', () => {
  let token = '';

  beforeAll(async () => {
    await memberWithPoints();
  });

  /** A member who played yesterday, the points job run now (the demo rates: 1 point per 1.00), a bonus item. */
  async function memberWithPoints() {
    const { baseUrl: site, db } = extraSite();
    const username = `pts${Date.now().toString(36).slice(-8)}`;
    const captcha = await fetch(`${site}${accountsEndpoints.captcha.path}`);
    const registered = await createClient({ baseUrl: site })(accountsEndpoints.register, {
      body: {
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        email: `${username}@example.com`,
        ageConfirmed: true,
        termsAccepted: true,
        login: true,
        captchaId: captcha.headers.get(CAPTCHA_ID_HEADER) ?? '',
        captcha: E2E_CAPTCHA_ANSWER,
      },
    });
    token = registered.session?.token as string;
    await createClient({ baseUrl: site, token: () => token })(walletPlayerEndpoints.paymentPassword, {
      body: {
        loginPassword: PASSWORD,
        newPaymentPassword: PAYMENT_PASSWORD,
        confirmPaymentPassword: PAYMENT_PASSWORD,
      },
    });
    // Yesterday (the merchant's day) 20,000.00 of valid bets on slots: 20,000 points.
    // The day before the site's (its clock may have been moved ahead of the database's by the files before).
    const yesterday = `(('${siteNow().toISOString()}'::timestamptz at time zone (select time_zone from merchant limit 1))::date - 1)`;
    await db.query(
      `insert into agent_play_days (member_id, day, product, rounds, valid_bet, payout)
       values ($1, ${yesterday}, 'RNG', 40, 2000000, 1800000)`,
      [registered.customerId],
    );
    await db.query(
      `insert into point_mall_items (kind, texts, images, points, cash, bonus, turnover_multiple, stock,
         per_member_limit, active, sort, created_at, updated_at)
       values ('bonus', $1::jsonb, '{}'::jsonb, 5000, 0, 5000, 1, 10, 1, true, 0, now(), now()),
         ('physical', $2::jsonb, '{}'::jsonb, 10000, 0, 0, 0, 3, null, true, 1, now(), now())`,
      [
        JSON.stringify({ EN: { name: 'Lucky bonus 50', description: 'Fifty in your main wallet.' } }),
        JSON.stringify({ EN: { name: 'Team jersey', description: 'Shipped to your door.' } }),
      ],
    );
    // The day may have been done at start-up, before this member played: the job does it again now.
    await db.query(`delete from points_runs where day = ${yesterday}`);
    await db.query(
      `insert into jobs (kind, run_at, max_attempts, created_at) values ('points.daily', now(), 3, now())`,
    );
    // The runner woken now, as the server's own commits wake it (platform/jobs.ts wakeJobRunners), not on its next
    // poll; then the job's commit is waited for.
    await db.query(`select pg_notify('tessera_jobs', 'wake')`);
    const done = await vi.waitUntil(
      async () => {
        const { rows } = await db.query('select points from points_earnings where member_id = $1', [
          registered.customerId,
        ]);
        return rows.length > 0 && rows;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(done).toEqual([{ points: '20000' }]);
  }

  async function open(
    viewport: { width: number; height: number },
    storage: Record<string, string>,
  ): Promise<Page> {
    const context = await browser().newContext({ viewport });
    await context.addInitScript(
      ({ token, storage }) => {
        if (location.protocol === 'about:' || sessionStorage.getItem('e2e-init')) return;
        sessionStorage.setItem('e2e-init', '1');
        sessionStorage.setItem('token', token);
        for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
      },
      { token, storage },
    );
    const page = await context.newPage();
    await page.goto(`${extraSite().baseUrl}/pointMall`);
    return page;
  }

  it('converts some of the points a member earned by playing and redeems a bonus item', async () => {
    const page = await open({ width: 390, height: 844 }, { theme: 'dark' });
    await visible(page.getByRole('heading', { name: 'Points mall', level: 1 }));
    const summary = page.getByRole('region', { name: 'Points balance' });
    await visible(summary);
    expect(await summary.textContent()).toMatch(/Points balance20,000.*Accumulated points20,000/);
    await visible(page.getByText('Points never expire.', { exact: true }));
    await transitionsDone(page);
    await screenshot(page, 'points-phone-dark', { fullPage: true });

    const convert = page.getByRole('region', { name: 'Convert points to cash' });
    await convert.getByRole('textbox', { name: 'Points to convert' }).fill('1000');
    await convert.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await convert.getByRole('button', { name: 'Convert' }).click();
    await visible(convert.getByText(/1,000 points converted: .*10\.00 is in your main wallet\./));
    await visible(summary.getByText('19,000', { exact: true }));

    await page.getByRole('button', { name: 'Redeem Lucky bonus 50' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem Lucky bonus 50' });
    await visible(dialog);
    await dialog.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await transitionsDone(page);
    await screenshot(page, 'points-redeem-dialog', {});
    await dialog.getByRole('button', { name: 'Confirm redemption' }).click();
    await visible(dialog.getByText(/Lucky bonus 50 redeemed .*Your bonus is in your main wallet\./));
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await visible(summary.getByText('14,000', { exact: true }));

    const record = page.getByRole('table', { name: 'Redeem record' });
    const bonus = record.getByRole('row').filter({ hasText: 'Lucky bonus 50' });
    await visible(bonus);
    expect(await bonus.textContent()).toMatch(/Bonus.*5,000.*Completed/);
    await visible(record.getByRole('row').filter({ hasText: 'Points to cash' }));
    // The limit of one per member is reached.
    expect(await page.getByRole('button', { name: 'Redeem Lucky bonus 50' }).isDisabled()).toBe(true);
    await transitionsDone(page);
    await screenshot(page, 'points-phone-dark-after', { fullPage: true });
    await page.context().close();

    // In Vietnamese on a desktop, light: the page's texts and the reader's number format.
    const vi = await open({ width: 1366, height: 900 }, { lang: 'VI' });
    await visible(vi.getByRole('heading', { name: 'Cửa hàng điểm', level: 1 }));
    await visible(vi.getByRole('region', { name: 'Số dư điểm' }).getByText('14.000', { exact: true }));
    await transitionsDone(vi);
    await screenshot(vi, 'points-vi', { fullPage: true });
    await vi.context().close();
  });

  it('shows an operator the rules, the catalogue and a physical item to ship, and completes it', async () => {
    const { baseUrl, ownerToken } = extraSite();
    const member = createClient({ baseUrl, token: () => token });
    const [jersey] = (await member(pointsEndpoints.catalogue.MCS2, {})).list.filter(
      (item) => item.name === 'Team jersey',
    );
    const order = await member(pointsEndpoints.redeem.MCS2, {
      body: {
        rewardId: jersey?.id ?? 0,
        paymentPassword: PAYMENT_PASSWORD,
        address: '12 Le Loi, District 1, Ho Chi Minh City',
        phone: '+84 901 234 567',
      },
    });
    expect(order.status).toBe('processing');
    const page = await browser().newPage({ viewport: { width: 1366, height: 900 } });
    await page.addInitScript(
      ({ token }) => {
        if (location.protocol === 'about:') return;
        sessionStorage.setItem('bo.token', token);
      },
      { token: ownerToken },
    );
    await page.goto(`${baseUrl}/backoffice/points/redemptions?status=processing`);
    await visible(page.getByRole('heading', { name: 'Redemptions', level: 1 }));
    const row = page
      .getByRole('table', { name: 'Redemptions' })
      .getByRole('row')
      .filter({ hasText: order.transactionNo });
    await visible(row);
    expect(await row.textContent()).toMatch(/Team jersey × 1.*10,000 pts.*12 Le Loi.*Processing/);
    await row.getByRole('button', { name: `Complete ${order.transactionNo}` }).click();
    const dialog = page.getByRole('dialog', { name: `Complete ${order.transactionNo}` });
    await dialog.getByRole('textbox', { name: 'Tracking note' }).fill('VNPost EE123456789VN');
    await transitionsDone(page);
    await screenshot(page, 'console-points-complete', {});
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await visible(page.getByText('Redemption completed.'));

    await page.getByRole('link', { name: 'Points mall' }).click();
    await visible(page.getByRole('heading', { name: 'Points mall', level: 1 }));
    await visible(
      page.getByRole('table', { name: 'Points mall' }).getByRole('row').filter({ hasText: 'Lucky bonus 50' }),
    );
    await page.getByRole('button', { name: 'Edit Team jersey' }).click();
    await visible(page.getByRole('dialog', { name: 'Edit item' }));
    await transitionsDone(page);
    await screenshot(page, 'console-points-item', {});
    await page.getByRole('dialog', { name: 'Edit item' }).getByRole('button', { name: 'Cancel' }).click();

    // A new item of prize tickets: its number of tickets per unit, shown in the catalogue.
    await page.getByRole('button', { name: 'New item' }).click();
    const item = page.getByRole('dialog', { name: 'New item' });
    await item.getByLabel('Kind').selectOption('ticket');
    await item.getByRole('textbox', { name: 'Points' }).fill('300');
    await item.getByRole('textbox', { name: 'Tickets per unit' }).fill('2');
    await item.getByRole('textbox', { name: 'Name' }).first().fill('Two wheel tickets');
    await transitionsDone(page);
    await screenshot(page, 'console-points-ticket-item', {});
    await item.getByRole('button', { name: 'Save' }).click();
    await item.waitFor({ state: 'detached' });
    const tickets = page
      .getByRole('table', { name: 'Points mall' })
      .getByRole('row')
      .filter({ hasText: 'Two wheel tickets' });
    await visible(tickets);
    expect(await tickets.textContent()).toMatch(/Prize tickets.*300 pts.*2 tickets/);

    await page.getByRole('link', { name: 'Points rules' }).click();
    await visible(page.getByRole('heading', { name: 'Points rules', level: 1 }));
    await page.getByRole('textbox', { name: 'Slots' }).fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Points rules saved.'));
    await transitionsDone(page);
    await screenshot(page, 'console-points-rules', { fullPage: true });
    await page.close();
    const tips = await member(pointsEndpoints.config.MCS2, {});
    expect(tips.rates.find((rate) => rate.product === 'RNG')?.rate).toBe(2);
  });
});
