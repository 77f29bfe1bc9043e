import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { totpCodeAt } from '../src/modules/backoffice/second-factor.ts';
import { createOperator } from '../src/modules/backoffice/service.ts';
import { sha256Hex } from '../src/platform/crypto.ts';
import { desEcbDecrypt } from '../src/platform/des.ts';
import { processLocal } from '../src/platform/process-local.ts';
import { RealtimeHub } from '../src/platform/realtime.ts';
import { revokeSession } from '../src/platform/sessions.ts';
import { newGame } from './factories/games.ts';
import { fundMember, newMember } from './factories/wallet.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * What each process holds in memory (issue 31), with two server processes on one database as in production: each
 * its own app, hub (LISTEN connection) and caches. Only NOTIFY carries a change from one to the other.
 */
const API = '/backoffice/api';

async function secondProcess(t: TestApp) {
  const hub = new RealtimeHub(t.db);
  await hub.start();
  const app = await buildApp(
    { ...t.deps, realtime: hub, local: processLocal(t.db, hub, t.config) },
    { logger: false },
  );
  await app.ready();
  return {
    app,
    async get(url: string, token?: string, headers: Record<string, string> = {}) {
      const response = await app.inject({
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
      return { status: response.statusCode, headers: response.headers, body: response.json() };
    },
    async close() {
      await app.close();
      await hub.stop();
    },
  };
}

describe('public content held by each process', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof secondProcess>>;
  beforeAll(async () => {
    t = await startTestApp({
      runJobs: false,
      config: { cache: { contentSeconds: 3600, sessionSeconds: 3600 } },
    });
    second = await secondProcess(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it("shows an operator's change on every process, without waiting for the hold to end", async () => {
    const url = '/wps/system/banners?groupName=w_cache';
    expect((await t.get(url)).body.value).toEqual([]);
    expect((await second.get(url)).body.value).toEqual([]);
    const operator = await t.operatorToken('operations');
    const [existing] = (await t.get(`${API}/banners?groupName=w_home`, operator)).body.value;
    const created = await t.send(
      'POST',
      `${API}/banners`,
      { groupName: 'w_cache', title: 'Fresh banner', imageId: existing.imageId },
      operator,
    );
    expect(created.status).toBe(200);
    // No clock moves: only the change's NOTIFY can drop what each process holds.
    await expect
      .poll(async () => (await second.get(url)).body.value.map((b: { title: string }) => b.title))
      .toEqual(['Fresh banner']);
    await expect
      .poll(async () => (await t.get(url)).body.value.map((b: { title: string }) => b.title))
      .toEqual(['Fresh banner']);
  });

  it("shows an operator's change on the process that wrote it at once, before any NOTIFY arrives", async () => {
    // A process whose hub never listens: only its own write can drop what it holds.
    const deaf = await buildApp(
      {
        ...t.deps,
        realtime: new RealtimeHub(t.db),
        local: processLocal(t.db, new RealtimeHub(t.db), t.config),
      },
      { logger: false },
    );
    await deaf.ready();
    try {
      const status = async () =>
        (await deaf.inject({ url: '/wps/system/status' })).json() as { value: { maintenance: boolean } };
      expect((await status()).value.maintenance).toBe(false);
      const operator = await t.operatorToken('operations');
      const maintenance = {
        enabled: true,
        title: 'Local drop',
        message: 'Back soon',
        startsAt: null,
        endsAt: null,
      };
      const put = (body: typeof maintenance) =>
        deaf.inject({
          method: 'PUT',
          url: `${API}/settings/maintenance`,
          headers: { authorization: `Bearer ${operator}` },
          payload: body,
        });
      expect((await put(maintenance)).statusCode).toBe(200);
      expect((await status()).value.maintenance).toBe(true);
      expect((await put({ ...maintenance, enabled: false })).statusCode).toBe(200);
      expect((await status()).value.maintenance).toBe(false);
    } finally {
      await deaf.close();
    }
  });

  it('shows a change any writer makes to the tables (a job, a script), on every process', async () => {
    // A vendor whose games fit on one page.
    const [vendor] = await t.db.query<{ vassalage: string; game_type: string }>(
      `select v.vassalage, v.game_type from game_vendors v join games g on g.vendor_id = v.id
       where v.enabled and g.enabled group by v.id having count(*) <= 100 order by v.id limit 1`,
    );
    if (!vendor) throw new Error('the demo seed has no vendor with games');
    const url = `/wps/relay/GCSGAME_gameList?gameType=${vendor.game_type}&vassalage=${vendor.vassalage}&pageNo=1&pageSize=100`;
    const list = async (from: { get: TestApp['get'] }) =>
      (await from.get(url)).body.value.games as { nodeId: number; gameName: string }[];
    const game = { id: (await list(t))[0]?.nodeId as number };
    const names = async (from: { get: TestApp['get'] }) =>
      (await list(from)).filter((row) => row.nodeId === game.id).map((row) => row.gameName);
    const before = await names(second);
    expect(before).toHaveLength(1);
    expect(await names(t)).toEqual(before);
    await t.db.query(
      `update games set names = jsonb_set(names, '{EN}', '"Renamed by a job"') where id = $1`,
      [game.id],
    );
    await expect.poll(() => names(second)).toEqual(['Renamed by a job']);
    await expect.poll(() => names(t)).toEqual(['Renamed by a job']);
  });

  it('answers an ETag, and 304 without a body to a request that has it, until the content changes', async () => {
    const url = '/wps/system/banners?groupName=w_etag';
    const first = await t.app.inject({ url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.json()).toEqual({ success: true, code: 'ok', message: '', value: [] });
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another process answers the same content with the same ETag.
    expect((await second.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const other = await t.app.inject({ url, headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);

    const operator = await t.operatorToken('operations');
    const [existing] = (await t.get(`${API}/banners?groupName=w_home`, operator)).body.value;
    await t.send(
      'POST',
      `${API}/banners`,
      { groupName: 'w_etag', title: 'New', imageId: existing.imageId },
      operator,
    );
    await expect
      .poll(async () => (await second.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode)
      .toBe(200);
    const changed = await second.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().value.map((b: { title: string }) => b.title)).toEqual(['New']);
  });

  it('checks the input of held content on every URL: a refused query stays refused after an accepted one', async () => {
    const list = '/wps/relay/GCSGAME_gameList?pageNo=1&pageSize=20';
    const refused = `${list}&minLineNum=-1`;
    const first = await t.app.inject({ url: refused });
    expect(first.statusCode).toBe(400);
    expect(first.json().code).toBe('validation_failed');
    const accepted = await t.app.inject({ url: list });
    expect(accepted.statusCode).toBe(200);
    // Held now: the same URL is answered the same bytes with the same ETag; the refused one is still refused.
    const again = await t.app.inject({ url: list });
    expect(again.body).toBe(accepted.body);
    expect(again.headers.etag).toBe(accepted.headers.etag);
    const second = await t.app.inject({ url: refused });
    expect(second.statusCode).toBe(400);
    expect(second.json().fields).toEqual(first.json().fields);
  });

  it("holds the status answer's shared part, its links' keys too, and adds each caller's own location", async () => {
    const status = async (app: FastifyInstance, remoteAddress: string) =>
      (await app.inject({ url: '/wps/system/status', remoteAddress })).json().value;
    const linkOf = (value: { info: { customerService: { csType: string; path: string }[] } }) => {
      const path = value.info.customerService.find((entry) => entry.csType === '3')?.path ?? '';
      const key = Buffer.from(path.slice(-8));
      return desEcbDecrypt(key, Buffer.from(path.slice(0, -8), 'base64')).toString('utf8');
    };
    await t.db.query(
      `update site_settings set value = jsonb_set(value, '{liveChatUrl}', '"https://chat.example/first"')
       where key = 'site'`,
    );
    await expect
      .poll(async () => linkOf(await status(second.app, '10.0.0.1')))
      .toBe('https://chat.example/first');
    const one = await status(second.app, '10.0.0.1');
    const other = await status(second.app, '10.0.0.2');
    expect(other.info).toEqual(one.info);
    expect([one.location.ip, other.location.ip]).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(other).toMatchObject({ status: 0, maintenance: false, regionRestriction: false });
    // A region rule blocks one address, on every process, while the shared part stays held.
    await t.db.query(`insert into region_rules (kind, value) values ('ip_range', '10.0.0.2')`);
    await expect.poll(async () => (await status(second.app, '10.0.0.2')).status).toBe(2);
    expect((await status(second.app, '10.0.0.1')).status).toBe(0);
    await t.db.query(`delete from region_rules where value = '10.0.0.2'`);
    await t.db.query(
      `update site_settings set value = jsonb_set(value, '{liveChatUrl}', '"https://chat.example/second"')
       where key = 'site'`,
    );
    await expect
      .poll(async () => linkOf(await status(second.app, '10.0.0.1')))
      .toBe('https://chat.example/second');
    expect(linkOf(await status(t.app, '10.0.0.1'))).toBe('https://chat.example/second');
  });

  it("holds a visitor's game menus for the second they were made in: the draws count down as the clock moves", async () => {
    const menus = async (app: FastifyInstance) => {
      const response = await app.inject({ url: '/lgw/games/game_menus' });
      const body = response.json() as Record<string, { gameMenus: { gameId: string; remainTime: number }[] }>;
      const daily = body.LOTT?.gameMenus.find((game) => game.gameId === 'XSMB');
      return { etag: response.headers.etag, remainTime: daily?.remainTime as number };
    };
    const first = await menus(t.app);
    expect(first.remainTime).toBeGreaterThan(1);
    expect(await menus(t.app)).toEqual(first);
    t.clock.advance(1_000);
    const later = await menus(t.app);
    expect(later.remainTime).toBe(first.remainTime - 1);
    expect(later.etag).not.toBe(first.etag);
    expect(await menus(second.app)).toEqual(later);
  });

  it('holds nothing for a member: an answer that may depend on the caller is read for each call', async () => {
    const member = await t.memberToken();
    const response = await t.get('/wps/system/banners?groupName=w_home', member);
    expect(response.status).toBe(200);
    expect(response.headers.etag).toBeUndefined();
  });
});

describe('sessions held by each process', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof secondProcess>>;
  beforeAll(async () => {
    t = await startTestApp({
      runJobs: false,
      config: { cache: { contentSeconds: 3600, sessionSeconds: 3600 } },
    });
    second = await secondProcess(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const infoStatus = async (from: { get: TestApp['get'] }, token: string) =>
    (await from.get('/wps/member/info', token)).body.code as string;

  it('ends a logged-out session on every process at once', async () => {
    const token = await t.memberToken();
    expect(await infoStatus(t, token)).toBe('ok');
    expect(await infoStatus(second, token)).toBe('ok');
    expect((await t.send('POST', '/wps/session/logout', {}, token)).status).toBe(200);
    await expect.poll(() => infoStatus(second, token)).toBe('session_expired');
    await expect.poll(() => infoStatus(t, token)).toBe('session_expired');
  });

  it("ends a locked player's sessions on every process", async () => {
    const token = await t.memberToken();
    const id = (await t.get('/wps/member/info', token)).body.value.id as number;
    expect(await infoStatus(second, token)).toBe('ok');
    const operator = await t.operatorToken('operations');
    expect((await t.send('POST', `${API}/players/${id}/lock`, { reason: 'test' }, operator)).status).toBe(
      200,
    );
    await expect.poll(() => infoStatus(second, token)).toBe('session_expired');
  });

  it('ends a session revoked in the database by any writer, once its NOTIFY arrives', async () => {
    const token = await t.memberToken();
    expect(await infoStatus(second, token)).toBe('ok');
    await revokeSession(t.db, sha256Hex(token), t.clock.now());
    await expect.poll(() => infoStatus(second, token)).toBe('session_expired');
  });

  it('lets an operator on at once, on the process that took it, once their second factor is enrolled', async () => {
    const username = 'setupowner1';
    const password = 'setupowner-password-1';
    await createOperator(
      t.db,
      { username, displayName: 'Setup owner', password, role: 'owner' },
      t.clock.now(),
    );
    const token = (await t.send('POST', `${API}/session`, { username, password })).body.value.token as string;
    // Held as pending setup: an owner must enrol a second factor first.
    expect((await t.get(`${API}/players`, token)).body.code).toBe('operator_setup_required');
    const started = await t.send('POST', `${API}/session/totp`, {}, token);
    const secret = started.body.value.secret as string;
    const confirmed = await t.send(
      'POST',
      `${API}/session/totp/confirm`,
      { code: totpCodeAt(secret, t.clock.now()) },
      token,
    );
    expect(confirmed.status).toBe(200);
    // The next call through this process finds the setup done (the process that enrolled it forgets the held
    // caller at once; the NOTIFY that drops it everywhere may come later on a busy server).
    expect((await t.get(`${API}/players`, token)).status).toBe(200);
  });

  it('reads an operator again on every process once operators change (a role, a disabled account)', async () => {
    const support = await t.operatorToken('support');
    const supportId = (await t.db.query<{ id: number }>('select max(id) as id from operators'))[0]
      ?.id as number;
    const players = async () => (await second.get(`${API}/players`, support)).status;
    expect(await players()).toBe(200);
    // Straight to the table, as a script would: only the table's NOTIFY tells the other process.
    await t.db.query(`update operators set role = 'finance' where id = $1`, [supportId]);
    await expect.poll(players).toBe(403);
  });

  it("holds a member's own info and balance, dropped on every process by any writer's change", async () => {
    const member = await newMember(t);
    const nickname = async (from: { get: TestApp['get'] }) =>
      (await from.get('/wps/member/info', member.token)).body.value.nickname as string;
    const balance = async (from: { get: TestApp['get'] }) =>
      (await from.get('/wps/v2/wallets/balance', member.token)).body.value.sumBalance as number;
    const before = await nickname(second);
    expect(await balance(second)).toBe(0);
    // Straight to the tables, as a job or a script would: only their NOTIFY tells the other process.
    await t.db.query(`update members set nickname = 'Held no more' where id = $1`, [member.id]);
    await expect.poll(() => nickname(second)).toBe('Held no more');
    expect(before).not.toBe('Held no more');
    await fundMember(t, member.id, 250n);
    await expect.poll(() => balance(second)).toBe(2.5);
    expect(await balance(t)).toBe(2.5);
  });

  it("holds a member's favourite games, dropped on every process by any writer's change", async () => {
    const member = await newMember(t);
    const [a, b] = [await newGame(t), await newGame(t)];
    const favourites = async (from: { get: TestApp['get'] }) =>
      (await from.get('/wps/relay/MCSFE_getFavoriteGames', member.token)).body.value as number[];
    expect(await favourites(second)).toEqual([]);
    expect(await favourites(t)).toEqual([]);
    // Written without the table's trigger: nothing tells the processes, and both answer what they hold.
    await t.db.transaction('read committed', async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query('insert into game_favourites (member_id, game_id, created_at) values ($1, $2, $3)', [
        member.id,
        a,
        t.clock.now(),
      ]);
    });
    expect(await favourites(second)).toEqual([]);
    expect(await favourites(t)).toEqual([]);
    // The member adds one through the first process: it answers the change at once, the other once told.
    t.clock.advance(1000);
    const added = await t.send('POST', '/wps/relay/MCSFE_addFavoriteGameV2', { nodeId: b }, member.token);
    expect(added.body.value.nodeIds).toEqual([b, a]);
    expect(await favourites(t)).toEqual([b, a]);
    await expect.poll(() => favourites(second)).toEqual([b, a]);
    // Straight to the table, as a script would: only its trigger's NOTIFY tells the processes.
    await t.db.query('delete from game_favourites where member_id = $1 and game_id = $2', [member.id, a]);
    await expect.poll(() => favourites(second)).toEqual([b]);
    await expect.poll(() => favourites(t)).toEqual([b]);
  });

  it('holds the caller of a session whose last-seen time it has just written', async () => {
    const token = await t.memberToken();
    t.clock.advance(61_000);
    // This read writes the session's last-seen time; the caller is held from it.
    expect(await infoStatus(second, token)).toBe('ok');
    // Written straight to the table, without a NOTIFY: the held caller answers until its hold ends.
    await t.db.query('update sessions set revoked_at = $1 where token_hash = $2', [
      t.clock.now(),
      sha256Hex(token),
    ]);
    expect(await infoStatus(second, token)).toBe('ok');
  });

  it('reads the session again once its hold ends or the session expires', async () => {
    const token = await t.memberToken();
    expect(await infoStatus(second, token)).toBe('ok');
    // Written straight to the table, without a NOTIFY: only the end of the hold shows it.
    await t.db.query('update sessions set revoked_at = $1 where revoked_at is null', [t.clock.now()]);
    t.clock.advance(61_000);
    expect(await infoStatus(second, token)).toBe('session_expired');
  });
});

describe("visitors' calls per address", () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof secondProcess>>;
  const LIMIT = 40;
  beforeAll(async () => {
    const limits = { ...loadConfig({}).limits, visitorRequestsPerMinute: LIMIT, registerPerIp: 1_000_000 };
    t = await startTestApp({ runJobs: false, config: { limits } });
    second = await secondProcess(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const from = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ url: '/wps/system/status', remoteAddress }).then((response) => response.statusCode);
  const counters = async (address: string) =>
    (await t.db.query('select 1 from attempt_counters where key = $1', [`visitor-rate:${address}`])).length;

  it('are counted in the process: an ordinary visitor writes nothing to the database', async () => {
    for (let call = 0; call < LIMIT / 4 - 1; call += 1) expect(await from(t.app, '127.0.0.20')).toBe(200);
    expect(await counters('127.0.0.20')).toBe(0);
  });

  it('are refused past the limit, then on every process, and let back once the lock ends', async () => {
    const address = '127.0.0.21';
    // The other process has met the address already: it learns of the lock only through NOTIFY.
    expect(await from(second.app, address)).toBe(200);
    for (let call = 0; call < LIMIT; call += 1) expect(await from(t.app, address)).toBe(200);
    const refused = await t.app.inject({ url: '/wps/captcha', remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    await expect.poll(() => from(second.app, address)).toBe(429);
    // A process that has never met the address reads the lock from the database.
    const third = await secondProcess(t);
    try {
      expect(await from(third.app, address)).toBe(429);
      expect(await from(third.app, '127.0.0.22')).toBe(200);
      t.clock.advance(61_000);
      expect(await from(third.app, address)).toBe(200);
      expect(await from(second.app, address)).toBe(200);
      expect(await from(t.app, address)).toBe(200);
    } finally {
      await third.close();
    }
  });

  it('are refused past the limit by one process alone, counting in memory', async () => {
    const address = '127.0.0.23';
    const codes: number[] = [];
    for (let call = 0; call <= LIMIT; call += 1) codes.push(await from(second.app, address));
    expect(codes.slice(0, LIMIT).every((code) => code === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
