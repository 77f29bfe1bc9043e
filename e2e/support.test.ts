import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import {
  api,
  newOperator,
  consolePage as openConsole,
  operatorToken,
  screenshot,
  useBrowser,
  visible,
} from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * The built-in customer service end to end (issue 26 item 1): a member and an operator chat in two pages and each
 * sees the other's message come without a reload; the status answer's DES-encrypted customer-service path opens the
 * built-in chat, or the configured link in a popup window.
 */

const browser = useBrowser();

const visit = visitor(browser);
/** The site, signed in with `token` (none: a visitor); links to `*.example` (a configured live chat) answer a page. */
async function site(
  path: string,
  {
    token,
    theme = 'light',
    phone = false,
  }: { token?: string; theme?: 'light' | 'dark'; phone?: boolean } = {},
): Promise<Page> {
  const page = await visit(path, { session: token ? { token } : {}, local: { theme }, phone });
  await page
    .context()
    .route(/^https?:\/\/[^/]*\.example\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Live chat</title>' }),
    );
  return page;
}
const consolePage = (token: string, path: string) => openConsole(browser(), token, path);

/** The right bar's (desktop) customer-service button. */
const rightBarButton = (page: Page) =>
  page.getByRole('complementary').getByRole('button', { name: /^Support/ });

