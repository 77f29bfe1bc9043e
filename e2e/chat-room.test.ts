import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { api, baseUrl, newOperator, operatorToken, screenshot, useBrowser, visible } from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * The chat room's red envelopes end to end (issue 26 part 2): operations aims a rain schedule at a room and drops a
 * round at once; a member in the room sees the envelope message arrive, opens it, grabs one, reads the amount got
 * in the site's currency, and the wallet holds it.
 */

const browser = useBrowser();
const visit = visitor(browser);

async function openChat(page: Page, room: string): Promise<Locator> {
  const bar = page.getByRole('complementary', { name: 'Quick menu' });
  await bar.getByRole('button', { name: 'More' }).click();
  await page.getByRole('dialog', { name: 'More' }).getByRole('button', { name: 'Chat room' }).click();
  const window = page.getByRole('region', { name: room });
  await visible(window);
  return window;
}

const balanceOf = async (token: string) =>
  (await api('GET', '/wps/v2/wallets/balance', token)).value.sumBalance as number;

describe('chat room red envelopes', () => {
  it('operations drops envelopes in a room; a member there grabs one and sees the amount credited', async () => {
    const support = await newOperator('support', 'envs', 'Envelope desk');
    const operations = await newOperator('operations', 'envo', 'Envelope ops');
    const room = `Envelopes ${Date.now().toString(36)}`;
    const created = await api('POST', '/backoffice/api/chat/rooms', support.token, { name: room, sort: 0 });
    expect(created.success).toBe(true);
    const rooms = await api('GET', '/backoffice/api/chat/rooms', support.token);
    for (const other of rooms.value as { id: number; name: string; sort: number }[]) {
      if (other.id !== created.value.id && other.sort === 0) {
        await api('PUT', `/backoffice/api/chat/rooms/${other.id}`, support.token, { ...other, sort: 1 });
      }
    }
    const schedule = await api('POST', '/backoffice/api/red-envelope-rain/schedules', operations.token, {
      name: `Room drop ${room}`,
      enabled: false,
      weekdays: [1],
      times: ['03:00'],
      durationSeconds: 600,
      pool: 50,
      envelopes: 5,
      minAmount: 5,
      maxAmount: 15,
      turnoverMultiple: 1,
      grabRules: [{ minDeposit: 0, grabs: 1 }],
      roomId: created.value.id,
    });
    expect(schedule.value).toMatchObject({ roomId: created.value.id, roomName: room });

    const member = await loggedInMember('envm');
    const page = await visit('/index', { session: { token: member.token } });
    const chat = await openChat(page, room);
    const before = await balanceOf(member.token);
    const started = await api(
      'POST',
      `/backoffice/api/red-envelope-rain/schedules/${schedule.value.id}/start`,
      operations.token,
    );
    expect(started.success).toBe(true);
    // The drop arrives in the open window over /ws.
    const card = chat.getByRole('button', { name: /Red envelopes/ });
    await visible(card);
    await screenshot(page, 'chat-envelope-message');
    await card.click();
    const dialog = page.getByRole('dialog', { name: 'Red envelopes' });
    await visible(dialog.getByText('5 of 5 left'));
    await dialog.getByRole('button', { name: 'Grab an envelope' }).click();
    const got = dialog.getByText(/^You got \D*\d/);
    await visible(got);
    await visible(dialog.getByText('You have used your grabs in this drop.'));
    await screenshot(page, 'chat-envelope-grabbed');
    const amount = Number((await got.innerText()).replace(/[^\d.]/g, ''));
    expect(amount).toBeGreaterThanOrEqual(5);
    expect(amount).toBeLessThanOrEqual(15);
    expect(await balanceOf(member.token)).toBeCloseTo(before + amount, 2);
    await page.close();

    // Another member of the room, on a phone in the dark theme, sees the same drop with what is left.
    const other = await loggedInMember('envp');
    // On a phone the room is a page of its own (/chat, the page CBS_launchChat names).
    const phone = await visit('/chat', {
      session: { token: other.token },
      local: { theme: 'dark' },
      width: 390,
      height: 760,
    });
    const phoneChat = phone.getByRole('region', { name: room });
    await visible(phoneChat);
    await visible(phoneChat.getByRole('button', { name: /Red envelopes/ }));
    await screenshot(phone, 'chat-envelope-message-phone-dark');
    await phoneChat.getByRole('button', { name: /Red envelopes/ }).click();
    await visible(phone.getByRole('dialog', { name: 'Red envelopes' }).getByText('4 of 5 left'));
    await screenshot(phone, 'chat-envelope-dialog-phone-dark');
    await phone.close();
  });

  it('a member shares a sportsbook ticket from My bets; another opens the card and follows it into the slip', {
    timeout: 180_000,
  }, async () => {
    const support = await newOperator('support', 'bets', 'Bet cards');
    const room = `Tips ${Date.now().toString(36)}`;
    const created = await api('POST', '/backoffice/api/chat/rooms', support.token, { name: room, sort: 0 });
    expect(created.success).toBe(true);
    const rooms = await api('GET', '/backoffice/api/chat/rooms', support.token);
    for (const other of rooms.value as { id: number; name: string; sort: number }[]) {
      if (other.id !== created.value.id && other.sort === 0) {
        await api('PUT', `/backoffice/api/chat/rooms/${other.id}`, support.token, { ...other, sort: 1 });
      }
    }
    // An event of its own, its 1X2 priced by the model; the sharer bets on the home win through the API.
    const owner = await operatorToken();
    const stamp = Date.now().toString(36).slice(-5);
    const [home, away] = [`Harbour ${stamp}`, `Valley ${stamp}`];
    const sports = (await api('GET', '/backoffice/api/sportsbook/sports', owner)).value as {
      id: number;
      kind: string;
    }[];
    const football = sports.find((sport) => sport.kind === 'football');
    const competitions = (await api('GET', '/backoffice/api/sportsbook/competitions', owner)).value as {
      id: number;
      sportId: number;
    }[];
    const competition = competitions.find((item) => item.sportId === football?.id);
    const event = await api('POST', '/backoffice/api/sportsbook/events', owner, {
      competitionId: competition?.id,
      home,
      away,
      startsAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
      homeRating: 1.9,
      awayRating: 0.8,
    });
    expect(event.success).toBe(true);
    const priced = await api('POST', `/backoffice/api/sportsbook/events/${event.value.id}/markets`, owner, {
      type: '1x2',
      period: 'ft',
      margin: 0.05,
      fromModel: true,
    });
    const pick = priced.value.markets[0].selections.find(
      (selection: { code: string }) => selection.code === 'home',
    );
    const sharer = await loggedInMember('tipa');
    const funded = await api('POST', '/backoffice/api/wallet/adjustments', owner, {
      memberId: sharer.id,
      amount: 100,
      reason: 'E2E funding',
    });
    expect(funded.success).toBe(true);
    const bet = await fetch(`${baseUrl()}/wps/sportsbook/bets`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sharer.token}`,
        'content-type': 'application/json',
        'idempotency-key': `share-${stamp}`,
      },
      body: JSON.stringify({ selections: [{ selectionId: pick.id, version: pick.version }], stake: 10 }),
    }).then((response) => response.json());
    expect(bet.success, JSON.stringify(bet)).toBe(true);

    const page = await visit('/sports', { session: { token: sharer.token, username: sharer.username } });
    await page.getByRole('tab', { name: 'My bets' }).click();
    await page.getByRole('button', { name: `Share ticket ${bet.value.ticketNo} to chat` }).click();
    const share = page.getByRole('dialog', { name: 'Share this bet in the chat' });
    await visible(share.getByRole('checkbox', { name: 'Show my stake' }));
    expect(await share.getByRole('checkbox', { name: 'Show my stake' }).isChecked()).toBe(false);
    await share.getByRole('button', { name: 'Share to chat' }).click();
    await visible(share.getByText(`Shared in ${room}.`));
    await page.close();

    const follower = await loggedInMember('tipb');
    const reader = await visit('/index', { session: { token: follower.token } });
    const chat = await openChat(reader, room);
    const card = chat.getByRole('button', { name: new RegExp(`Sports bet · ${home}`) });
    await visible(card);
    await screenshot(reader, 'chat-bet-card');
    await card.click();
    const dialog = reader.getByRole('dialog', { name: /’s bet$/ });
    await visible(dialog.getByRole('list', { name: 'Picks' }).getByText(home, { exact: true }));
    expect(await dialog.getByText('Stake').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Follow bet' }).click();
    await visible(dialog.getByText('The open picks are in your bet slip at today’s prices.'));
    await screenshot(reader, 'chat-bet-dialog');
    await dialog.getByRole('button', { name: 'Go to the bet slip' }).click();
    const slip = reader.getByRole('region', { name: 'Bet slip' });
    await reader.getByRole('tab', { name: 'Matches' }).waitFor();
    // The floating window folds into its bubble, leaving the slip uncovered.
    await visible(reader.getByRole('button', { name: new RegExp(`^Open ${room}`) }));
    expect(await reader.getByRole('region', { name: room }).count()).toBe(0);
    await screenshot(reader, 'chat-bet-followed-slip');
    await visible(slip.getByRole('list', { name: 'Selections on the slip' }).getByRole('listitem').first());
    expect(
      await slip.getByRole('list', { name: 'Selections on the slip' }).getByRole('listitem').count(),
    ).toBe(1);
    await reader.close();

    // The card on a phone in the dark theme.
    const phone = await visit('/chat', {
      session: { token: follower.token },
      local: { theme: 'dark' },
      width: 390,
      height: 760,
    });
    const phoneCard = phone.getByRole('region', { name: room }).getByRole('button', { name: /Sports bet/ });
    await visible(phoneCard);
    await screenshot(phone, 'chat-bet-card-phone-dark');
    await phoneCard.click();
    await visible(phone.getByRole('dialog', { name: /’s bet$/ }));
    await screenshot(phone, 'chat-bet-dialog-phone-dark');
    await phone.close();
  });
});
