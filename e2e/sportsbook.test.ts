/// <reference path="../packages/sportsbook/src/oddslib.d.ts" />
import { formatOdds } from '@tessera/sportsbook';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember, PASSWORD } from './accounts-api.ts';
import { logIn } from './accounts-browser.ts';
import {
  api,
  baseUrl,
  newOperator,
  operatorToken,
  screenshot,
  transitionsDone,
  useBrowser,
} from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * The in-house sportsbook as a member and two operators use it: a parlay on two events of the book priced by the
 * simulator's goals model, placed through the slip; the results entered by one operator and confirmed by another on
 * the console's trading screen; the win in the member's bets. The slip on a phone, light and dark.
 */
const browser = useBrowser();
const visit = visitor(browser);
const CONSOLE = '/backoffice/api/sportsbook';
const FUNDS = 500;

// biome-ignore lint/suspicious/noExplicitAny: the console's answers, read through one shape as the other tests do.
type Row = any;

/** A member with money to bet. */
async function fundedMember(prefix: string) {
  const member = await loggedInMember(prefix);
  const credit = await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
    memberId: member.id,
    amount: FUNDS,
    reason: 'E2E funding',
  });
  expect(credit.success).toBe(true);
  return member;
}

/**
 * An event of its own for the test (so no other test's bets or results touch it), three hours ahead in the seeded
 * football competition, with ratings, and its 1X2 priced from the simulator's goals model with a 5% margin.
 */
async function pricedEvent(owner: string, home: string, away: string): Promise<Row> {
  const competitions: Row[] = (await api('GET', `${CONSOLE}/competitions`, owner)).value;
  const sports: Row[] = (await api('GET', `${CONSOLE}/sports`, owner)).value;
  const football = sports.find((sport) => sport.kind === 'football');
  const competition = competitions.find((item) => item.sportId === football?.id);
  expect(competition).toBeDefined();
  const created = await api('POST', `${CONSOLE}/events`, owner, {
    competitionId: competition.id,
    home,
    away,
    startsAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
    homeRating: 1.9,
    awayRating: 0.8,
  });
  expect(created.success, JSON.stringify(created)).toBe(true);
  const priced = await api('POST', `${CONSOLE}/events/${created.value.id}/markets`, owner, {
    type: '1x2',
    period: 'ft',
    margin: 0.05,
    fromModel: true,
  });
  expect(priced.success, JSON.stringify(priced)).toBe(true);
  return priced.value;
}

const unique = () => Date.now().toString(36).slice(-5);

/** The event's row in the book's list, found by its name. */
const eventRow = (page: Page, home: string, away: string) =>
  page.getByRole('listitem', { name: `${home} v ${away}`, exact: true });

/** The slip beside the list (a sheet on a phone). */
const slipOf = (page: Page) => page.getByRole('region', { name: 'Bet slip' });

/** A whole-page screenshot from the top, where the sticky header belongs. */
async function pageShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, { fullPage: true });
}

