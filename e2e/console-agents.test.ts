import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newOperator, screenshot, transitionsDone, useBrowser } from './browser.ts';

/** The console's agents pages: the tree and an agent's page, contract templates and offers, dividends and bills. */

const browser = useBrowser();

async function visible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  expect(await locator.isVisible()).toBe(true);
}

/** A console page on an operator's session (kept in the tab's session storage), in a theme and width. */
async function consolePage(token: string, path: string, theme: 'light' | 'dark' = 'light', width = 1366) {
  const page = await browser().newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await page.addInitScript(
    ({ token, theme }) => {
      if (location.protocol === 'about:') return;
      sessionStorage.setItem('bo.token', token);
      localStorage.setItem('bo.theme', theme);
    },
    { token, theme },
  );
  await page.goto(`${baseUrl()}/backoffice${path}`);
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
    const page = await consolePage(token, '/agents/tree');
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
    await move.getByRole('textbox', { name: 'New upline agent' }).fill('demosubagent');
    await move.getByRole('button', { name: 'Move' }).click();
    await visible(move.getByText('A member cannot move under its own team.'));
    await move.getByRole('button', { name: 'Cancel' }).click();

    // The agent's page: its team figures and contracts.
    await page
      .getByRole('navigation', { name: 'Path of demoagent' })
      .getByRole('link', { name: 'demoagent' })
      .click();
    await visible(page.getByRole('heading', { name: 'Team figures' }));
    await visible(page.getByText('This agent holds no contract and has no offer.'));
    await visible(page.getByText('Top-level agent'));
    await shoot(page, 'console-agents-agent-light');

    // A template, offered to the demo agent.
    await nav.getByRole('link', { name: 'Contracts' }).click();
    await page.getByRole('button', { name: 'New template' }).click();
    const editor = page.getByRole('dialog', { name: 'New contract template' });
    const name = `Dividend ${Date.now().toString(36)}`;
    await editor.getByRole('textbox', { name: 'Name' }).fill(name);
    await editor.getByRole('textbox', { name: 'Rate value' }).fill('0.5');
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

    const dark = await consolePage(token, '/agents/tree', 'dark', 390);
    await dark.getByRole('button', { name: 'Show the members of demoagent' }).click();
    await visible(dark.getByRole('link', { name: 'demosubagent' }));
    await shoot(dark, 'console-agents-tree-dark-phone');
    await dark.close();
  });

  it('finance reads the dividend queue and settlement runs and exports bills as CSV', async () => {
    const { token } = await newOperator('finance', 'fin', 'Finance desk');
    const page = await consolePage(token, '/agents/dividends');
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
    await shoot(page, 'console-agents-bills-light');
    await page.close();

    const dark = await consolePage(token, '/agents/bills', 'dark');
    await visible(dark.getByRole('heading', { name: 'Agent bills' }));
    await shoot(dark, 'console-agents-bills-dark');
    await dark.close();
  });
});
