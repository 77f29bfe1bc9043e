import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import {
  api,
  baseUrl,
  operatorToken,
  ownerConsolePage,
  screenshot,
  transitionsDone,
  useBrowser,
  visible,
} from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * Promotions (issue 23 part 3), as a member meets them: /promotions by category, a visitor's login on the action,
 * and part 10's flow up to the withdrawal gate: a deposit through the sandbox gateway, its deposit bonus claimed on
 * /promoDetail, and the bonus's turnover listed on the withdraw page.
 */
const browser = useBrowser();
const visit = visitor(browser);

const panel = (page: Page) => page.getByRole('region', { name: 'Member centre' });
let made = 0;

/** A deposit bonus of the test's own (10 % of the first deposit up to 5.00, wagered 1× on slots, 2 prize tickets). */
async function depositPromotion(): Promise<{ id: number; title: string }> {
  made += 1;
  const title = `E2E deposit bonus ${Date.now().toString(36)}${made}`;
  const created = await api('POST', '/backoffice/api/promotions', await operatorToken(), {
    category: 'DEPOSIT',
    kind: 'deposit',
    versions: [{ language: 'EN', title, content: '<p>Ten percent of your <b>first</b> deposit.</p>' }],
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    budget: 1_000,
    turnoverMultiple: 1,
    productScope: 'RNG',
    percent: 10,
    cap: 5,
    minDeposit: 50,
    depositWhich: 'first',
    tickets: 2,
  });
  expect(created.success).toBe(true);
  return { id: created.value.id as number, title };
}

