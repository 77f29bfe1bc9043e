import {
  accountsEndpoints,
  agentContractConsoleEndpoints,
  agentContractEndpoints,
  agentTreeConsoleEndpoints,
  agentTreeEndpoints,
  createClient,
  walletPlayerEndpoints,
} from '@tessera/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember, PASSWORD, uniqueName } from './accounts-api.ts';
import { api, baseUrl, operatorToken, screenshot, useBrowser, visible } from './browser.ts';

/**
 * The agent centre, part A (issue 22 §2): an agent registers a downline, creates an affiliate link whose visits are
 * counted, finds the downline in team management, transfers to it, and answers a contract offer; on a phone too,
 * light and dark, English and Chinese.
 */

const browser = useBrowser();
const PAYMENT_PASSWORD = '246813';
const PHONE = { width: 390, height: 844 };

const as = (token: string) => createClient({ baseUrl: baseUrl(), token: () => token });

/** A new top-level agent (type 1, made by the operator) with money in its main wallet and a payment password. */
async function newAgent() {
  const member = await loggedInMember('ag');
  const owner = await operatorToken();
  await as(owner)(agentTreeConsoleEndpoints.setType, { params: { id: member.id }, body: { type: 1 } });
  const credit = await api('POST', '/backoffice/api/wallet/adjustments', owner, {
    memberId: member.id,
    wallet: 'main',
    amount: 500,
    reason: 'E2E agent funding',
  });
  expect(credit.success).toBe(true);
  await as(member.token)(walletPlayerEndpoints.paymentPassword, {
    body: {
      loginPassword: PASSWORD,
      newPaymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    },
  });
  return member;
}

