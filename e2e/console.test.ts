import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import {
  api,
  baseUrl,
  launchBrowser,
  operatorToken,
  ownerConsolePage,
  screenshot,
  takePageProblems,
} from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(() => {
  // Every page worked under the Content-Security-Policy: no violation, no uncaught error, no console error.
  expect(takePageProblems().join('\n')).toBe('');
});
afterAll(async () => {
  await browser.close();
});

/** The owner's console (its sign-in with a second factor is console-security.test.ts's subject). */
async function signInToConsole(): Promise<Page> {
  const page = await ownerConsolePage(browser);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return page;
}

/** A player page whose real-time socket is cut off, so only its own Refresh button can update it. */
async function playerPageWithoutRealtime(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.routeWebSocket(/\/ws/, () => {});
  return page;
}

/** A real PNG of one colour, so the upload goes through the server's type check like any image would. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3] as number)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Leaves the site open to every player when the test ends, passed or failed: maintenance off and no region rule for
 * 127.0.0.1 (every browser test comes from there, so either would fail the files that run after it on this site).
 */
function reopenSiteAfterTest(): void {
  onTestFinished(async () => {
    const token = await operatorToken();
    await api('PUT', '/backoffice/api/settings/maintenance', token, {
      enabled: false,
      title: '',
      message: '',
      startsAt: null,
      endsAt: null,
    });
    const rules = await api('GET', '/backoffice/api/region-rules', token);
    for (const rule of (rules.value ?? []) as { id: number; value: string }[]) {
      if (rule.value === '127.0.0.1') await api('DELETE', `/backoffice/api/region-rules/${rule.id}`, token);
    }
  });
}

