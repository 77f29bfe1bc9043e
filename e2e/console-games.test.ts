import { crc32, deflateSync } from 'node:zlib';
import type { ConsoleGame } from '@tessera/contract';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import {
  api,
  baseUrl,
  operatorToken,
  ownerConsolePage,
  screenshot,
  stack,
  useBrowser,
  visible,
} from './browser.ts';

/** The console's game catalogue: vendors and games shown or hidden, hot, ordered, renamed, with icons. */

const browser = useBrowser();

/** A PNG picture of one colour (64×64), built here: chunks of length, type, data and CRC. */
function solidPng(rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const size = 64;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('console: games', () => {
  it('the owner renames a vendor, marks it hot and gives it an icon, audited', async () => {
    const page = await ownerConsolePage(browser(), '/game-vendors');
    await visible(page.getByRole('heading', { name: 'Game vendors' }));
    await page.getByRole('combobox', { name: 'Category' }).selectOption('ESPORTS');
    const table = page.getByRole('table', { name: 'Game vendors' });
    await table.getByRole('button', { name: 'Edit Tessera Esports', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Vendor HOUSE_ESPORTS' });
    await dialog.getByRole('textbox', { name: 'Name shown' }).fill('Arena Esports');
    await dialog.getByRole('textbox', { name: 'Name (Vietnamese)' }).fill('Đấu trường Esports');
    await dialog.getByRole('switch', { name: 'Hot' }).check();
    const preview = dialog.getByRole('img', { name: 'Icon preview' });
    const seededIcon = await preview.getAttribute('src');
    await dialog
      .getByLabel('Icon', { exact: true })
      .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: solidPng([230, 57, 70]) });
    // The uploaded picture replaces the seeded one in the preview.
    await dialog.locator(`img[alt="Icon preview"]:not([src="${seededIcon}"])`).waitFor();
    const uploadedIcon = await preview.getAttribute('src');
    await screenshot(page, 'console-game-vendor-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByText('Arena Esports saved.'));
    expect(await table.getByRole('img', { name: 'Arena Esports' }).getAttribute('src')).toBe(uploadedIcon);
    await visible(table.getByText('Hot'));
    await screenshot(page, 'console-game-vendors');

    const audit = await api('GET', '/backoffice/api/audit?entity=game_vendor', await operatorToken());
    expect(JSON.stringify(audit.value.list[0])).toContain('Arena Esports');
    // A reader in Vietnamese sees the Vietnamese name.
    const vendors = await fetch(`${baseUrl()}/wps/relay/GCSGAME_gameVendor?gameType=ESPORTS`, {
      headers: { Language: 'VI' },
    });
    const names = ((await vendors.json()) as { value: { list: { displayName: string }[] } }).value.list;
    expect(names.map((vendor) => vendor.displayName)).toContain('Đấu trường Esports');

    // The providers' catalogues are fetched again on demand, as a job.
    await page.getByRole('button', { name: 'Sync catalogue' }).click();
    await visible(page.getByText('Catalogue sync queued', { exact: false }));
    await page.context().close();
  });

  it('the owner finds a game, renames it, makes it hot and free to play, and hides it from the lobby', async () => {
    const token = await operatorToken();
    const listed = await api('GET', '/backoffice/api/games?pageSize=50&enabled=true&gameType=ESPORTS', token);
    // A vendor's game the lobby lists (not the in-house book's own game, whose vendor the lobby leaves out).
    const game = (listed.value.list as ConsoleGame[]).find(
      (candidate) => candidate.vassalage !== 'TESSERA_EBOOK',
    );
    if (!game) throw new Error('no esports game of a listed vendor');
    const page = await ownerConsolePage(browser(), '/games');
    await visible(page.getByRole('heading', { name: 'Games' }));
    await page.getByRole('searchbox', { name: 'Search' }).fill(game.code);
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Games' });
    await table.getByRole('button', { name: `Edit ${game.names.EN}` }).click();
    const dialog = page.getByRole('dialog', { name: `Game ${game.vassalage} · ${game.code}` });
    await dialog.getByRole('textbox', { name: 'Name (English)' }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('Check this value.'));
    await dialog.getByRole('textbox', { name: 'Name (English)' }).fill('Console Champion');
    await dialog.getByRole('spinbutton', { name: 'Hot rank' }).fill('1');
    await dialog.getByRole('switch', { name: 'Free play' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(table.getByText('Console Champion', { exact: true }));
    await visible(table.getByText('Hot #1'));
    await screenshot(page, 'console-games');
    const lobby = await fetch(`${baseUrl()}/wps/relay/GCSGAME_gameList?gameName=console%20champion`);
    expect((await lobby.json()).value.games[0]).toMatchObject({ gameName: 'Console Champion', trial: true });

    await table.getByRole('button', { name: 'Edit Console Champion' }).click();
    const again = page.getByRole('dialog', { name: `Game ${game.vassalage} · ${game.code}` });
    await again.getByRole('switch', { name: 'Enabled' }).uncheck();
    await again.getByRole('button', { name: 'Save' }).click();
    // The dialog closes once saved (the first save's notice may still be on screen).
    await again.waitFor({ state: 'detached' });
    await visible(page.getByText('Console Champion saved.').last());
    const hidden = await fetch(`${baseUrl()}/wps/relay/GCSGAME_gameList?gameName=console%20champion`);
    expect((await hidden.json()).value.games).toEqual([]);
    // Put it back as it was, for the lobby tests.
    await api('PUT', `/backoffice/api/games/${game.id}`, token, {
      names: game.names,
      classify: game.classify,
      hotRank: game.hotRank,
      sort: game.sort,
      demo: game.demo,
      enabled: true,
      iconImageId: game.iconImageId,
    });
    await page.context().close();
  });

  it('settles a provider round whose win never came with the result the provider reports, audited', async () => {
    const member = await loggedInMember('or');
    const credit = await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
      memberId: member.id,
      amount: 100,
      reason: 'E2E funding',
    });
    expect(credit.success).toBe(true);
    // A real-money session of Lucky Seven at the simulator, whose round sends its stake and never its win.
    const list = await api('GET', '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=JDB&pageSize=48', '');
    const game = (list.value.games as { nodeId: number; gameName: string }[]).find(
      (entry) => entry.gameName === 'Lucky Seven',
    );
    if (!game) throw new Error('no Lucky Seven in the lobby');
    const launched = await api('GET', `/wps/game/launchGame?nodeId=${game.nodeId}`, member.token);
    const session = new URL(launched.value.game_url as string).pathname.split('/').at(-1);
    const played = await fetch(`${stack().gameProviderUrl}/control/round`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, stake: 500_000, scenario: 'abandoned' }),
    });
    expect(played.status).toBe(200);

    const page = await ownerConsolePage(browser(), '/game-rounds/open');
    await visible(page.getByRole('heading', { name: 'Open game rounds' }));
    await page.getByRole('spinbutton', { name: 'Open for more than (minutes)' }).fill('0');
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Open game rounds' });
    const settle = table.getByRole('button', { name: new RegExp(`^Settle round .+ of ${member.username}$`) });
    await visible(settle);
    await screenshot(page, 'console-open-rounds');
    await settle.click();
    const dialog = page.getByRole('dialog', { name: /^Settle round / });
    await dialog
      .getByRole('combobox', { name: 'Settle by' })
      .selectOption({ label: "Paying the provider's result" });
    await dialog.getByRole('textbox', { name: /What the round won/ }).fill('12.50');
    await screenshot(page, 'console-open-round-settle');
    await dialog.getByRole('button', { name: 'Settle' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByText(/^Round .+ is settled\.$/));
    await settle.waitFor({ state: 'detached' });

    const balance = await api('GET', '/wps/v2/wallets/balance', member.token);
    expect(balance.value.sumBalance).toBe(107.5);
    const audit = await api('GET', '/backoffice/api/audit?entity=game_round', await operatorToken());
    expect(audit.value.list[0]).toMatchObject({ action: 'result' });
    await page.context().close();
  });
});
