import { accountsEndpoints, CAPTCHA_ID_HEADER, createClient, formatMoney } from '@tessera/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import {
  advanceClock,
  E2E_CAPTCHA_ANSWER,
  screenshot,
  useBrowser,
  useExtraSite,
  visible,
} from './browser.ts';

/**
 * Issue 22 §7: an agent registers a downline, the downline plays, and the agent's team overview and a real-time
 * salary credit show within the next window. The window closes 5 minutes after it starts and is paid 5 minutes
 * later, so the test moves the server's test clock (TEST_CLOCK) forward instead of waiting.
 *
 * On the worker's extra site, whose clock the tests move: moving the main site's clock would move it under the files
 * that run after this one there (sessions and captchas would age, lottery draws would close early).
 */

const browser = useBrowser();
const site = useExtraSite();
const DEMO_AGENT = { username: 'demoagent', password: 'Demo-agent-2026' };
const DOWNLINE_PASSWORD = 'Tessera-e2e-2026';
/** The downline's stake, in major units (the simulator counts 1/100000 units). */
const STAKE = 1250;

describe('agent centre: a real-time salary credit, through the test clock', () => {
  const base = () => site().baseUrl;
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(`${base()}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads answers of several endpoints through one shape.
    const answer = (await response.json()) as { success: boolean; value: any };
    if (!answer.success) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
    return answer.value;
  };

  async function signIn(username: string, password: string): Promise<string> {
    const captcha = await fetch(`${base()}${accountsEndpoints.captcha.path}`);
    const answer = await createClient({ baseUrl: base() })(accountsEndpoints.login, {
      body: {
        username,
        password,
        captchaId: captcha.headers.get(CAPTCHA_ID_HEADER) ?? '',
        captcha: E2E_CAPTCHA_ANSWER,
      },
    });
    return answer.token;
  }

  async function open(path: string, token: string): Promise<Page> {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'UTC' });
    await context.route(/^https?:\/\/[^/]*\.example\//, (route) => route.fulfill({ status: 204, body: '' }));
    await context.addInitScript((token) => {
      if (location.protocol === 'about:' || sessionStorage.getItem('e2e-init')) return;
      sessionStorage.setItem('e2e-init', '1');
      sessionStorage.setItem('token', token);
    }, token);
    const page = await context.newPage();
    await page.goto(`${base()}${path}`);
    return page;
  }

  it('the demo agent registers a downline who plays; the overview shows the bet, then the salary is paid', async () => {
    const agent = await signIn(DEMO_AGENT.username, DEMO_AGENT.password);
    const page = await open('/agentHome?page=registerCenter', agent);
    const centre = page.getByRole('region', { name: 'Agent centre' });
    const menu = page.getByRole('navigation', { name: 'Agent centre menu' });
    await visible(centre.getByRole('heading', { name: 'Open a downline account' }));
    const downline = `rt${Date.now().toString(36).slice(-8)}`;
    await centre.getByRole('radio', { name: 'Member' }).first().check();
    await centre.getByRole('textbox', { name: 'Username' }).fill(downline);
    await centre.getByLabel('Password', { exact: true }).fill(DOWNLINE_PASSWORD);
    await centre.getByLabel('Confirm password').fill(DOWNLINE_PASSWORD);
    await centre.getByRole('button', { name: 'Register downline' }).click();
    await visible(centre.getByText(`${downline} is registered under you as Member.`));

    // The downline, funded by the operator, loses one round of the provider simulator's Lucky Seven.
    const player = await signIn(downline, DOWNLINE_PASSWORD);
    const { id } = await call('GET', '/wps/member/info', player);
    await call('POST', '/backoffice/api/wallet/adjustments', site().ownerToken, {
      memberId: id,
      wallet: 'main',
      amount: STAKE,
      reason: 'E2E real-time salary',
    });
    const lobby = await call('GET', '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=JDB&pageSize=48', '');
    const game = (lobby.games as { nodeId: number; gameName: string }[]).find(
      (entry) => entry.gameName === 'Lucky Seven',
    );
    const launched = await call('GET', `/wps/game/launchGame?nodeId=${game?.nodeId}`, player);
    const session = new URL(launched.game_url as string).pathname.split('/').at(-1);
    const played = await fetch(`${site().gameProviderUrl}/control/round`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, stake: STAKE * 100_000, outcome: 'lose' }),
    });
    expect(played.status).toBe(200);

    // The team overview shows the bet once the roll-up (every 2 s here) has it: nobody else plays under
    // the demo agent on this site.
    await vi.waitUntil(
      async () => (await call('GET', '/wps/agent/report/overview?period=today', agent)).validBet === STAKE,
      { timeout: 60_000, interval: 500 },
    );
    const { digits } = await call('GET', '/wps/agent/report/overview?period=today', agent);
    const money = (value: number) => formatMoney(value, digits, 'en-GB');
    await menu.getByRole('link', { name: 'Team overview' }).click();
    await visible(
      centre
        .getByRole('term')
        .filter({ hasText: /^Valid bets$/ })
        .locator('xpath=following-sibling::dd')
        .getByText(money(STAKE), { exact: true }),
    );

    // What the seed's real-time salary contract pays on it: its one tier's percentage of the valid bets (the
    // agent's sub-agent, with a contract of its own, had no play in the window, so the agent keeps it all).
    const { held } = await call('GET', '/wps/v2/agent/contracts', agent);
    const contract = (
      held as { kind: string; status: string; tiers: { rateType: string; rate: number }[] }[]
    ).find((one) => one.kind === 'realtime_salary' && one.status === 'active');
    expect(contract?.tiers).toHaveLength(1);
    expect(contract?.tiers[0]?.rateType).toBe('P');
    const expected =
      Math.round((STAKE * (contract?.tiers[0]?.rate ?? 0) * 10 ** digits) / 100) / 10 ** digits;
    expect(expected).toBeGreaterThan(0);

    // The window of the round closes within 5 minutes and is paid 5 minutes after: 10 minutes on is past both.
    const moved = await advanceClock(10);
    type Bill = { periodStart: string; turnover: number; amount: number; status: string };
    let bill: Bill | undefined;
    await vi.waitUntil(
      async () => {
        const bills = await call('GET', '/wps/v2/agent/bills?kind=realtime_salary', agent);
        bill = (bills.list as Bill[]).find((one) => one.turnover === STAKE);
        return bill !== undefined;
      },
      { timeout: 60_000, interval: 500 },
    );
    expect(bill).toMatchObject({ amount: expected, status: 'paid' });

    await menu.getByRole('link', { name: 'Real-time salary' }).click();
    const records = centre.getByRole('table', { name: 'Real-time salary' });
    const row = records.getByRole('row').filter({ hasText: money(STAKE) });
    await visible(row.getByRole('cell', { name: 'Paid', exact: true }));
    await visible(row.getByRole('cell', { name: money(expected), exact: true }).first());
    await screenshot(page, 'agent-realtime-salary-390-light', { fullPage: true });
    await page.context().close();

    // The agent's own account record has the credit (up to the server's day: its clock is ahead of the browser's).
    const account = await open(
      `/member?page=transactionHistory&type=salary&to=${moved.toISOString().slice(0, 10)}`,
      agent,
    );
    const lines = account
      .getByRole('region', { name: 'Member centre' })
      .getByRole('table', { name: 'Account record' });
    await visible(
      lines
        .getByRole('row')
        .filter({ hasText: 'Salary' })
        .getByText(`+${money(expected)}`),
    );
    await screenshot(account, 'agent-realtime-salary-account-390-light', { fullPage: true });
    await account.context().close();
  });
});
