import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  newOperator,
  screenshot,
  transitionsDone,
  useBrowser,
  useExtraSite,
  visible,
} from './browser.ts';

/** The console's agents pages: the tree and an agent's page, contract templates and offers, dividends and bills. */

const browser = useBrowser();

/** A console page on an operator's session (kept in the tab's session storage), in a theme and width. */
async function consolePage(
  site: string,
  token: string,
  path: string,
  theme: 'light' | 'dark' = 'light',
  width = 1366,
) {
  const page = await browser().newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await page.addInitScript(
    ({ token, theme }) => {
      if (location.protocol === 'about:') return;
      sessionStorage.setItem('bo.token', token);
      localStorage.setItem('bo.theme', theme);
    },
    { token, theme },
  );
  await page.goto(`${site}/backoffice${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

async function shoot(page: Page, name: string) {
  await transitionsDone(page);
  await screenshot(page, name, { fullPage: true });
}

describe('console: agents', () => {
  it('operations find the demo agent in the tree, open its page, and offer a new template to it', async () => {
    const { token } = await newOperator('operations', 'ops', 'Agents desk');
    const page = await consolePage(baseUrl(), token, '/agents/tree');
    await visible(page.getByRole('heading', { name: 'Agent tree' }));
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await visible(nav.getByRole('link', { name: 'Contracts' }));
    // Operations may not read bills: the finance pages are not offered.
    expect(await nav.getByRole('link', { name: 'Agent bills' }).count()).toBe(0);

    // The top level opens to the demo agent's members.
    await page.getByRole('button', { name: 'Show the members of demoagent' }).click();
    await visible(page.getByRole('link', { name: 'demosubagent' }));
    await shoot(page, 'console-agents-tree-light');

    // A search shows where a member sits.
    await page.getByRole('searchbox', { name: 'User name' }).fill('demoplayer1');
    await page.getByRole('button', { name: 'Search' }).click();
    const path = page.getByRole('navigation', { name: 'Path of demoplayer1' });
    await visible(path.getByRole('link', { name: 'demoagent' }));

    // Moving a member under its own team is refused with the server's reason.
    await page.getByRole('searchbox', { name: 'User name' }).fill('demoagent');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Move demoagent' }).first().click();
    const move = page.getByRole('dialog', { name: 'Move demoagent' });
    // The new upline is searched by user name on the server and picked from the list.
    await move.getByRole('combobox', { name: 'New upline agent' }).fill('demosub');
    const option = move.getByRole('option', { name: /demosubagent/ });
    await visible(option);
    await shoot(page, 'console-agents-move-dialog-light');
    await option.click();
    await move.getByRole('button', { name: 'Move' }).click();
    await visible(move.getByText('A member cannot move under its own team.'));
    await move.getByRole('button', { name: 'Cancel' }).click();

    // The agent's page: its team figures and contracts.
    await page
      .getByRole('navigation', { name: 'Path of demoagent' })
      .getByRole('link', { name: 'demoagent' })
      .click();
    await visible(page.getByRole('heading', { name: 'Team figures' }));
    // The demo seed gave demoagent its contracts: each shows with its history.
    await visible(page.getByRole('table', { name: /History of contract/ }).first());
    await visible(page.getByText('Top-level agent'));
    await shoot(page, 'console-agents-agent-light');

    // A template, offered to the demo agent.
    await nav.getByRole('link', { name: 'Contracts' }).click();
    await page.getByRole('button', { name: 'New template' }).click();
    const editor = page.getByRole('dialog', { name: 'New contract template' });
    const name = `Dividend ${Date.now().toString(36)}`;
    await editor.getByRole('textbox', { name: 'Name' }).fill(name);
    // A daily salary takes a cap per day; a dividend has none, and the field leaves with the kind.
    await editor.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Daily salary' });
    await editor.getByRole('textbox', { name: 'Daily cap' }).fill('2500');
    await shoot(page, 'console-agents-template-cap-light');
    await editor.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Dividend' });
    expect(await editor.getByRole('textbox', { name: 'Daily cap' }).count()).toBe(0);
    // demoagent holds a lottery (LOTT) dividend: an offer for all products combined would mix the two.
    await editor.getByRole('combobox', { name: 'Product' }).selectOption('LOTT');
    await editor.getByRole('textbox', { name: 'Rate value' }).fill('0.5');
    await shoot(page, 'console-agents-template-dialog-light');
    await editor.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText(`Template “${name}” saved.`));
    await page.getByRole('button', { name: `Offer ${name}` }).click();
    const offer = page.getByRole('dialog', { name: `Offer “${name}”` });
    await offer.getByRole('textbox', { name: 'Top-level agent' }).fill('demoagent');
    await offer.getByRole('button', { name: 'Send offer' }).click();
    await visible(page.getByText('Offer sent to demoagent.'));
    await shoot(page, 'console-agents-templates-light');

    // The offer shows on the agent's page, with its history.
    await page.goto(`${baseUrl()}/backoffice/agents/tree`);
    await page.getByRole('link', { name: 'demoagent' }).first().click();
    await visible(
      page
        .getByRole('table', { name: /History of contract/ })
        .getByText('Offered')
        .first(),
    );
    await page.close();

    const dark = await consolePage(baseUrl(), token, '/agents/tree', 'dark', 390);
    await dark.getByRole('button', { name: 'Show the members of demoagent' }).click();
    await visible(dark.getByRole('link', { name: 'demosubagent' }));
    await shoot(dark, 'console-agents-tree-dark-phone');
    await dark.getByRole('link', { name: 'demoagent' }).click();
    await visible(
      dark
        .getByRole('table', { name: /History of contract/ })
        .getByText('Offered')
        .first(),
    );
    await shoot(dark, 'console-agents-agent-dark-phone');
    // Vietnamese and Chinese.
    await dark.getByRole('combobox', { name: 'Language' }).selectOption('vi');
    await visible(dark.getByRole('heading', { name: 'Số liệu đội' }));
    await visible(dark.getByText('Do nền tảng đề nghị').first());
    await shoot(dark, 'console-agents-agent-dark-phone-vi');
    await dark.getByRole('combobox', { name: 'Ngôn ngữ' }).selectOption('zh');
    await dark.getByRole('link', { name: '代理树' }).first().click();
    await visible(dark.getByRole('heading', { name: '代理树' }));
    await visible(dark.getByRole('heading', { name: '顶级代理' }));
    await shoot(dark, 'console-agents-tree-dark-phone-zh');
    await dark.close();
  });

  it('finance reads the dividend queue and settlement runs and exports bills as CSV', async () => {
    const { token } = await newOperator('finance', 'fin', 'Finance desk');
    const page = await consolePage(baseUrl(), token, '/agents/dividends');
    await visible(page.getByRole('heading', { name: 'Dividend approval' }));
    await visible(page.getByText('No dividend is waiting for approval.'));
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Settlement runs' }).click();
    await visible(page.getByRole('heading', { name: 'Settlement runs' }));
    await nav.getByRole('link', { name: 'Agent bills' }).click();
    await visible(page.getByRole('heading', { name: 'Agent bills' }));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^agent-bills-.*\.csv$/);
    await visible(page.getByText('Bills exported.'));
    await page.close();
  });
});

/**
 * On the worker's extra site (PostgreSQL), so the test can write what no endpoint makes at once: a dividend bill
 * waiting for approval (the settlement job makes them after a contract's period, by the clock).
 */
describe('console: agents, a dividend bill seeded in the database', () => {
  const site = useExtraSite();

  it('finance approves a large dividend first, the owner second, and exports the paid bill as CSV', async () => {
    const { db, baseUrl: server, ownerToken } = site();
    const { token } = await newOperator('finance', 'fin', 'Finance desk');
    // Dividends from 1,000 need two operators; demoagent's platform dividend (LOTT) owes 1,234.50 for a period.
    await db.query(
      `insert into site_settings (key, value, updated_at) values ('agents.settlement', $1, now())
       on conflict (key) do update set value = excluded.value`,
      [JSON.stringify({ dividendSecondApprovalFrom: 1000 })],
    );
    await db.query(
      `insert into agent_bills (contract_id, agent_id, kind, product, period_start, period_end, metrics, tier, gross,
         amount, status, payer, created_at)
       select c.id, c.agent_id, 'dividend', c.product, '2026-01-01T00:00:00Z', '2026-01-16T00:00:00Z', $1, 0,
         123450, 123450, 'unapproved', 'platform', now()
         from agent_contracts c join members m on m.id = c.agent_id
        where m.username = 'demoagent' and c.kind = 'dividend' and c.status = 'active'`,
      [
        JSON.stringify({
          turnover: '50000000',
          netLoss: '24690000',
          netLossAfterCarry: '24690000',
          activeMembers: 6,
          base: '24690000',
          rateType: 'P',
          rate: '5000',
        }),
      ],
    );

    const page = await consolePage(server, token, '/agents/dividends');
    const queue = page.getByRole('table', { name: 'Dividend approval' });
    await visible(queue.getByText('demoagent'));
    await visible(queue.getByText('1,234.50'));
    await shoot(page, 'console-agents-dividends-light');
    await queue.getByRole('button', { name: 'Approve the bill of demoagent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the dividend of demoagent' });
    await visible(
      dialog.getByText('This dividend is large: a second, different operator must approve it too.'),
    );
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await visible(
      page.getByText(
        'Your approval is recorded. A second, different operator must approve the dividend of demoagent.',
      ),
    );
    await visible(queue.getByText(/First approval: /));
    // The same operator again is refused with the rule's message.
    await queue.getByRole('button', { name: 'Approve the bill of demoagent' }).click();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await visible(
      dialog.getByText('A dividend this large needs the approval of a second, different operator.'),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.close();

    const second = await consolePage(server, ownerToken, '/agents/dividends', 'dark');
    await second.getByRole('button', { name: 'Approve the bill of demoagent' }).click();
    await second
      .getByRole('dialog', { name: 'Approve the dividend of demoagent' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await visible(second.getByText('Dividend of demoagent approved.'));
    await visible(second.getByText('No dividend is waiting for approval.'));
    await second
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Agent bills' })
      .click();
    const bills = second.getByRole('table', { name: 'Agent bills' });
    await visible(bills.getByText('Paid', { exact: true }));
    await shoot(second, 'console-agents-bills-dark');
    const download = second.waitForEvent('download');
    await second.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    expect(readFileSync(file, 'utf8')).toContain('demoagent');

    // A paid bill is taken back after a confirmation with a reason.
    await bills.getByRole('button', { name: 'Reverse the bill of demoagent' }).click();
    const reverse = second.getByRole('dialog', { name: 'Reverse the bill of demoagent' });
    await reverse.getByRole('button', { name: 'Reverse' }).click();
    await visible(reverse.getByText('Enter a reason (at least 2 characters).'));
    await reverse.getByRole('textbox', { name: 'Reason' }).fill('Paid for the wrong period');
    await reverse.getByRole('button', { name: 'Reverse' }).click();
    await visible(second.getByText('Bill of demoagent reversed.'));
    await visible(bills.getByText('Reversed', { exact: true }));
    await visible(bills.getByText('Paid for the wrong period'));
    await second.close();
  });

  it('finance rejects a dividend with a reason', async () => {
    const { db, baseUrl: server, ownerToken } = site();
    await db.query(
      `insert into agent_bills (contract_id, agent_id, kind, product, period_start, period_end, metrics, tier, gross,
         amount, status, payer, created_at)
       select c.id, c.agent_id, 'dividend', c.product, '2026-02-01T00:00:00Z', '2026-02-16T00:00:00Z', '{}', 0,
         5000, 5000, 'unapproved', 'upline', now()
         from agent_contracts c join members m on m.id = c.agent_id
        where m.username = 'demosubagent' and c.kind = 'dividend' and c.status = 'active'`,
    );
    const page = await consolePage(server, ownerToken, '/agents/dividends');
    const queue = page.getByRole('table', { name: 'Dividend approval' });
    await queue.getByRole('button', { name: 'Reject the bill of demosubagent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject the dividend of demosubagent' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Team figures under review');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await visible(page.getByText('Dividend of demosubagent rejected.'));
    await visible(page.getByText('No dividend is waiting for approval.'));
    await page.close();
  });
});
