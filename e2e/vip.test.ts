import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { api, operatorToken, ownerConsolePage, screenshot, useBrowser, visible } from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * VIP and referral (issue 23 parts 6 and 7): a member's /vip page with its level and progress, the member centre's
 * referral page with its code and link, and an operator assigning a member label in the console, which the site's
 * member info then lists.
 */
const browser = useBrowser();

const visit = visitor(browser);
/** The site for a member (its token), in a theme, a language and at a width. */
const open = (
  path: string,
  token: string,
  { theme, width, lang }: { theme?: string; width?: number; lang?: string } = {},
) =>
  visit(path, {
    session: { token },
    local: Object.fromEntries(
      Object.entries({ theme, lang }).filter(([, value]) => value !== undefined),
    ) as Record<string, string>,
    width,
  });

const panel = (page: Page) => page.getByRole('region', { name: 'Member centre' });

describe('VIP and referral', () => {
  it('shows a member the VIP page with its level, progress and the levels (a table, and cards on a phone)', async () => {
    const member = await loggedInMember('vip');
    const page = await open('/vip', member.token);
    await visible(page.getByRole('heading', { name: 'VIP club', level: 1 }));
    await visible(page.getByRole('heading', { name: 'VIP0', level: 2 }));
    await visible(page.getByRole('progressbar', { name: 'Progress to the next level' }));
    await visible(page.getByText('1,000 growth to VIP1'));
    const levels = page.getByRole('table', { name: 'Levels' });
    await visible(levels.getByRole('row').filter({ hasText: 'VIP5' }));
    await visible(page.getByText('Members above VIP4 get a personal VIP customer-service contact.'));
    await screenshot(page, 'vip-light', { fullPage: true });
    await page.context().close();

    const phone = await open('/vip', member.token, { theme: 'dark', width: 390 });
    await visible(phone.getByRole('heading', { name: 'VIP5', level: 3 }));
    expect(await phone.getByRole('table', { name: 'Levels' }).count()).toBe(0);
    await screenshot(phone, 'vip-phone-dark', { fullPage: true });
    await phone.context().close();

    // In Vietnamese, numbers and money follow the reader's locale.
    const vi = await open('/vip', member.token, { lang: 'VI' });
    await visible(vi.getByRole('heading', { name: 'Câu lạc bộ VIP', level: 1 }));
    await visible(vi.getByText('Còn 1.000 điểm để lên VIP1'));
    await screenshot(vi, 'vip-vi', { fullPage: true });
    await vi.context().close();
  });

  it('shows a member its referral code and link with copy buttons', async () => {
    const member = await loggedInMember('ref');
    const info = await api('GET', '/wps/member/info', member.token);
    expect(info.success).toBe(true);
    const page = await open('/member?page=referral', member.token);
    await visible(panel(page).getByRole('heading', { name: 'Referral code' }));
    const code = panel(page).getByRole('region', { name: 'Your referral code' });
    await visible(code.getByRole('button', { name: 'Copy referral code' }));
    await visible(code.getByRole('button', { name: 'Copy referral link' }));
    const text = await code.getByText(/referralCode=/).textContent();
    expect(text).toMatch(/\/\?referralCode=[A-Z0-9]{8}$/);
    await visible(panel(page).getByText('No friends have registered with your code yet.'));
    await screenshot(page, 'referral-light');
    await page.context().close();

    const phone = await open('/member?page=referral', member.token, {
      theme: 'dark',
      width: 390,
      lang: 'CN',
    });
    await visible(phone.getByRole('button', { name: '复制推荐码' }));
    await screenshot(phone, 'referral-phone-dark-zh', { fullPage: true });
    await phone.context().close();
  });

  it('lets an operator assign a member label on the player page, which the member info then lists', async () => {
    const member = await loggedInMember('lbl');
    const name = `E2E ${Date.now().toString(36).slice(-5)}`;
    const created = await api('POST', '/backoffice/api/member-labels', await operatorToken(), {
      name,
      color: '#d97706',
    });
    expect(created.success).toBe(true);
    const page = await ownerConsolePage(browser(), `/players/${member.id}`);
    const card = page.getByRole('region', { name: 'VIP and labels' });
    await visible(card.getByText(`${member.username} has no labels.`));
    await card.getByLabel('Add a label').selectOption({ label: name });
    await card.getByRole('button', { name: 'Assign' }).click();
    await visible(card.getByRole('list', { name: `Labels of ${member.username}` }).getByText(name));
    await visible(card.getByRole('button', { name: `Take off label ${name}` }));
    await screenshot(page, 'console-player-labels');
    const info = await api('GET', '/wps/member/info', member.token);
    expect(info.value.memberLabel).toEqual([name]);

    // The labels list counts the member; the levels editor opens a level in its form.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Member labels' })
      .click();
    const row = page.getByRole('table', { name: 'Member labels' }).getByRole('row').filter({ hasText: name });
    await visible(row.getByRole('cell', { name: '1', exact: true }));
    await screenshot(page, 'console-member-labels');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'VIP levels' })
      .click();
    await page.getByRole('button', { name: 'Edit VIP1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit VIP1' });
    await visible(dialog.getByRole('textbox', { name: 'Growth to reach' }));
    expect(await dialog.getByRole('textbox', { name: 'Growth to reach' }).inputValue()).toBe('1000');
    await screenshot(page, 'console-vip-level-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await screenshot(page, 'console-vip-levels', { fullPage: true });
    await page.close();
  });
});