describe('operator console', () => {
  it('an operator opens the console and sees the dashboard with real counts', async () => {
    const page = await signInToConsole();
    const counts = (await api('GET', '/backoffice/api/dashboard', await operatorToken())).value.counts;
    const cards = page.getByRole('listitem');
    for (const [label, value] of [
      ['Banners', counts.banners],
      ['Notices', counts.notices],
      ['Help articles', counts.helpArticles],
    ] as const) {
      const card = cards.filter({ hasText: label });
      await expectVisible(card.getByText(String(value), { exact: true }));
    }
    expect(counts.banners).toBeGreaterThanOrEqual(24);
    // The last day and the latest operator actions, sign-ins included.
    const day = page.getByRole('region', { name: 'Last 24 hours' });
    for (const label of ['Sign-ups', 'Member logins', 'Failed logins', 'Active member sessions']) {
      await expectVisible(day.getByText(label, { exact: true }));
    }
    // The latest audited action, whichever test made it, heads the list.
    const [latest] = (await api('GET', '/backoffice/api/dashboard', await operatorToken())).value
      .recentActions;
    const actions = page.getByRole('region', { name: 'Recent operator actions' });
    await expectVisible(actions.getByText(`${latest.action} ${latest.entity}`).first());
    await screenshot(page, 'console-dashboard');
    await page.close();
  });

  it("the dashboard's queues follow a new deposit without a reload, over /ws", async () => {
    const page = await ownerConsolePage(browser, '/');
    const queue = page
      .getByRole('region', { name: 'Waiting for an operator' })
      .getByRole('listitem')
      .filter({ hasText: 'Deposits to review' });
    await expectVisible(queue);
    const shown = async () =>
      Number(((await queue.locator('.report-figure-value').textContent()) ?? '').replace(/\D/g, ''));
    const before = await shown();
    const player = await loggedInMember('ws');
    const { channels } = (await api('GET', '/wps/payment/channels', player.token)).value;
    const bank = channels.find((channel: { kind: string }) => channel.kind === 'bank');
    const deposit = await api('POST', '/wps/payment/deposits', player.token, {
      channelId: bank.id,
      amount: 150,
      payerReference: 'WS-DASHBOARD',
    });
    expect(deposit.success).toBe(true);
    // The page is not reloaded: the count moves when the socket hears console.changed (the timer is minutes away).
    await expect.poll(shown, { timeout: 10_000 }).toBeGreaterThan(before);
    await page.close();
  });

  it('the notices list filters by language and names each language', async () => {
    const page = await ownerConsolePage(browser, '/notices');
    const table = page.getByRole('table', { name: 'Notices' });
    await table.getByRole('row').nth(1).waitFor();
    const languagesShown = async () =>
      [...new Set(await table.getByRole('row').locator('td:nth-child(2)').allInnerTexts())].sort();
    expect(await languagesShown()).toEqual(['Chinese (Simplified) (CN)', 'English (EN)', 'Vietnamese (VI)']);
    await page.getByRole('combobox', { name: 'Filter by language' }).selectOption('VI');
    await expect.poll(languagesShown).toEqual(['Vietnamese (VI)']);
    await page.getByRole('combobox', { name: 'Filter by language' }).selectOption('');
    await expect.poll(async () => (await languagesShown()).length).toBe(3);
    await page.close();
  });

  it('a notice is written in the rich-text editor, with bold text and an uploaded picture', async () => {
    const page = await ownerConsolePage(browser, '/notices');
    await page.getByRole('button', { name: 'New notice' }).click();
    const dialog = page.getByRole('dialog', { name: 'New notice' });
    await dialog.getByLabel('Title', { exact: true }).fill('Rich notice');
    const content = dialog.getByRole('textbox', { name: 'Content' });
    await content.click();
    await page.keyboard.type('Draws every minute. ');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Try now');
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed'))
      .toBe('true');
    await dialog.getByLabel('Insert picture').setInputFiles({
      name: 'draw.png',
      mimeType: 'image/png',
      buffer: solidPng(120, 60, [20, 120, 200]),
    });
    await content.locator('img[src^="/images/"]').waitFor();
    await screenshot(page, 'console-rich-text-editor');
    await dialog.getByRole('button', { name: 'Save notice' }).click();
    await dialog.waitFor({ state: 'detached' });
    const notices = await api('GET', '/backoffice/api/notices', await operatorToken());
    const saved = (notices.value as { title: string; content: string }[]).find(
      (row) => row.title === 'Rich notice',
    );
    expect(saved?.content).toContain('<strong>Try now</strong>');
    expect(saved?.content).toMatch(/<img src="\/images\/[0-9a-f-]{36}" alt="draw"/);
    await page.close();
  });

  it('maintenance switched on shows the maintenance screen; switched off, Refresh shows the site again', async () => {
    reopenSiteAfterTest();
    const consolePage = await signInToConsole();
    await consolePage.getByRole('link', { name: 'Site settings' }).click();
    await consolePage.getByRole('switch', { name: 'Maintenance mode' }).click();
    await consolePage.getByLabel('Title', { exact: true }).fill('Upgrading the lottery engine');
    await consolePage.getByLabel('Message', { exact: true }).fill('We will be back within the hour.');
    await consolePage.getByRole('button', { name: 'Save maintenance' }).click();
    await consolePage.getByText(/saved/i).first().waitFor();

    const player = await playerPageWithoutRealtime();
    await player.goto(`${baseUrl()}/index`);
    await player.getByRole('heading', { name: 'Upgrading the lottery engine' }).waitFor();
    await expectVisible(player.getByText('We will be back within the hour.'));
    await expectVisible(player.getByRole('button', { name: 'Customer service' }));
    await expectVisible(player.getByRole('button', { name: 'Refresh' }));
    await screenshot(player, 'player-maintenance');

    await consolePage.getByRole('switch', { name: 'Maintenance mode' }).click();
    await consolePage.getByRole('button', { name: 'Save maintenance' }).click();
    await consolePage.getByText(/saved/i).first().waitFor();
    // The socket is cut off, so the player still sees maintenance until it presses Refresh.
    await expectVisible(player.getByRole('heading', { name: 'Upgrading the lottery engine' }));
    await player.getByRole('button', { name: 'Refresh' }).click();
    await player.getByRole('heading', { name: 'Lottery, live casino, slots and more' }).waitFor();
    expect(await player.getByRole('heading', { name: 'Upgrading the lottery engine' }).count()).toBe(0);
    await player.close();
    await consolePage.close();
  });

  it('an open player page follows a console change without a reload, over /ws', async () => {
    reopenSiteAfterTest();
    const player = await browser.newPage();
    await player.goto(`${baseUrl()}/index`);
    await player.getByRole('heading', { name: 'Lottery, live casino, slots and more' }).waitFor();
    const token = await operatorToken();
    const maintenance = {
      enabled: true,
      title: 'Pushed maintenance',
      message: 'Pushed over the socket',
      startsAt: null,
      endsAt: null,
    };
    expect((await api('PUT', '/backoffice/api/settings/maintenance', token, maintenance)).success).toBe(true);
    await player.getByRole('heading', { name: 'Pushed maintenance' }).waitFor();
    expect(
      (await api('PUT', '/backoffice/api/settings/maintenance', token, { ...maintenance, enabled: false }))
        .success,
    ).toBe(true);
    await player.getByRole('heading', { name: 'Lottery, live casino, slots and more' }).waitFor();
    await player.close();
  });

  it('a region rule for the client IP shows the region screen with that IP', async () => {
    reopenSiteAfterTest();
    const consolePage = await signInToConsole();
    await consolePage.getByRole('link', { name: 'Site settings' }).click();
    await consolePage.getByLabel('Rule type').selectOption('ip_range');
    await consolePage.getByLabel('Value', { exact: true }).fill('127.0.0.1');
    await consolePage.getByRole('button', { name: 'Add rule' }).click();
    await consolePage.getByRole('button', { name: 'Delete rule 127.0.0.1' }).waitFor();

    const player = await playerPageWithoutRealtime();
    await player.goto(`${baseUrl()}/index`);
    await player.getByRole('heading', { name: 'Not available in your region' }).waitFor();
    await expectVisible(player.getByText('127.0.0.1'));
    await expectVisible(player.getByRole('button', { name: 'Customer service' }));
    await screenshot(player, 'player-region-blocked');

    await consolePage.getByRole('button', { name: 'Delete rule 127.0.0.1' }).click();
    await consolePage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await consolePage.getByRole('button', { name: 'Delete rule 127.0.0.1' }).waitFor({ state: 'detached' });
    await player.reload();
    await player.getByRole('heading', { name: 'Lottery, live casino, slots and more' }).waitFor();
    await player.close();
    await consolePage.close();
  });

  it('registration rules: a pattern shows the message players will see, and the table saves at once', async () => {
    const consolePage = await signInToConsole();
    await consolePage.getByRole('link', { name: 'Registration rules' }).click();
    const pattern = consolePage.getByLabel('Message pattern for qqNum');
    const required = consolePage.getByLabel('Required for qqNum');
    const row = consolePage.getByRole('row').filter({ has: pattern });
    const [before, wasRequired] = [await pattern.inputValue(), await required.isChecked()];
    const chosen = before === '6' ? '9' : '6';
    await pattern.selectOption(chosen);
    await row.getByText(chosen === '6' ? /\d+(-\d+)? digits$/ : /characters without spaces$/).waitFor();
    await required.click();
    await consolePage.getByText('1 rule changed').waitFor();
    const save = consolePage.getByRole('button', { name: 'Save changes' });
    await save.click();
    await consolePage.getByText('Registration rules saved.').waitFor();
    await consolePage.reload();
    expect(await consolePage.getByLabel('Message pattern for qqNum').inputValue()).toBe(chosen);
    expect(await consolePage.getByLabel('Required for qqNum').isChecked()).toBe(!wasRequired);
    // Put it back, for the other tests.
    await consolePage.getByLabel('Message pattern for qqNum').selectOption(before);
    await consolePage.getByLabel('Required for qqNum').click();
    await save.click();
    await consolePage.getByText('Registration rules saved.').first().waitFor();
    await consolePage.close();
  });

  it("the audit log opens an entry's values before and after under its row, and closes them", async () => {
    const consolePage = await signInToConsole();
    await consolePage.getByRole('link', { name: 'Audit log', exact: true }).click();
    const table = consolePage.getByRole('table', { name: 'Audit log' });
    const toggle = table.getByRole('button', { name: /^Details of entry \d+$/ }).first();
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The details row is the one the button controls, right under the entry's own row.
    const details = consolePage.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await details.getByText('Before', { exact: true }).waitFor();
    await details.getByText('After', { exact: true }).waitFor();
    await screenshot(consolePage, 'console-audit-details');
    await toggle.click();
    await details.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await consolePage.close();
  });

  it('a banner uploaded in the console appears on the player home page', async () => {
    const consolePage = await signInToConsole();
    await consolePage.getByRole('link', { name: 'Banners' }).click();
    await consolePage.getByRole('button', { name: 'New banner' }).click();
    const dialog = consolePage.getByRole('dialog', { name: 'New banner' });
    await dialog.getByLabel('Group').selectOption('w_home');
    await dialog.getByLabel('Title').fill('Console uploaded banner');
    await dialog.getByLabel('Image', { exact: true }).setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: solidPng(960, 240, [32, 160, 120]),
    });
    await dialog.getByLabel('Sort order').fill('0');
    // Without a link a click on the banner would do nothing: the dialog says so until it has one.
    const noLink = dialog.getByRole('status').filter({ hasText: 'This banner has no link' });
    await noLink.waitFor();
    await screenshot(consolePage, 'console-banner-no-link');
    await dialog.getByLabel('Link type').selectOption('INTERNAL');
    await noLink.waitFor();
    await dialog.getByLabel('Link', { exact: true }).fill('/lottery');
    await noLink.waitFor({ state: 'detached' });
    // A Vietnamese version, with its own title and image.
    await dialog.getByRole('button', { name: 'Add a language version' }).click();
    const versions = dialog.getByRole('group', { name: 'Versions per language' });
    await versions.getByLabel('Language').selectOption('VI');
    await versions.getByLabel('Title').fill('Banner tiếng Việt');
    await versions.getByLabel('Image', { exact: true }).setInputFiles({
      name: 'banner-vi.png',
      mimeType: 'image/png',
      buffer: solidPng(960, 240, [200, 40, 40]),
    });
    await screenshot(consolePage, 'console-banner-versions');
    await dialog.getByRole('button', { name: 'Save banner' }).click();
    await dialog.waitFor({ state: 'detached' });
    await consolePage.getByText('Console uploaded banner').first().waitFor();

    // Every banner of the carousel is in the page, those not on screen hidden from assistive technology.
    const player = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await player.goto(`${baseUrl()}/index`);
    const image = player.getByRole('img', { name: 'Console uploaded banner', includeHidden: true });
    await image.waitFor({ state: 'attached' });
    const src = await image.getAttribute('src');
    expect(src).toMatch(/\/images\/[0-9a-f-]{36}$/);
    const served = await player.request.get(`${baseUrl()}${new URL(src as string, baseUrl()).pathname}`);
    expect(served.headers()['content-type']).toBe('image/png');
    // The other groups do not show it.
    await player.goto(`${baseUrl()}/live`);
    await player
      .getByRole('img', { name: 'European roulette', includeHidden: true })
      .waitFor({ state: 'attached' });
    expect(
      await player.getByRole('img', { name: 'Console uploaded banner', includeHidden: true }).count(),
    ).toBe(0);
    await player.close();
    // A reader in Vietnamese sees the Vietnamese version.
    const reader = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await reader.addInitScript(() => localStorage.setItem('lang', 'VI'));
    await reader.goto(`${baseUrl()}/index`);
    await reader
      .getByRole('img', { name: 'Banner tiếng Việt', includeHidden: true })
      .waitFor({ state: 'attached' });
    expect(
      await reader.getByRole('img', { name: 'Console uploaded banner', includeHidden: true }).count(),
    ).toBe(0);
    await reader.close();
    await consolePage.close();
  });
});

async function expectVisible(locator: ReturnType<Page['getByText']>) {
  await locator.waitFor({ state: 'visible' });
  expect(await locator.isVisible()).toBe(true);
}