describe('promotions', () => {
  it('lists promotions by category; a visitor gets the login on the action', async () => {
    const { id, title } = await depositPromotion();
    const page = await visit('/promotions', { width: 390, height: 844, local: { theme: 'dark' } });
    await visible(page.getByRole('heading', { name: 'Promotions', level: 1 }));
    await page.getByRole('tab', { name: 'Deposit' }).click();
    await page.waitForURL(/category=DEPOSIT/);
    // The URL changes before the page renders the tab: the card looked for must be the Deposit list's.
    await visible(page.getByRole('tab', { name: 'Deposit', selected: true }));
    const card = page.getByRole('link', { name: new RegExp(title) });
    await visible(card);
    await visible(card.getByText('10% up to P 5.00'));
    await visible(card.getByText('+ 2 prize tickets'));
    await transitionsDone(page);
    await screenshot(page, 'promotions-phone-dark', { fullPage: true });
    await card.click();
    await page.waitForURL(`${baseUrl()}/promoDetail?id=${id}`);
    await visible(page.getByRole('heading', { name: title, level: 1 }));
    await visible(page.getByText('+ 2 prize tickets'));
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await visible(page.getByRole('dialog', { name: /Log in/ }));
    await page.context().close();
  });

  it('a member deposits, claims the deposit bonus on /promoDetail, and sees its turnover on the withdraw page', async () => {
    const { id, title } = await depositPromotion();
    const player = await loggedInMember('pr');
    const page = await visit('/member?page=depositv2', { session: { token: player.token } });
    const deposit = panel(page);
    await deposit.getByRole('radio', { name: 'Sandbox Pay (online)' }).check();
    await deposit.getByRole('button', { name: 'P 300.00' }).click();
    await deposit.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/pay\/P[0-9A-F]{16}$/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(`${baseUrl()}/member?page=depositv2&depositOrder=*`);
    await visible(deposit.getByTestId('deposit-balance').getByText('P 300.00'));

    await page.goto(`${baseUrl()}/promoDetail?id=${id}`);
    await visible(page.getByRole('heading', { name: title, level: 1 }));
    await visible(page.getByText('Claim', { exact: true }));
    await page.getByRole('button', { name: 'Claim P 5.00' }).click();
    await visible(page.getByText('In progress', { exact: true }));
    await visible(page.getByText(/Claimed P 5\.00/));
    await visible(page.getByRole('banner').getByText('P 305.00'));
    await transitionsDone(page);
    await screenshot(page, 'promotion-claimed', { fullPage: true });
    // Claimed once: the action is gone.
    expect(await page.getByRole('button', { name: /^Claim/ }).count()).toBe(0);

    await page.goto(`${baseUrl()}/member?page=withdraw`);
    const centre = panel(page);
    await visible(centre.getByText('Turnover must be wagered before you can withdraw: P 305.00 remaining.'));
    const table = centre.getByRole('table', { name: 'Why turnover remains' });
    const bonus = table.getByRole('row', { name: /Bonus/ });
    await visible(bonus);
    const cells = await bonus.getByRole('cell').allTextContents();
    // Credit, remaining, required, wagered, amount.
    expect(cells.slice(1, 5)).toEqual(['P 5.00', 'P 5.00', 'P 0.00', 'P 5.00']);
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'promotion-withdraw-turnover');
    await page.context().close();
  });

  it('an operator writes a promotion’s Vietnamese version with its own image; a Vietnamese reader sees it, an English one the English', async () => {
    const title = `E2E lucky week ${Date.now().toString(36)}`;
    const titleVi = `Tuần may mắn ${Date.now().toString(36)}`;
    const created = await api('POST', '/backoffice/api/promotions', await operatorToken(), {
      category: 'EVENT',
      kind: 'application',
      versions: [{ language: 'EN', title, content: '<p>Tell us about your luckiest week.</p>' }],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      budget: 500,
      turnoverMultiple: 1,
    });
    expect(created.success).toBe(true);
    const id = created.value.id as number;

    const page = await ownerConsolePage(browser(), '/promotions');
    const row = page.getByRole('table', { name: 'Promotions' }).getByRole('row').filter({ hasText: title });
    await visible(row);
    // Two real PNGs of different pictures: the page's heading for English, its table for Vietnamese.
    const englishPicture = await page.getByRole('heading', { name: 'Promotions', level: 1 }).screenshot();
    const vietnamesePicture = await page.getByRole('table', { name: 'Promotions' }).screenshot();
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit promotion' });
    await dialog
      .getByLabel('Image (English)')
      .setInputFiles({ name: 'lucky-en.png', mimeType: 'image/png', buffer: englishPicture });
    await visible(dialog.getByRole('img', { name: 'Image (English)' }));
    await dialog.getByRole('tab', { name: 'Vietnamese', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Title (Vietnamese)' }).fill(titleVi);
    await dialog
      .getByRole('textbox', { name: 'Content', exact: true })
      .fill('Kể cho chúng tôi về tuần may mắn nhất của bạn.');
    await dialog
      .getByLabel('Image (Vietnamese)')
      .setInputFiles({ name: 'lucky-vi.png', mimeType: 'image/png', buffer: vietnamesePicture });
    await visible(dialog.getByRole('img', { name: 'Image (Vietnamese)' }));
    await transitionsDone(page);
    await screenshot(page, 'console-promotion-versions-light');
    // A Chinese text without its title is refused, and the dialog shows the Chinese tab with the message at its title.
    await dialog.getByRole('tab', { name: 'Chinese', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Content', exact: true }).fill('告诉我们您最幸运的一周。');
    await dialog.getByRole('tab', { name: 'English', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(dialog.getByRole('tabpanel', { name: 'Chinese' }).getByText('Input cannot be empty'));
    await screenshot(page, 'console-promotion-versions-refused');
    await dialog.getByRole('textbox', { name: 'Title (Chinese)' }).fill('幸运周');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByText(`Promotion “${title}” saved.`));

    // Saved per language: opened again (in the dark theme, on a phone), the Vietnamese tab holds its own title and image.
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await dialog.getByRole('tab', { name: 'Vietnamese', exact: true }).click();
    expect(await dialog.getByRole('textbox', { name: 'Title (Vietnamese)' }).inputValue()).toBe(titleVi);
    await visible(dialog.getByRole('img', { name: 'Image (Vietnamese)' }));
    await transitionsDone(page);
    await screenshot(page, 'console-promotion-versions-dark-phone');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.close();

    const saved = await api('GET', '/backoffice/api/promotions', await operatorToken());
    const versions = (
      saved.value as { id: number; versions: { language: string; imageUrl: string | null }[] }[]
    )
      .find((promotion) => promotion.id === id)
      ?.versions.map((version) => [version.language, version.imageUrl]);
    const imageOf = (language: string) => versions?.find(([code]) => code === language)?.[1];
    expect(imageOf('EN')).toMatch(/^\/images\//);
    expect(imageOf('VI')).toMatch(/^\/images\//);
    expect(imageOf('VI')).not.toBe(imageOf('EN'));

    const reader = async (lang: string, heading: string, text: string, image: string) => {
      const site = await visit(`/promoDetail?id=${id}`, { local: { lang } });
      const card = site.getByRole('article', { name: heading });
      await visible(card);
      await visible(card.getByText(text));
      await visible(card.locator(`img[src="${image}"]`));
      return site;
    };
    const vi = await reader(
      'VI',
      titleVi,
      'Kể cho chúng tôi về tuần may mắn nhất của bạn.',
      imageOf('VI') ?? '',
    );
    await transitionsDone(vi);
    await screenshot(vi, 'promotion-detail-vi', { fullPage: true });
    await vi.context().close();
    const en = await reader('EN', title, 'Tell us about your luckiest week.', imageOf('EN') ?? '');
    await en.context().close();
    // Chinese has no image of its own: its reader sees its title and content with the English image.
    expect(imageOf('CN')).toBeNull();
    const cn = await reader('CN', '幸运周', '告诉我们您最幸运的一周。', imageOf('EN') ?? '');
    await cn.context().close();
  });

  it('an operator finds the promotion in the console and approves a member’s application, which the member then claims', async () => {
    const title = `E2E big win ${Date.now().toString(36)}`;
    const created = await api('POST', '/backoffice/api/promotions', await operatorToken(), {
      category: 'EVENT',
      kind: 'application',
      versions: [{ language: 'EN', title, content: '<p>Tell us about your best win.</p>' }],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      budget: 500,
      turnoverMultiple: 2,
    });
    expect(created.success).toBe(true);
    const id = created.value.id as number;
    const player = await loggedInMember('pa');
    const applied = await api('POST', '/wps/relay/MCSFE_signUpRequestReward', player.token, {
      promotionId: id,
      remark: 'Three sevens on Lucky Sevens',
    });
    expect(applied.value.status).toBe('APPLYING');

    const page = await ownerConsolePage(browser(), '/promotions');
    await visible(page.getByRole('heading', { name: 'Promotions', level: 1 }));
    const row = page.getByRole('table', { name: 'Promotions' }).getByRole('row').filter({ hasText: title });
    await visible(row.getByText('Application', { exact: true }));
    await transitionsDone(page);
    await screenshot(page, 'console-promotions', { fullPage: true });
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit promotion' });
    await visible(dialog.getByRole('textbox', { name: 'Title (English)' }));
    // The claim will also grant prize tickets.
    await dialog.getByRole('spinbutton', { name: 'Prize tickets per claim' }).fill('4');
    await screenshot(page, 'console-promotion-edit');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`${baseUrl()}/backoffice/promotions/applications?status=applying`);
    const queue = page.getByRole('table', { name: 'Applications' });
    const application = queue.getByRole('row').filter({ hasText: player.username });
    await visible(application.getByText('Three sevens on Lucky Sevens'));
    await application.getByRole('button', { name: `Approve the application of ${player.username}` }).click();
    const approve = page.getByRole('dialog', { name: `Approve the application of ${player.username}` });
    await approve.getByRole('textbox', { name: 'Bonus amount' }).fill('25');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await visible(page.getByText(`Application of ${player.username} approved.`));
    await transitionsDone(page);
    await screenshot(page, 'console-promotion-applications', { fullPage: true });

    // The bonus blacklist: the member kept out of daily claims.
    await page.goto(`${baseUrl()}/backoffice/promotions/blacklist`);
    await page.getByRole('button', { name: 'Add to the blacklist' }).click();
    const add = page.getByRole('dialog', { name: 'Add to the blacklist' });
    await add.getByRole('combobox', { name: 'Bonus type' }).selectOption('daily');
    await add.getByRole('textbox', { name: 'Username' }).fill(player.username);
    await add.getByRole('textbox', { name: 'Reason' }).fill('Shared device');
    await add.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText(`${player.username} added to the blacklist.`));
    const listed = page
      .getByRole('table', { name: 'Bonus blacklist' })
      .getByRole('row')
      .filter({ hasText: player.username });
    await visible(listed.getByText('Shared device'));
    await screenshot(page, 'console-promotion-blacklist', { fullPage: true });
    await page.close();

    const site = await visit(`/promoDetail?id=${id}`, {
      session: { token: player.token },
      local: { lang: 'VI' },
    });
    await visible(site.getByText('+ 4 vé quay thưởng'));
    await site.getByRole('button', { name: 'Nhận P 25,00' }).click();
    await visible(site.getByText('Đang thực hiện', { exact: true }));
    await transitionsDone(site);
    await screenshot(site, 'promotion-application-claimed-vi', { fullPage: true });
    await site.context().close();
  });
});
