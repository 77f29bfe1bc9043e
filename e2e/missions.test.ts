import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { api, baseUrl, operatorToken, ownerConsolePage, screenshot, useBrowser, visible } from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * Missions (issue 24 part 4): operations set up a daily mission of one slots bet; a member plays a house slot, sees
 * the mission reached on the member centre's missions page (and its menu badge), and claims the milestone's reward.
 */
const browser = useBrowser();
const visit = visitor(browser);

describe('missions', () => {
  it('a member plays a house slot, sees the mission reached and claims its reward', async () => {
    const title = `First spin ${Date.now().toString(36)}`;
    const operations = await operatorToken();
    const created = await api('POST', '/backoffice/api/missions', operations, {
      kind: 'daily',
      measure: 'bet_count',
      product: 'RNG',
      titles: { EN: title },
      milestones: [
        { target: 1, cash: 2, points: 5, tickets: 1, turnoverMultiple: 1 },
        { target: 50, cash: 20, points: 0, turnoverMultiple: 1 },
      ],
    });
    expect(created.success).toBe(true);
    const member = await loggedInMember('miss');
    const credit = await api('POST', '/backoffice/api/wallet/adjustments', operations, {
      memberId: member.id,
      amount: 500,
      reason: 'E2E funding',
    });
    expect(credit.success).toBe(true);

    // Before playing: the mission is there, nothing reached.
    const page = await visit('/member?page=missionLeaderboard', { session: { token: member.token } });
    const centre = page.getByRole('region', { name: 'Member centre' });
    const mission = centre.getByRole('article', { name: title });
    await visible(mission);
    await visible(mission.getByText('Next goal 1'));
    expect(await mission.getByRole('button', { name: /^Claim/ }).count()).toBe(0);

    // One spin of Lucky Sevens.
    await page.goto(`${baseUrl()}/rng?vendor=HOUSE_SLOTS`);
    const lobby = page.getByRole('list', { name: 'Slots games' });
    await lobby
      .getByRole('listitem', { name: 'Lucky Sevens', exact: true })
      .getByRole('button', { name: 'Play Lucky Sevens' })
      .click();
    const game = page.frameLocator('iframe[title="Game: Lucky Sevens"]');
    const spin = game.getByRole('button', { name: 'Spin', exact: true });
    await spin.click();
    await game.getByText(/You win|No win this time|back, no win/).waitFor();

    // Back in the member centre: reached, the badge counts it, and the claim pays it.
    await page.goto(`${baseUrl()}/member?page=missionLeaderboard`);
    await visible(mission);
    await visible(centre.getByRole('link', { name: /Missions/ }).getByText('1', { exact: true }));
    const bar = mission.getByRole('progressbar', { name: `Progress of ${title}` });
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('1');
    await screenshot(page, 'missions-reached');
    const claim = mission.getByRole('button', {
      name: 'Claim P 2.00 + 5 points + 1 ticket for Bets placed: 1',
    });
    await claim.click();
    await visible(mission.getByRole('status').getByText('Claimed: P 2.00 + 5 points + 1 ticket'));
    await visible(mission.getByText('Claimed', { exact: true }));
    expect(await claim.count()).toBe(0);
    await visible(
      page
        .getByRole('banner')
        .getByText(/P\s[\d,]+\.\d\d/)
        .first(),
    );
    await screenshot(page, 'missions-claimed');
    await page.context().close();

    // A phone in the dark theme, and the demo's slots race with its leaderboard.
    const phone = await visit('/member?page=missionLeaderboard', {
      session: { token: member.token },
      local: { theme: 'dark' },
      width: 390,
      height: 844,
    });
    const race = phone.getByRole('article', { name: 'Slots race' });
    await visible(race);
    await visible(race.getByRole('table', { name: 'Leaderboard of Slots race' }));
    await visible(race.getByText(/Your rank: \d+ ·/));
    await screenshot(phone, 'missions-phone-dark');
    await phone.context().close();

    // The console lists the mission with its claim.
    const desk = await ownerConsolePage(browser(), '/missions');
    const row = desk.getByRole('table', { name: 'Missions' }).getByRole('row', { name: new RegExp(title) });
    await visible(row);
    await screenshot(desk, 'missions-console');
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const form = desk.getByRole('dialog', { name: 'Edit mission' });
    await visible(form.getByLabel('Title (English)'));
    expect(await form.getByLabel('Title (English)').inputValue()).toBe(title);
    await screenshot(desk, 'missions-console-edit');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    // A new weekly mission from the form: a target out of order is refused, then saved.
    const weekly = `Weekly deposits ${Date.now().toString(36)}`;
    await desk.getByRole('button', { name: 'New mission' }).click();
    const create = desk.getByRole('dialog', { name: 'New mission' });
    await create.getByLabel('Title (English)').fill(weekly);
    await create.getByLabel('Period').selectOption('weekly');
    await create.getByLabel('Counts').selectOption('deposits');
    await create.getByLabel('Target 1 (amount)').fill('100');
    await create.getByLabel('Cash').first().fill('5');
    await create.getByLabel('Prize tickets').first().fill('2');
    await create.getByRole('button', { name: 'Add milestone' }).click();
    await create.getByLabel('Target 2 (amount)').fill('50');
    await create.getByLabel('Cash').nth(1).fill('10');
    await create.getByRole('button', { name: 'Save' }).click();
    await visible(create.getByText('Targets must rise from one milestone to the next.'));
    await create.getByLabel('Target 2 (amount)').fill('500');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.waitFor({ state: 'detached' });
    await visible(
      desk.getByRole('table', { name: 'Missions' }).getByRole('row', { name: new RegExp(weekly) }),
    );
    const saved = await api('GET', '/backoffice/api/missions?pageSize=100', operations);
    const made = saved.value.list.find((row: { titles: { EN: string } }) => row.titles.EN === weekly);
    expect(made.milestones.map((row: { tickets: number }) => row.tickets)).toEqual([2, 0]);
    await desk
      .getByRole('table', { name: 'Missions' })
      .getByRole('row', { name: /Slots race/ })
      .getByRole('button', { name: 'Results of Slots race' })
      .click();
    await visible(
      desk.getByRole('dialog', { name: 'Results of Slots race' }).getByText('Live ranking', { exact: false }),
    );
    await screenshot(desk, 'missions-console-results');
    await desk.context().close();
  });
});
