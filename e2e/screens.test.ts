import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, transitionsDone, useBrowser } from './browser.ts';
import { visitor } from './games-browser.ts';
import { bundle, controlsOffScreen, expectInside, memberSession, PHONE, sidewaysScroll } from './layout.ts';

/**
 * Screenshots of the site on a phone (390×844) in both themes and three languages, with nothing scrolling sideways;
 * the header on wider screens: no width scrolls sideways, the navigation's room and scroll arrows, the language pill.
 */
const browser = useBrowser();
const visit = visitor(browser);

describe('phone screenshots (390×844)', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`screenshots of home, a lobby and the login modal in the ${theme} theme, in English, Vietnamese and Chinese`, async () => {
      for (const [lang, language] of [
        ['EN', 'en'],
        ['VI', 'vi'],
        ['CN', 'zh'],
      ] as const) {
        const texts = bundle(language);
        const page = await visit('/index', { local: { theme, lang }, ...PHONE });
        await page.getByRole('heading', { name: texts.home.title, level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `phone-home-${theme}-${language}`);

        await page.goto(`${baseUrl()}/rng`);
        await page.locator('.game-tile').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `phone-rng-${theme}-${language}`);

        await page.getByRole('banner').getByRole('button', { name: texts.header.logIn }).click();
        await page.getByRole('dialog', { name: texts.header.logIn }).getByRole('textbox').first().waitFor();
        await transitionsDone(page);
        await screenshot(page, `phone-login-${theme}-${language}`);
        await page.context().close();
      }
    });
  }
});

describe('header on wider screens', () => {
  it('no width from 360px to 1920px scrolls sideways, logged in, in Vietnamese', async () => {
    const page = await visit('/rng', { session: await memberSession(), local: { lang: 'VI' } });
    await page.getByRole('banner').getByRole('link', { name: 'Nạp tiền' }).waitFor();
    for (const path of ['/rng', '/index', '/seamless', '/help']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForLoadState('networkidle');
      for (const width of [360, 414, 600, 761, 800, 900, 1024, 1100, 1280, 1366, 1441, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        // The header changes between its phone and desktop forms a render after the resize.
        await expect
          .poll(
            async () => [
              ...((await sidewaysScroll(page)) > 0 ? ['the page scrolls sideways'] : []),
              ...(await controlsOffScreen(page)),
            ],
            { message: `${path} at ${width}px` },
          )
          .toEqual([]);
      }
    }
    await page.context().close();
  });

  it('at 1440 the main navigation shows every item through Promotions with room to spare, and no scroll arrow', async () => {
    for (const [lang, name, promotions] of [
      ['EN', 'Main', 'Promotions'],
      ['VI', 'Chính', 'Khuyến mãi'],
      ['CN', bundle('zh').header.mainNav, bundle('zh').header.promotions],
    ] as const) {
      for (const session of [{}, await memberSession()]) {
        const page = await visit('/rng', { width: 1440, height: 900, local: { lang }, session });
        const nav = page.getByRole('navigation', { name });
        const link = nav.getByRole('link', { name: promotions });
        await link.waitFor();
        await page.waitForLoadState('networkidle');
        const row = await nav.getByRole('list').first().boundingBox();
        const box = await link.boundingBox();
        // A twentieth of the row to spare, for fonts wider than the test machine's.
        expect(box && row && box.x + box.width - row.x, lang).toBeLessThanOrEqual((row?.width ?? 0) * 0.95);
        expect(await nav.getByRole('button').count(), lang).toBe(0);
        await page.context().close();
      }
    }
  });

  it('at 1280 the header spans the screen on home, and the right bar covers neither the banner nor the notice bar', async () => {
    for (const width of [1024, 1280]) {
      const page = await visit('/index', { width, height: 800 });
      await page.getByRole('region', { name: 'Announcements' }).waitFor();
      const header = await page.getByRole('banner').boundingBox();
      expect(header?.x).toBe(0);
      expect(header?.width).toBe(width);
      const bar = await page.getByRole('complementary', { name: 'Quick menu' }).boundingBox();
      for (const region of ['Featured', 'Announcements']) {
        const box = await page.getByRole('region', { name: region }).boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0), `${region} at ${width}px`).toBeLessThanOrEqual(bar?.x ?? 0);
      }
      await page.context().close();
    }
  });

  it('in Vietnamese at 900 the navigation shows that it scrolls; at 1366 the language pill keeps one line', async () => {
    // At 900 the Vietnamese row is wider than the screen by far (at 1024 only by a few words' padding).
    const page = await visit('/rng', { local: { lang: 'VI' }, width: 900 });
    const nav = page.getByRole('navigation', { name: 'Chính' });
    const more = nav.getByRole('button', { name: 'Xem thêm mục menu' });
    await more.click();
    await nav.getByRole('button', { name: 'Cuộn menu về trước' }).waitFor();
    await expect.poll(async () => nav.getByRole('link', { name: 'Khuyến mãi' }).isVisible()).toBe(true);

    await page.setViewportSize({ width: 1366, height: 900 });
    await expect.poll(() => more.count()).toBe(0);
    const pill = await page
      .getByRole('banner')
      .getByRole('button', { name: 'Ngôn ngữ: Tiếng Việt' })
      .boundingBox();
    expect(pill?.height).toBeLessThanOrEqual(42);

    // The language drop-down opens inside the screen at every width where the header has it.
    for (const width of [761, 1024, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('banner').getByRole('button', { name: 'Ngôn ngữ: Tiếng Việt' }).click();
      await expectInside(page.getByRole('list', { name: 'Ngôn ngữ' }), { width, height: 900 });
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  });
});