async function open(
  path: string,
  token: string | null,
  options: { theme?: string; lang?: string; width?: number; height?: number } = {},
) {
  const context = await browser().newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
  });
  await context.route(/^https?:\/\/[^/]*\.example\//, (route) => route.fulfill({ status: 204, body: '' }));
  await context.addInitScript(
    ({ token, theme, lang }) => {
      if (location.protocol === 'about:' || sessionStorage.getItem('e2e-init')) return;
      sessionStorage.setItem('e2e-init', '1');
      if (token) sessionStorage.setItem('token', token);
      if (theme) localStorage.setItem('theme', theme);
      if (lang) localStorage.setItem('lang', lang);
    },
    { token, theme: options.theme, lang: options.lang },
  );
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

const panel = (page: Page) => page.getByRole('region', { name: 'Agent centre' });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Agent centre menu' });

describe('agent centre: register, team, contracts', () => {
  it('an agent registers a downline, counts a link visit, transfers to the downline and accepts an offer', async () => {
    const agent = await newAgent();
    const page = await open('/agentHome?page=registerCenter', agent.token);
    const centre = panel(page);
    await visible(centre.getByRole('heading', { name: 'Open a downline account' }));

    // Register a downline agent: a mismatched confirmation is refused beside its field, then the account opens.
    const downline = uniqueName('dl');
    await centre.getByRole('radio', { name: 'Agent' }).first().check();
    await centre.getByRole('textbox', { name: 'Username' }).fill(downline);
    await centre.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await centre.getByLabel('Confirm password').fill('Something-else-1');
    await centre.getByRole('button', { name: 'Register downline' }).click();
    await visible(centre.getByText('Passwords do not match'));
    await centre.getByLabel('Confirm password').fill(PASSWORD);
    await centre.getByRole('button', { name: 'Register downline' }).click();
    await visible(centre.getByText(`${downline} is registered under you as Agent.`));
    // The server's refusal (the name is taken) shows beside the field it names.
    await centre.getByRole('textbox', { name: 'Username' }).fill(downline);
    await centre.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await centre.getByLabel('Confirm password').fill(PASSWORD);
    await centre.getByRole('button', { name: 'Register downline' }).click();
    await visible(
      centre.getByRole('textbox', { name: 'Username' }).and(page.locator('[aria-invalid="true"]')),
    );
    await visible(centre.locator('.field__error', { hasText: 'This user name is already taken.' }));

    // An affiliate link with a note; a visit through it counts one click.
    await centre.getByRole('textbox', { name: 'Note' }).fill('Spring campaign');
    await centre.getByRole('button', { name: 'Create link' }).click();
    const links = centre.getByRole('table', { name: 'Affiliate links' });
    const row = links.getByRole('row').filter({ hasText: 'Spring campaign' });
    await visible(row);
    const code = (await row.locator('.agent-code').textContent())?.trim() ?? '';
    expect(code).not.toBe('');
    const clicks = async () =>
      (await api('GET', '/wps/agent/links', agent.token)).value.list.find(
        (link: { code: string }) => link.code === code,
      ).clicks;
    // The visit counts once (the page may have sent it before the test could listen for it), and a reload of the
    // same visit does not count again.
    const visitor = await open(`/?affiliateCode=${code}`, null);
    await expect.poll(clicks).toBe(1);
    await visitor.reload();
    await visitor.getByRole('banner').waitFor();
    await visitor.context().close();
    expect(await clicks()).toBe(1);
    await screenshot(page, 'agent-register-light');

    // Delete asks first; cancelling keeps the link.
    await row.getByRole('button', { name: `Delete the link ${code}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this affiliate link?' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await visible(row);

    // Team management: the downline, then a transfer to it.
    await menu(page).getByRole('link', { name: 'Team management' }).click();
    const team = centre.getByRole('table', { name: 'Team management' });
    const member = team.getByRole('row').filter({ hasText: downline });
    await visible(member);
    await member.getByRole('button', { name: `Transfer to ${downline}` }).click();
    const transfer = page.getByRole('dialog', { name: `Transfer to ${downline}` });
    await transfer.getByRole('textbox', { name: 'Amount' }).fill('25');
    await transfer.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await transfer.getByRole('button', { name: 'Send transfer' }).click();
    await visible(transfer.getByText(`P 25.00 sent to ${downline}`, { exact: false }));
    await transfer.getByRole('button', { name: 'Close' }).click();
    await visible(member.getByText('25.00'));
    await screenshot(page, 'agent-team-light');

    // The operator offers a dividend contract; the contracts page appears in the menu and the agent accepts.
    await as(await operatorToken())(agentContractConsoleEndpoints.offer, {
      body: {
        username: agent.username,
        kind: 'dividend',
        product: 'CONS',
        tiers: [
          { minimumBet: 1000, netLoss: 100, activeMember: 1, rate: 10 },
          { minimumBet: 5000, netLoss: 500, activeMember: 3, rate: 20 },
        ],
      },
    });
    await page.reload();
    await menu(page).getByRole('link', { name: 'Contracts' }).click();
    const offer = centre.getByRole('article', { name: 'Dividend · All products' });
    await visible(offer.getByText('Waiting for answer'));
    await screenshot(page, 'agent-contracts-offer-light');
    await offer.getByRole('button', { name: 'Accept' }).click();
    const held = centre.getByRole('region', { name: 'My contracts' });
    await visible(
      held.getByRole('article', { name: 'Dividend · All products' }).getByText('Active', { exact: true }),
    );
    await visible(centre.getByText('No offers are waiting for your answer.'));

    // The agent offers its downline (now an agent) less than its own; more is refused beside the tiers.
    await centre.getByLabel('Direct downline agent').selectOption(downline);
    await centre.getByRole('button', { name: 'Offer a contract' }).click();
    const form = page.getByRole('dialog', { name: `Offer a contract to ${downline}` });
    await form.getByRole('textbox', { name: 'Valid bets from' }).fill('1000');
    await form.getByRole('textbox', { name: 'Net loss from' }).fill('100');
    await form.getByRole('textbox', { name: 'Active members from' }).fill('1');
    await form.getByRole('textbox', { name: 'Rate' }).fill('50');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await visible(form.getByText("a downline's rate may never exceed its upline's", { exact: false }));
    await form.getByRole('textbox', { name: 'Rate' }).fill('5');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await visible(form.getByText(`Your offer was sent to ${downline}.`));
    await form.getByRole('button', { name: 'Close' }).first().click();
    const given = centre.getByRole('region', { name: 'Contracts I gave' });
    await visible(
      given.getByRole('article', { name: 'Dividend · All products' }).getByText('Waiting for answer'),
    );
    await page.context().close();
  }, 120_000);

  it('asks before accepting a lower offer that cancels a contract the agent gave, then says what it cancelled', async () => {
    const owner = as(await operatorToken());
    const agent = await newAgent();
    const below = await loggedInMember('sb');
    await owner(agentTreeConsoleEndpoints.move, { params: { id: below.id }, body: { uplineId: agent.id } });
    await owner(agentTreeConsoleEndpoints.setType, { params: { id: below.id }, body: { type: 1 } });
    const dividend = (rate: number) => ({
      kind: 'dividend' as const,
      product: 'CONS' as const,
      tiers: [{ minimumBet: 1000, netLoss: 100, activeMember: 1, rate }],
    });
    // The agent holds 20 % and gave its downline 15 %.
    const first = await owner(agentContractConsoleEndpoints.offer, {
      body: { username: agent.username, ...dividend(20) },
    });
    await as(agent.token)(agentContractEndpoints.answer, { params: { id: first.id }, body: { status: 'A' } });
    const given = await as(agent.token)(agentContractEndpoints.offer, {
      body: { downline: below.username, ...dividend(15) },
    });
    await as(below.token)(agentContractEndpoints.answer, { params: { id: given.id }, body: { status: 'A' } });
    // The platform now offers the agent 10 %: accepting it cancels the downline's 15 %.
    await owner(agentContractConsoleEndpoints.offer, { body: { username: agent.username, ...dividend(10) } });

    const page = await open('/agentHome?page=agentContracts', agent.token);
    const offers = panel(page).getByRole('region', { name: 'Offers waiting for you' });
    await offers.getByRole('button', { name: 'Accept' }).click();
    const confirm = page.getByRole('dialog', { name: 'A subordinate has a higher rate' });
    await visible(
      confirm.getByText("Agreeing automatically cancels that subordinate's contract.", { exact: false }),
    );
    await screenshot(page, 'agent-contracts-higher-rate');
    await confirm.getByRole('button', { name: 'Agree' }).click();
    await visible(
      panel(page).getByText('Accepted. 1 contract(s) below you that exceeded it were cancelled.'),
    );
    const gave = panel(page).getByRole('region', { name: 'Contracts I gave' });
    await visible(gave.getByText('You have given no contracts.'));
    const history = panel(page).getByRole('table', { name: 'Contract history' });
    await visible(history.getByRole('row').filter({ hasText: below.username }).getByText('Cancelled'));
    await page.context().close();
  }, 120_000);

  it('the demo agents see the contract pages of the contracts they hold (real-time salary included)', async () => {
    // The seed: demoagent holds a LOTT dividend, a CONS daily salary and a CONS real-time salary (read only here).
    const login = await as('')(accountsEndpoints.login, {
      body: { type: 'username', username: 'demoagent', password: 'Demo-agent-2026' },
    });
    const page = await open('/agentHome', login.token);
    for (const name of ['Contracts', 'Dividend records', 'Daily wages', 'Real-time salary'])
      await visible(menu(page).getByRole('link', { name }));
    expect(await menu(page).getByRole('link', { name: 'Hourly salary' }).count()).toBe(0);
    await menu(page).getByRole('link', { name: 'Contracts' }).click();
    const held = panel(page).getByRole('region', { name: 'My contracts' });
    await visible(held.getByRole('article', { name: 'Real-time salary · All products' }));
    await visible(held.getByRole('article', { name: 'Dividend · Lottery' }));
    await page.context().close();
  }, 120_000);

  it('shows the pages on a phone without sideways scrolling, dark and in Chinese', async () => {
    const agent = await newAgent();
    const downline = uniqueName('pd');
    await as(agent.token)(agentTreeEndpoints.registerDownline, {
      body: { username: downline, password: PASSWORD, confirmPassword: PASSWORD, type: 1 },
    });
    await as(await operatorToken())(agentContractConsoleEndpoints.offer, {
      body: {
        username: agent.username,
        kind: 'daily_salary',
        product: 'CONS',
        tiers: [{ minimumBet: 10_000, activeMember: 3, rate: 0.5 }],
      },
    });
    const phone = await open('/agentHome?page=registerCenter', agent.token, { ...PHONE, theme: 'dark' });
    const sideways = () => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await visible(panel(phone).getByRole('heading', { name: 'Open a downline account' }));
    expect(await sideways()).toBeLessThanOrEqual(0);
    await screenshot(phone, 'agent-register-phone-dark', { fullPage: true });

    await phone.goto(`${baseUrl()}/agentHome?page=downlineManagmentView`);
    await visible(panel(phone).getByRole('button', { name: downline, exact: true }));
    expect(await sideways()).toBeLessThanOrEqual(0);
    await panel(phone).getByRole('button', { name: downline, exact: true }).click();
    const detail = phone.getByRole('dialog', { name: downline });
    await visible(detail.getByText('Direct subordinates'));
    await screenshot(phone, 'agent-member-phone-dark');
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await screenshot(phone, 'agent-team-phone-dark');

    await phone.goto(`${baseUrl()}/agentHome?page=agentContracts`);
    await visible(panel(phone).getByRole('article', { name: 'Daily salary · All products' }));
    expect(await sideways()).toBeLessThanOrEqual(0);
    await screenshot(phone, 'agent-contracts-phone-dark', { fullPage: true });

    await phone.goto(`${baseUrl()}/agentHome?page=agentAnnouncement`);
    await visible(panel(phone).getByText('The site announcements, as every member sees them.'));
    await screenshot(phone, 'agent-announcement-phone-dark');
    await phone.context().close();

    const zh = await open('/agentHome?page=agentContracts', agent.token, { lang: 'CN' });
    await visible(
      zh.getByRole('article', { name: '日工资 · 全部产品' }).getByRole('button', { name: '同意' }),
    );
    await screenshot(zh, 'agent-contracts-zh-light');
    await zh.goto(`${baseUrl()}/agentHome?page=registerCenter`);
    await visible(zh.getByRole('heading', { name: '开设下级账户' }));
    await screenshot(zh, 'agent-register-zh-light');
    await zh.context().close();
  }, 120_000);
});