/** A console page on an operator's session, in a theme. */
async function consolePage(token: string, path: string, theme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await browser().newPage({ viewport: { width: 1366, height: 900 } });
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

/** Types a football result into the open result dialog and saves it. */
async function typeResult(
  dialog: Locator,
  home: string,
  away: string,
  ft: [number, number],
  h1: [number, number],
) {
  await dialog.getByRole('textbox', { name: `Full time: ${home}` }).fill(String(ft[0]));
  await dialog.getByRole('textbox', { name: `Full time: ${away}` }).fill(String(ft[1]));
  await dialog.getByRole('textbox', { name: `Half time: ${home}` }).fill(String(h1[0]));
  await dialog.getByRole('textbox', { name: `Half time: ${away}` }).fill(String(h1[1]));
}

/** On the event's trading page: the match goes live, then ends (each move confirmed). */
async function playOut(page: Page) {
  for (const move of ['Start (live)', 'End the match']) {
    await page.getByRole('button', { name: move }).click();
    const dialog = page.getByRole('dialog', { name: move });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}

describe('sportsbook', () => {
  it('a member bets a parlay, two operators enter and confirm the results, the member sees the win', {
    timeout: 240_000,
  }, async () => {
    const owner = await operatorToken();
    const tag = unique();
    const first = { home: `Lions ${tag}`, away: `Tigers ${tag}` };
    const second = { home: `Eagles ${tag}`, away: `Hawks ${tag}` };
    const eventA = await pricedEvent(owner, first.home, first.away);
    const eventB = await pricedEvent(owner, second.home, second.away);
    const homePrice = (event: Row) =>
      event.markets
        .find((market: Row) => market.type === '1x2')
        .selections.find((s: Row) => s.code === 'home').price;
    const priceA: number = homePrice(eventA);
    const priceB: number = homePrice(eventB);

    const member = await fundedMember('sb');
    const page = await visit('/sports', { session: { token: member.token, username: member.username } });
    await page.getByRole('tab', { name: 'Matches' }).waitFor();

    // The home win of each event, from the list's main markets: both on the slip, as a parlay.
    const decimal = (price: number) => formatOdds(price, 'decimal', 'en-GB');
    await eventRow(page, first.home, first.away)
      .getByRole('button', { name: `${first.home} at ${decimal(priceA)}` })
      .click();
    await eventRow(page, second.home, second.away)
      .getByRole('button', { name: `${second.home} at ${decimal(priceB)}` })
      .click();
    const slip = slipOf(page);
    await expect(
      slip.getByRole('list', { name: 'Selections on the slip' }).getByRole('listitem').count(),
    ).resolves.toBe(2);
    await slip.getByRole('tab', { name: 'Parlay' }).click();
    await slip.getByRole('textbox', { name: 'Parlay stake' }).fill('10');
    // The potential return is the stake times the two prices, rounded down to the cent.
    const expected = Math.floor(10 * 100 * priceA * priceB) / 100;
    await slip
      .getByText(`P ${expected.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`)
      .first()
      .waitFor();
    await pageShot(page, 'sportsbook-slip-desktop-light');
    await slip.getByRole('button', { name: 'Place bet' }).click();
    const placed = slip.getByRole('status').filter({ hasText: /^Bet placed: ticket S\d+\.$/ });
    await placed.waitFor();
    const ticketNo = /ticket (S\d+)/.exec((await placed.textContent()) ?? '')?.[1];
    expect(ticketNo).toBeDefined();

    // My bets: the open parlay with its two legs.
    await page.getByRole('tab', { name: 'My bets' }).click();
    const ticket = page.getByRole('listitem', { name: `Parlay of 2 ticket ${ticketNo}` });
    await ticket.getByText('Open', { exact: true }).waitFor();

    // Operator A plays the first event out and enters its result; operator B confirms it by typing it again.
    const desks = [
      await newOperator('operations', 'sba', 'Trading desk A'),
      await newOperator('operations', 'sbb', 'Trading desk B'),
    ] as const;
    const trading = await consolePage(desks[0].token, `/sportsbook/events/${eventA.id}`);
    await trading.getByRole('heading', { name: `${first.home} – ${first.away}`, level: 1 }).waitFor();
    await playOut(trading);
    await trading.getByRole('button', { name: 'Enter result' }).click();
    const enter = trading.getByRole('dialog', { name: `Enter the result of ${first.home} – ${first.away}` });
    await typeResult(enter, first.home, first.away, [2, 0], [1, 0]);
    await enter.getByRole('button', { name: 'Enter result' }).click();
    await enter.waitFor({ state: 'detached' });
    await trading.getByText('Result awaiting confirmation').first().waitFor();
    // The one who entered it is not offered the confirmation: it waits for another operator.
    await trading.getByText('Your result waits for a second operator to confirm it.').waitFor();
    expect(await trading.getByRole('button', { name: 'Confirm result' }).count()).toBe(0);
    await screenshot(trading, 'sportsbook-console-entered');

    const desk = await consolePage(desks[1].token, `/sportsbook/events/${eventA.id}`, 'dark');
    await desk.getByRole('button', { name: 'Confirm result' }).click();
    const confirm = desk.getByRole('dialog', {
      name: `Confirm the result of ${first.home} – ${first.away}`,
    });
    await confirm.getByText(`Entered by ${desks[0].username}`).waitFor();
    await typeResult(confirm, first.home, first.away, [2, 0], [1, 0]);
    await screenshot(desk, 'sportsbook-console-confirm-dark');
    await confirm.getByRole('button', { name: 'Confirm result' }).click();
    await confirm.waitFor({ state: 'detached' });
    // Both operators stay on the event: who entered the result and who confirmed it; the stage is Ended.
    const detail = (label: string) =>
      desk
        .locator('.detail-item', { has: desk.getByRole('term').getByText(label, { exact: true }) })
        .getByRole('definition');
    await detail('Confirmed by').getByText(desks[1].username, { exact: true }).waitFor();
    await expect(detail('Entered by').textContent()).resolves.toBe(desks[0].username);
    expect(await desk.getByText('Result awaiting confirmation').count()).toBe(0);
    await pageShot(desk, 'sportsbook-console-event-dark');

    // The second event's result, by the same rule through the API (the console's part is shown above).
    for (const [token, path] of [
      [desks[0].token, 'status'],
      [desks[0].token, 'status'],
      [desks[0].token, 'result'],
      [desks[1].token, 'confirm'],
    ] as const) {
      const body =
        path === 'status'
          ? {
              status:
                (await api('GET', `${CONSOLE}/events/${eventB.id}`, owner)).value.status === 'live'
                  ? 'ended'
                  : 'live',
            }
          : { result: { ft: { home: 1, away: 0 }, h1: { home: 0, away: 0 } } };
      const answer = await api('POST', `${CONSOLE}/events/${eventB.id}/${path}`, token, body);
      expect(answer.success, JSON.stringify(answer)).toBe(true);
    }

    // The member sees the parlay won: both legs Win, paid the potential return.
    await page.getByRole('tab', { name: 'Settled' }).click();
    const won = page.getByRole('listitem', { name: `Parlay of 2 ticket ${ticketNo}` });
    await won.getByText('Won', { exact: true }).waitFor({ timeout: 90_000 });
    await expect(won.getByText('Win', { exact: true }).count()).resolves.toBe(2);
    await won
      .getByText(`P ${expected.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`)
      .first()
      .waitFor();
    await pageShot(page, 'sportsbook-my-bets-won');
    // The console's tickets, narrowed to the member: the parlay, won.
    await desk.goto(`${baseUrl()}/backoffice/sportsbook/tickets`);
    await desk.getByRole('textbox', { name: 'Member user name' }).fill(member.username);
    await desk.getByRole('button', { name: 'Search' }).click();
    const row = desk.getByRole('row').filter({ hasText: ticketNo ?? '' });
    await row.getByText('Won').waitFor();
    await screenshot(desk, 'sportsbook-console-tickets-dark');
    await Promise.all([page.context().close(), trading.close(), desk.close()]);
  });

  it('an esports series: one operator enters the maps won, a second confirms them, the member sees a map winner and a total maps bet settled', {
    timeout: 240_000,
  }, async () => {
    const owner = await operatorToken();
    const tag = unique();
    const teams = { home: `Nova ${tag}`, away: `Pulse ${tag}` };
    const sports: Row[] = (await api('GET', `${CONSOLE}/sports`, owner)).value;
    const competitions: Row[] = (await api('GET', `${CONSOLE}/competitions`, owner)).value;
    const esports = sports.find((sport) => sport.kind === 'esports' && sport.name === 'Esports');
    const competition = competitions.find((item) => item.sportId === esports?.id);
    expect(competition).toBeDefined();
    const created = await api('POST', `${CONSOLE}/events`, owner, {
      competitionId: competition.id,
      ...teams,
      startsAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
    });
    expect(created.success, JSON.stringify(created)).toBe(true);
    for (const market of [
      { type: 'map_winner', map: 1, margin: 0, fair: { home: 2, away: 2 } },
      { type: 'total_maps', line: 2.5, margin: 0, fair: { over: 2, under: 2 } },
    ]) {
      const added = await api('POST', `${CONSOLE}/events/${created.value.id}/markets`, owner, market);
      expect(added.success, JSON.stringify(added)).toBe(true);
    }
    const event = (await api('GET', `${CONSOLE}/events/${created.value.id}`, owner)).value;
    const selection = (type: string, code: string) =>
      event.markets.find((market: Row) => market.type === type).selections.find((s: Row) => s.code === code);
    // The member's singles: the home side wins map 1 (it does: won), and under 2.5 maps (three are played: lost).
    const member = await fundedMember('sbe');
    const tickets: string[] = [];
    for (const picked of [selection('map_winner', 'home'), selection('total_maps', 'under')]) {
      const bet = await api('POST', '/wps/sportsbook/bets', member.token, {
        selections: [{ selectionId: picked.id, version: picked.version }],
        stake: 10,
      });
      expect(bet.success, JSON.stringify(bet)).toBe(true);
      tickets.push(bet.value.ticketNo);
    }

    const desks = [
      await newOperator('operations', 'sbea', 'Esports desk A'),
      await newOperator('operations', 'sbeb', 'Esports desk B'),
    ] as const;
    const name = `${teams.home} – ${teams.away}`;
    const mapsWon = async (dialog: Locator) => {
      for (const [map, side] of [
        [1, teams.home],
        [2, teams.away],
        [3, teams.home],
      ] as const) {
        await dialog.getByRole('combobox', { name: `Map ${map}` }).selectOption({ label: side });
      }
      await dialog.getByText('Series score 2–1').waitFor();
    };
    const trading = await consolePage(desks[0].token, `/sportsbook/events/${event.id}`);
    await playOut(trading);
    await trading.getByRole('button', { name: 'Enter result' }).click();
    const enter = trading.getByRole('dialog', { name: `Enter the result of ${name}` });
    await mapsWon(enter);
    await screenshot(trading, 'sportsbook-console-esports-result');
    await enter.getByRole('button', { name: 'Enter result' }).click();
    await enter.waitFor({ state: 'detached' });
    await trading.getByText('Your result waits for a second operator to confirm it.').waitFor();
    await trading.close();

    const desk = await consolePage(desks[1].token, `/sportsbook/events/${event.id}`);
    await desk.getByRole('button', { name: 'Confirm result' }).click();
    const confirm = desk.getByRole('dialog', { name: `Confirm the result of ${name}` });
    await confirm.getByText(`Entered by ${desks[0].username}`).waitFor();
    await mapsWon(confirm);
    await confirm.getByRole('button', { name: 'Confirm result' }).click();
    await confirm.waitFor({ state: 'detached' });
    await desk.close();

    // The member's settled bets: the map winner won (paid 20.00), the total maps lost.
    const page = await visit('/esports', { session: { token: member.token, username: member.username } });
    await page.getByRole('tab', { name: 'My bets' }).click();
    await page.getByRole('tab', { name: 'Settled' }).click();
    const [mapTicket, totalTicket] = tickets.map((ticketNo) =>
      page.getByRole('listitem', { name: `Single ticket ${ticketNo}` }),
    ) as [Locator, Locator];
    await mapTicket.getByText('Won', { exact: true }).waitFor({ timeout: 90_000 });
    await mapTicket.getByText('P 20.00').first().waitFor();
    await totalTicket.getByText('Lost', { exact: true }).waitFor();
    await pageShot(page, 'sportsbook-esports-settled');
    await page.context().close();
  });

  it('on a phone the slip is a sheet from the bottom edge, light and dark; a changed odds format reads in the slip', {
    timeout: 120_000,
  }, async () => {
    const owner = await operatorToken();
    const tag = unique();
    const teams = { home: `Wolves ${tag}`, away: `Bears ${tag}` };
    const event = await pricedEvent(owner, teams.home, teams.away);
    const price: number = event.markets[0].selections.find((s: Row) => s.code === 'home').price;
    for (const theme of ['light', 'dark'] as const) {
      const page = await visit('/sports', { width: 390, height: 844, local: { theme } });
      await eventRow(page, teams.home, teams.away)
        .getByRole('button', { name: `${teams.home} at ${formatOdds(price, 'decimal', 'en-GB')}` })
        .click();
      await page.getByRole('button', { name: /^1 Bet slip/ }).click();
      const sheet = page.getByRole('dialog', { name: 'Bet slip' });
      await sheet.getByRole('textbox', { name: `Stake on ${teams.home}` }).fill('20');
      // Hong Kong odds are the decimal price less one.
      await sheet.getByRole('combobox', { name: 'Odds format' }).selectOption('hongkong');
      await sheet
        .getByText(formatOdds(price, 'hongkong', 'en-GB'), { exact: true })
        .first()
        .waitFor();
      await transitionsDone(page);
      await screenshot(page, `sportsbook-slip-phone-${theme}`);
      await page.context().close();
    }
  });

  it('the odds format chosen on a phone before signing in is the account’s, and shows after a sign-in in a fresh browser', {
    timeout: 150_000,
  }, async () => {
    const owner = await operatorToken();
    const tag = unique();
    const teams = { home: `Stags ${tag}`, away: `Cranes ${tag}` };
    const event = await pricedEvent(owner, teams.home, teams.away);
    const price: number = event.markets[0].selections.find((s: Row) => s.code === 'home').price;
    const member = await loggedInMember('sbo');
    const pick = (page: Page, format: 'decimal' | 'malay') =>
      eventRow(page, teams.home, teams.away).getByRole('button', {
        name: `${teams.home} at ${formatOdds(price, format, 'en-GB')}`,
      });

    // A visitor on a phone picks Malay odds in the slip, then signs in: the account, which had none, keeps it.
    const phone = await visit('/sports', { width: 390, height: 844 });
    await pick(phone, 'decimal').click();
    await phone.getByRole('button', { name: /^1 Bet slip/ }).click();
    const sheet = phone.getByRole('dialog', { name: 'Bet slip' });
    await sheet.getByRole('combobox', { name: 'Odds format' }).selectOption('malay');
    await phone.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await pick(phone, 'malay').waitFor();
    await logIn(phone, member.username, PASSWORD);
    await expect
      .poll(async () => (await api('GET', '/wps/sportsbook/preferences', member.token)).value)
      .toEqual({ oddsFormat: 'malay', acceptChanges: 'none' });
    await phone.context().close();

    // A fresh browser shows decimal odds to the visitor, and Malay once the member signs in.
    const desktop = await visit('/sports');
    await pick(desktop, 'decimal').waitFor();
    await logIn(desktop, member.username, PASSWORD);
    await pick(desktop, 'malay').waitFor();
    await screenshot(desktop, 'sportsbook-odds-format-after-sign-in');
    await desktop.context().close();
  });

  it('the console adds a sport of a kind with its names per language, and the site names it in Vietnamese', {
    timeout: 120_000,
  }, async () => {
    const tag = unique();
    const desk = await newOperator('operations', 'sbs', 'Sports desk');
    const page = await consolePage(desk.token, '/sportsbook/settings');
    await page.getByRole('button', { name: 'Add sport' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add sport' });
    await dialog.getByRole('combobox', { name: 'Kind' }).selectOption('esports');
    await dialog.getByRole('textbox', { name: 'Name (English)' }).fill(`Arena ${tag}`);
    await dialog.getByRole('textbox', { name: 'Name (Vietnamese)' }).fill(`Đấu trường ${tag}`);
    await dialog.getByRole('textbox', { name: 'Name (Chinese)' }).fill(`竞技场 ${tag}`);
    await screenshot(page, 'sportsbook-console-add-sport');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page
      .getByRole('table', { name: 'Sports' })
      .getByRole('row')
      .filter({ hasText: `Arena ${tag}` });
    await row.getByText(`Đấu trường ${tag}`).waitFor();
    await row.getByText('Esports', { exact: true }).waitFor();
    await page.close();

    // On sale (a competition with an event), the site lists it in the reader's language.
    const owner = await operatorToken();
    const sports: Row[] = (await api('GET', `${CONSOLE}/sports`, owner)).value;
    const sport = sports.find((item) => item.name === `Arena ${tag}`);
    const competition = await api('POST', `${CONSOLE}/competitions`, owner, {
      sportId: sport.id,
      name: `Cup ${tag}`,
    });
    const event = await api('POST', `${CONSOLE}/events`, owner, {
      competitionId: competition.value.id,
      home: `Red ${tag}`,
      away: `Blue ${tag}`,
      startsAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
    });
    expect(event.success, JSON.stringify(event)).toBe(true);
    const answer = await fetch(`${baseUrl()}/wps/sportsbook/sports?kind=esports`, {
      headers: { language: 'VI' },
    });
    const listed: Row[] = (await answer.json()).value;
    expect(listed.map((item) => item.name)).toContain(`Đấu trường ${tag}`);
  });

  it('a price the console moves while it is on a member’s slip shows there at once, beside the old one, to be accepted before the bet goes', {
    timeout: 150_000,
  }, async () => {
    const owner = await operatorToken();
    const tag = unique();
    const teams = { home: `Foxes ${tag}`, away: `Owls ${tag}` };
    const event = await pricedEvent(owner, teams.home, teams.away);
    const market = event.markets[0];
    const before: number = market.selections.find((s: Row) => s.code === 'home').price;
    const member = await fundedMember('sbp');
    const page = await visit('/sports', { session: { token: member.token, username: member.username } });
    await eventRow(page, teams.home, teams.away)
      .getByRole('button', { name: `${teams.home} at ${formatOdds(before, 'decimal', 'en-GB')}` })
      .click();
    const slip = slipOf(page);
    await slip.getByRole('textbox', { name: `Stake on ${teams.home}` }).fill('5');
    await expect(slip.getByRole('combobox', { name: 'When prices change' }).inputValue()).resolves.toBe(
      'none',
    );

    // The trader moves the prices on the console's trading page: the home side's fair price rises.
    const desk = await newOperator('operations', 'sbr', 'Repricing desk');
    const trading = await consolePage(desk.token, `/sportsbook/events/${event.id}`);
    await trading.getByRole('button', { name: /^Prices of / }).click();
    const prices = trading.getByRole('dialog', { name: /^Prices of / });
    await prices.getByRole('textbox', { name: teams.home }).fill('2.2');
    await prices.getByRole('textbox', { name: 'Draw' }).fill('3.6');
    await prices.getByRole('textbox', { name: teams.away }).fill('3.9');
    await prices.getByRole('button', { name: 'Save prices' }).click();
    await prices.waitFor({ state: 'detached' });
    await trading.close();
    const repriced = (await api('GET', `${CONSOLE}/events/${event.id}`, owner)).value;
    const after: number = repriced.markets[0].selections.find((s: Row) => s.code === 'home').price;
    expect(after).not.toBe(before);

    // Pushed over /ws, without a reload: the slip shows the new price beside the old one and asks for it to be
    // accepted; the list shows the new price too.
    await slip.getByText('Prices have changed since you picked them. Check the new prices.').waitFor();
    await slip
      .getByRole('deletion')
      .filter({ hasText: formatOdds(before, 'decimal', 'en-GB') })
      .waitFor();
    await slip
      .getByText(formatOdds(after, 'decimal', 'en-GB'), { exact: true })
      .first()
      .waitFor();
    await eventRow(page, teams.home, teams.away)
      .getByRole('button', { name: `${teams.home} at ${formatOdds(after, 'decimal', 'en-GB')}` })
      .waitFor();
    await screenshot(page, 'sportsbook-slip-price-moved');
    await slip.getByRole('button', { name: 'Accept new prices' }).click();
    await slip.getByRole('button', { name: 'Place bet' }).click();
    await slip
      .getByRole('status')
      .filter({ hasText: /^Bet placed: ticket S\d+\.$/ })
      .waitFor();
    await page.getByRole('tab', { name: 'My bets' }).click();
    const ticket = page.getByRole('listitem', { name: /^Single ticket S\d+$/ }).first();
    await ticket
      .getByText(formatOdds(after, 'decimal', 'en-GB'), { exact: true })
      .first()
      .waitFor();
    await page.context().close();
  });

  it('an event page on a phone, the esports book in Vietnamese and Chinese, and a market priced on the console with its margin shown', {
    timeout: 180_000,
  }, async () => {
    const owner = await operatorToken();
    const tag = unique();
    const teams = { home: `Rams ${tag}`, away: `Bulls ${tag}` };
    const event = await pricedEvent(owner, teams.home, teams.away);

    // The console: an Asian handicap market added with fair prices; the offered prices show before saving.
    const desk = await newOperator('operations', 'sbm', 'Pricing desk');
    const trading = await consolePage(desk.token, `/sportsbook/events/${event.id}`);
    await trading.getByRole('button', { name: 'Add market' }).click();
    const add = trading.getByRole('dialog', { name: `Add a market to ${teams.home} – ${teams.away}` });
    await add.getByRole('combobox', { name: 'Market' }).selectOption('ah');
    await add.getByRole('textbox', { name: 'Line' }).fill('-0.25');
    await add.getByRole('textbox', { name: 'Margin (%)' }).fill('5');
    await add.getByRole('textbox', { name: teams.home }).fill('2');
    await add.getByRole('textbox', { name: teams.away }).fill('2');
    // Two even sides with a 5% margin: each offered at 1 / (0.5 × 1.05), rounded down to 3 decimals.
    await expect(add.getByText(/^Offered/).allTextContents()).resolves.toEqual([
      'Offered 1.904',
      'Offered 1.904',
    ]);
    await screenshot(trading, 'sportsbook-console-add-market');
    await add.getByRole('button', { name: 'Add market' }).click();
    await add.waitFor({ state: 'detached' });
    const row = trading.getByRole('row').filter({ hasText: 'Asian handicap -0.25' });
    await row.getByText('1.904').first().waitFor();
    // Suspended from the console, the market is locked on the site.
    await row.getByRole('button', { name: 'Suspend Asian handicap -0.25' }).click();
    const suspend = trading.getByRole('dialog', { name: 'Suspend Asian handicap -0.25' });
    await suspend.getByRole('button', { name: 'Confirm' }).click();
    await suspend.waitFor({ state: 'detached' });
    await row.getByText('Suspended').first().waitFor();
    await trading.goto(`${baseUrl()}/backoffice/sportsbook/events`);
    await trading.getByRole('link', { name: `${teams.home} – ${teams.away}`, exact: true }).waitFor();
    await screenshot(trading, 'sportsbook-console-events');
    await trading.close();

    const phone = await visit(`/sports?event=${event.id}`, {
      width: 390,
      height: 844,
      local: { theme: 'dark' },
    });
    await phone.getByRole('heading', { name: new RegExp(teams.home), level: 1 }).waitFor();
    const handicap = phone.getByRole('region', { name: 'Asian handicap' });
    await handicap.getByRole('button', { name: `${teams.home} -0.25, suspended` }).waitFor();
    expect(await handicap.getByRole('button', { name: `${teams.home} -0.25, suspended` }).isDisabled()).toBe(
      true,
    );
    await phone
      .getByRole('region', { name: 'Match result' })
      .getByRole('button', { name: /^Draw at / })
      .waitFor();
    // Kick-off pushed over /ws: the open page shows the match live without being asked again.
    const kickOff = await api('POST', `${CONSOLE}/events/${event.id}/status`, owner, { status: 'live' });
    expect(kickOff.success, JSON.stringify(kickOff)).toBe(true);
    await phone.getByText('Live', { exact: true }).first().waitFor();
    await phone.getByRole('region', { name: 'Match result' }).scrollIntoViewIfNeeded();
    await transitionsDone(phone);
    await screenshot(phone, 'sportsbook-event-phone-dark');
    await phone.context().close();

    const vi = await visit('/esports', { local: { lang: 'VI' } });
    await vi.getByRole('region', { name: 'Thể thao điện tử' }).getByRole('listitem').first().waitFor();
    await vi.getByRole('tab', { name: 'Cược của tôi' }).waitFor();
    await screenshot(vi, 'sportsbook-esports-vi');
    await vi.context().close();
    const zh = await visit('/sports', { local: { lang: 'CN', theme: 'dark' } });
    await zh.getByRole('region', { name: '体育投注' }).getByText('独赢（1X2）').first().waitFor();
    await screenshot(zh, 'sportsbook-sports-zh-dark');
    await zh.context().close();
  });
});