describe('customer service', () => {
  it('a member and an operator chat in two pages, each seeing the other without a reload', async () => {
    const desk = await newOperator('support', 'cs', 'Support desk');
    const available = await api('PUT', '/backoffice/api/support/me', desk.token, {
      available: true,
      teams: ['general', 'vip'],
      capacity: 50,
    });
    expect(available.success).toBe(true);
    const member = await loggedInMember('cs');

    // The member opens the chat from the right bar: a 440-wide popup over the page.
    const page = await site('/', { token: member.token });
    await rightBarButton(page).click();
    const chat = page.getByRole('dialog', { name: 'Customer service' });
    await visible(chat.getByText(/How can we help you today/));
    const box = await chat.boundingBox();
    expect(box?.width).toBe(440);
    await chat.getByRole('textbox', { name: 'Your message' }).fill('My deposit has not arrived yet');
    await chat.getByRole('button', { name: 'Send' }).click();
    await visible(chat.getByText('My deposit has not arrived yet'));
    expect(await chat.getByRole('alert').count()).toBe(0);

    // The operator sees it in the queue, opens it and answers.
    const console = await consolePage(desk.token, '/support');
    await visible(console.getByRole('heading', { name: 'Customer service', level: 1 }));
    // The support role has the workspace and nothing of finance.
    const nav = console.getByRole('navigation', { name: 'Main navigation' });
    await visible(nav.getByRole('link', { name: 'Customer service' }));
    for (const finance of ['Deposits', 'Withdrawals', 'Reconciliation']) {
      expect(await nav.getByRole('link', { name: finance, exact: true }).count()).toBe(0);
    }
    const queue = console.getByRole('list', { name: 'Conversations' });
    await queue.getByRole('button', { name: new RegExp(member.username) }).click();
    const messages = console.getByRole('list', { name: 'Messages' });
    await visible(messages.getByText('My deposit has not arrived yet'));
    await visible(console.getByText('VIP level', { exact: true }));
    await console.getByRole('textbox', { name: 'Reply to the member' }).fill('Let me check that for you');
    await console.getByRole('button', { name: 'Send' }).click();

    // The member's popup shows the reply as it comes, and the operator then sees the member's read receipt.
    await visible(chat.getByText('Let me check that for you'));
    await visible(messages.getByText(/read$/));
    await screenshot(page, 'support-member-chat-light');

    // A private note stays in the console.
    await console.getByRole('checkbox', { name: 'Private note' }).check();
    await console.getByRole('textbox', { name: /Private note/ }).fill('Asked finance to look');
    await console.getByRole('button', { name: 'Add note' }).click();
    await visible(messages.getByText('Asked finance to look'));

    // A picture with a message: the operator sees it.
    await chat.getByRole('button', { name: 'Add images' }).click();
    await chat.getByLabel('Images').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 200, height: 120 } }),
    });
    await chat.getByRole('textbox', { name: 'Your message' }).fill('Here is the receipt');
    await chat.getByRole('button', { name: 'Send' }).click();
    await visible(chat.getByRole('img', { name: 'Image 1' }));
    await visible(messages.getByText('Here is the receipt'));
    await visible(messages.getByRole('img', { name: 'Image 1' }));

    // The member answers; the operator's page shows it without a reload.
    // A member sends at most one message a second: refused, the message stays in the box to send again.
    await chat.getByRole('textbox', { name: 'Your message' }).fill('Thank you!');
    await expect
      .poll(async () => {
        if ((await chat.getByText('Thank you!', { exact: true }).count()) > 0) return true;
        await chat.getByRole('button', { name: 'Send' }).click();
        return false;
      })
      .toBe(true);
    await visible(messages.getByText('Thank you!'));
    expect(await chat.getByText('Asked finance to look').count()).toBe(0);

    // The operator answers with a picture: the member's popup shows it.
    await console.getByLabel('Images (optional)').setInputFiles({
      name: 'where-to-click.png',
      mimeType: 'image/png',
      buffer: await console.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 160, height: 100 } }),
    });
    await visible(console.getByRole('button', { name: 'Remove where-to-click.png' }));
    await console.getByRole('textbox', { name: 'Reply to the member' }).fill('Click here');
    await console.getByRole('button', { name: 'Send' }).click();
    await visible(chat.getByText('Click here'));
    await expect.poll(() => chat.getByRole('img', { name: 'Image 1' }).count()).toBe(2);
    await expect.poll(() => messages.getByRole('img', { name: 'Image 1' }).count()).toBe(2);
    await screenshot(console, 'support-console-workspace');

    // Resolved: the member is asked for a rating.
    await console.getByRole('button', { name: 'Resolve' }).click();
    await visible(chat.getByText('How was our service?'));
    await chat.getByRole('button', { name: '5 stars' }).click();
    await visible(chat.getByText('Thank you! You rated us 5 stars.'));
    await visible(console.getByText('Rated 5 stars.'));

    // Dark theme and a phone: the same chat as a sheet, with its history.
    const dark = await site('/', { token: member.token, theme: 'dark' });
    await rightBarButton(dark).click();
    await visible(
      dark.getByRole('dialog', { name: 'Customer service' }).getByText('Let me check that for you'),
    );
    await screenshot(dark, 'support-member-chat-dark');
    const phone = await site('/', { token: member.token, phone: true });
    await phone.getByRole('button', { name: /^Account menu/ }).click();
    await phone
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: 'Customer service' })
      .click();
    const sheet = phone.getByRole('dialog', { name: 'Customer service' });
    await visible(sheet.getByText('Let me check that for you'));
    const sheetBox = await sheet.boundingBox();
    expect(sheetBox?.width).toBe(390);
    await screenshot(phone, 'support-member-sheet-phone');
    // The page of its own that the customer-service link opens in a window.
    const own = await site('/support', { token: member.token, phone: true });
    await visible(own.getByText('Let me check that for you'));
    await screenshot(own, 'support-member-page-phone');
    for (const opened of [page, dark, phone, own]) await opened.context().close();
    await console.close();
  });

  it('decrypts the status answer’s path to the configured link and opens it in a popup window; a visitor logs in first', async () => {
    const owner = await operatorToken();
    const settings = (await api('GET', '/backoffice/api/settings/site', owner)).value;
    const link = 'https://chat.tessera.example/room?a=1';
    try {
      // A visitor is asked to log in before the built-in chat.
      const visitor = await site('/');
      await rightBarButton(visitor).click();
      await visible(visitor.getByRole('dialog', { name: 'Log in' }));
      await visitor.context().close();

      const changed = await api('PUT', '/backoffice/api/settings/site', owner, {
        ...settings,
        liveChatUrl: link,
      });
      expect(changed.success).toBe(true);
      const member = await loggedInMember('cslink');
      const page = await site('/', { token: member.token });
      const [popup] = await Promise.all([page.waitForEvent('popup'), rightBarButton(page).click()]);
      expect(popup.url()).toBe(link);
      expect(popup.viewportSize()).toEqual({ width: 440, height: 750 });
      await page.context().close();
    } finally {
      await api('PUT', '/backoffice/api/settings/site', owner, settings);
    }
  });
});
