import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { ANNOUNCEMENT_GROUPS as GROUPS, IMAGE_UPLOAD } from '@tessera/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type CallerTokens, consoleSuite, UNKNOWN_TOKEN } from '../../../test/console-checks.ts';
import type { TestApp } from '../../../test/harness.ts';

const API = '/backoffice/api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DIRTY_HTML =
  '<script>alert(1)</script><p onclick="x()">Hi<img src="javascript:alert(1)"></p><a href="https://x.example" target="_blank">x</a>';
const CLEAN_HTML =
  '<p>Hi<img /></p><a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>';
/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
/** Tokens of every kind of caller, opened once: only the last block moves the clock past the idle timeout. */
let tok: CallerTokens;
const { auditCount, expectAudited, expectFailure, expectRefusals } = consoleSuite({}, (app, tokens) => {
  t = app;
  tok = tokens;
});

function multipart(
  parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[],
) {
  const boundary = `----tessera-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, payload: Buffer.concat(chunks) };
}

async function upload(
  token: string | undefined,
  file: { filename: string; contentType: string; data: Buffer },
) {
  const { boundary, payload } = multipart([{ name: 'file', ...file }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/images`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function seedImageId(): Promise<string> {
  const banners = await t.get(`${API}/banners?groupName=w_home`, tok.operations);
  return banners.body.value[0].imageId as string;
}

describe('player calls: banners', () => {
  it('serves only the enabled banners of the group, in sort order, with their image and link', async () => {
    const home = await t.get('/wps/system/banners?groupName=w_home');
    expect(home.status).toBe(200);
    expect(home.body).toMatchObject({ success: true, code: 'ok', message: '' });
    expect(home.headers['cache-control']).toBe('no-store');
    expect(home.body.value).toHaveLength(3);
    expect(home.body.value.map((b: { title: string }) => b.title)).toEqual([
      'Provably fair slots',
      'Daily lottery draws',
      'Live casino lounge',
    ]);
    expect(home.body.value[0]).toEqual({
      bannerId: expect.any(Number),
      groupName: 'w_home',
      title: 'Provably fair slots',
      url: expect.stringMatching(/^\/images\/[0-9a-f-]{36}$/),
      phoneUrl: expect.stringMatching(/^\/images\/[0-9a-f-]{36}$/),
      linkageType: 'INTERNAL',
      linkUrl: '/rng',
    });
    const register = await t.get('/wps/system/banners?groupName=w_register');
    expect(register.body.value).toEqual([
      {
        bannerId: expect.any(Number),
        groupName: 'w_register',
        title: 'Join Tessera today',
        url: expect.stringMatching(/^\/images\/[0-9a-f-]{36}$/),
        phoneUrl: expect.stringMatching(/^\/images\/[0-9a-f-]{36}$/),
        linkageType: 'INTERNAL',
        linkUrl: '/rng',
      },
    ]);
    const login = await t.get('/wps/system/banners?groupName=w_login');
    expect(login.body.value.map((b: { title: string }) => b.title)).toEqual(['Welcome back']);
    for (const group of [
      'w_rng',
      'w_live',
      'w_fish',
      'w_pvp',
      'w_sports',
      'w_esports',
      'w_lott',
      'w_promotion',
    ]) {
      const res = await t.get(`/wps/system/banners?groupName=${group}`);
      expect({ group, count: res.body.value.length }).toEqual({ group, count: 2 });
      expect(res.body.value.every((b: { groupName: string }) => b.groupName === group)).toBe(true);
    }
  });

  it('answers an empty list for a group without banners', async () => {
    const res = await t.get('/wps/system/banners?groupName=w_nothing');
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual([]);
  });

  it('refuses a missing or blank groupName with validation_failed on that field', async () => {
    expectFailure(await t.get('/wps/system/banners'), 400, 'validation_failed', {
      groupName: 'Input cannot be empty',
    });
    expectFailure(await t.get('/wps/system/banners?groupName=%20%20'), 400, 'validation_failed', {
      groupName: 'Input cannot be empty',
    });
    const vi = await t.get('/wps/system/banners', undefined, { Language: 'VI' });
    expect(vi.body.message).toBe('Một số trường không hợp lệ.');
    expect(vi.body.fields).toEqual({ groupName: 'Không được để trống' });
  });

  it('orders a group by sort and hides a disabled banner', async () => {
    const imageId = await seedImageId();
    const make = (title: string, sort: number, enabled: boolean) =>
      t.send(
        'POST',
        `${API}/banners`,
        { groupName: 'w_order', title, imageId, sort, enabled },
        tok.operations,
      );
    const late = await make('Late', 20, true);
    const early = await make('Early', 10, true);
    const hidden = await make('Hidden', 0, false);
    expect([late.status, early.status, hidden.status]).toEqual([200, 200, 200]);
    const res = await t.get('/wps/system/banners?groupName=w_order');
    expect(res.body.value.map((b: { bannerId: number }) => b.bannerId)).toEqual([
      early.body.value.id,
      late.body.value.id,
    ]);
    const listed = await t.get(`${API}/banners?groupName=w_order`, tok.operations);
    expect(listed.body.value.map((b: { title: string }) => b.title)).toEqual(['Hidden', 'Early', 'Late']);
  });
});

describe('player calls: notices', () => {
  it('serves the notices of the Language header: EN, VI and CN', async () => {
    const en = await t.get('/wps/system/notices', undefined, { Language: 'EN' });
    expect(en.status).toBe(200);
    expect(en.body.value).toHaveLength(10);
    expect(en.body.value[0]).toEqual({
      id: expect.any(Number),
      title: 'Scheduled maintenance on Sunday',
      content:
        '<p>The site will be upgraded on <strong>Sunday from 02:00 to 04:00 UTC</strong>. Balances are safe.</p>',
      createdAt: expect.any(String),
    });
    const vi = await t.get('/wps/system/notices', undefined, { Language: 'VI' });
    expect(vi.body.value.map((n: { title: string }) => n.title)).toEqual([
      'Bảo trì định kỳ vào Chủ nhật',
      'Thêm trò chơi xổ số mới',
      'Nhắc nhở chơi có trách nhiệm',
    ]);
    const cn = await t.get('/wps/system/notices', undefined, { Language: 'cn' });
    expect(cn.body.value.map((n: { title: string }) => n.title)).toEqual([
      '周日例行维护',
      '新增彩票游戏',
      '理性游戏提醒',
    ]);
  });

  it('falls back to English for a language without notices, and without a Language header', async () => {
    const en = await t.get('/wps/system/notices', undefined, { Language: 'EN' });
    const ja = await t.get('/wps/system/notices', undefined, { Language: 'JA' });
    const none = await t.get('/wps/system/notices');
    expect(ja.body.value).toEqual(en.body.value);
    expect(none.body.value).toEqual(en.body.value);
  });

  it('hides a disabled notice and shows it once enabled', async () => {
    const body = { language: 'CN', title: '隐藏的公告', content: '<p>x</p>', sort: 0, enabled: false };
    const created = await t.send('POST', `${API}/notices`, body, tok.support);
    expect(created.status).toBe(200);
    const titles = async () =>
      (await t.get('/wps/system/notices', undefined, { Language: 'CN' })).body.value.map(
        (n: { title: string }) => n.title,
      );
    expect(await titles()).not.toContain('隐藏的公告');
    expect(await titles()).toHaveLength(3);
    const id = created.body.value.id;
    await t.send('PUT', `${API}/notices/${id}`, { ...body, enabled: true }, tok.support);
    expect(await titles()).toEqual(['隐藏的公告', '周日例行维护', '新增彩票游戏', '理性游戏提醒']);
    await t.send('DELETE', `${API}/notices/${id}`, undefined, tok.support);
    expect(await titles()).toHaveLength(3);
  });
});

describe('player calls: announcements', () => {
  /** As a new member, whom every audience takes in (no mobile number, no deposit). */
  const list = (query: string) => t.get(`/wps/relay/MCSFE_getListAnnouncements${query}`, tok.member);
  /** The types of every announcement of the answer, group by group. */
  const everyType = (groups: Record<string, { type: string }[]>) =>
    Object.values(groups).flatMap((group) => group.map((announcement) => announcement.type));

  it('answers the groups the original reads, every type without a filter, and filters by type or types', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(Object.keys(all.body.value)).toEqual(['banners', 'player', 'popup', 'promotion', 'H']);
    expect(everyType(all.body.value)).toEqual(['B', 'PL', 'PU', 'PR', 'H']);
    const titles: Record<string, string> = {
      B: 'Welcome to Tessera',
      PL: 'Player notice: verify your phone',
      PU: 'Your first deposit',
      PR: 'E-lottery every minute',
      H: 'Top winners this week',
    };
    for (const [type, title] of Object.entries(titles)) {
      const res = await list(`?type=${type}&platform=W&executionType=B`);
      const group = GROUPS[type as keyof typeof GROUPS];
      expect(res.body.value[group]).toEqual([
        {
          id: expect.any(Number),
          type,
          platform: 'W',
          executionType: 'B',
          title,
          content: expect.stringMatching(/^<p>.*<\/p>$/),
          startsAt: null,
          endsAt: null,
        },
      ]);
      expect(everyType(res.body.value)).toEqual([type]);
    }
    // The original's query: a list of types and `execution`.
    const original = await list('?types=B,PL,PU,PR&platform=W&execution=B');
    expect(everyType(original.body.value)).toEqual(['B', 'PL', 'PU', 'PR']);
    expect(original.body.value.H).toEqual([]);
  });

  it('shows each member the announcements of their audiences, and a visitor only those for everyone', async () => {
    const titlesFor = async (token?: string) =>
      everyType((await t.get('/wps/relay/MCSFE_getListAnnouncements', token)).body.value);
    // Seeded: PL is for members without a mobile number, PU for members without a confirmed deposit.
    expect(await titlesFor()).toEqual(['B', 'PR', 'H']);
    expect(await titlesFor(tok.member)).toEqual(['B', 'PL', 'PU', 'PR', 'H']);
    const withMobile = await t.memberToken();
    const mobileId = (await t.db.query<{ id: number }>('select max(id) as id from members'))[0]?.id;
    await t.db.query("update members set country_dialing_code = '84', mobile = $2 where id = $1", [
      mobileId,
      `9${String(mobileId).padStart(8, '0')}`,
    ]);
    expect(await titlesFor(withMobile)).toEqual(['B', 'PU', 'PR', 'H']);

    const created = await t.send(
      'POST',
      `${API}/announcements`,
      { type: 'H', audience: 'noMobile', title: 'Bind your phone', content: '<p>x</p>' },
      tok.support,
    );
    expect(created.status).toBe(200);
    expect(created.body.value.audience).toBe('noMobile');
    const h = async (token?: string) =>
      (await t.get('/wps/relay/MCSFE_getListAnnouncements?type=H', token)).body.value.H.map(
        (a: { title: string }) => a.title,
      );
    expect(await h(tok.member)).toEqual(['Bind your phone', 'Top winners this week']);
    expect(await h(withMobile)).toEqual(['Top winners this week']);
    expect(await h()).toEqual(['Top winners this week']);
    expectFailure(
      await t.send(
        'POST',
        `${API}/announcements`,
        { type: 'H', audience: 'vip', title: 'x', content: '' },
        tok.support,
      ),
      400,
      'validation_failed',
      { audience: 'Value is not valid' },
    );
    await t.send('DELETE', `${API}/announcements/${created.body.value.id}`, undefined, tok.support);
  });

  it('refuses a platform other than W and an unknown type with validation_failed', async () => {
    expectFailure(await list('?platform=X'), 400, 'validation_failed', { platform: 'Value is not valid' });
    expectFailure(await list('?type=Z'), 400, 'validation_failed', { type: 'Value is not valid' });
    expectFailure(await list('?types=B,Z'), 400, 'validation_failed', { types: 'Value is not valid' });
  });

  it('serves the Language header, falling back to English when that language has nothing live that matches', async () => {
    const ko = (query: string) =>
      t.call({
        method: 'GET',
        url: `/wps/relay/MCSFE_getListAnnouncements${query}`,
        headers: { Language: 'KO' },
        token: tok.member,
      });
    const english = ['B', 'PL', 'PU', 'PR', 'H'];
    expect(everyType((await ko('')).body.value)).toEqual(english);
    // A Korean announcement that has not started yet leaves Korean players on English.
    const later = new Date(t.clock.now().getTime() + 24 * 60 * 60_000).toISOString();
    const scheduled = await t.send(
      'POST',
      `${API}/announcements`,
      { type: 'H', language: 'KO', title: '예정된 공지', content: '', startsAt: later },
      tok.support,
    );
    expect(scheduled.status).toBe(200);
    expect(everyType((await ko('')).body.value)).toEqual(english);
    // A live one replaces English for its type; other types still fall back.
    const live = await t.send(
      'POST',
      `${API}/announcements`,
      { type: 'H', language: 'KO', title: '이번 주 당첨자', content: '' },
      tok.support,
    );
    expect((await ko('')).body.value.H.map((a: { title: string }) => a.title)).toEqual(['이번 주 당첨자']);
    expect((await ko('')).body.value.banners.map((a: { title: string }) => a.title)).toEqual([
      'Welcome to Tessera',
    ]);
    expect((await ko('?type=H')).body.value.H.map((a: { title: string }) => a.title)).toEqual([
      '이번 주 당첨자',
    ]);
    expect((await ko('?type=B')).body.value.banners.map((a: { title: string }) => a.title)).toEqual([
      'Welcome to Tessera',
    ]);
    for (const created of [scheduled, live]) {
      await t.send('DELETE', `${API}/announcements/${created.body.value.id}`, undefined, tok.support);
    }
    expect(everyType((await ko('')).body.value)).toEqual(english);
  });
});

describe('player calls: images', () => {
  it('serves an image with its type, a year of immutable caching and an etag, and 304 when it matches', async () => {
    const banners = await t.get('/wps/system/banners?groupName=w_login');
    const url = banners.body.value[0].url as string;
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Public pictures show in the console's sandboxed previews too (an opaque origin).
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.body).toContain('<svg');
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await t.app.inject({ url, headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
  });

  it('answers 404 not_found for an unknown or malformed image id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await t.get(`/images/${id}`);
      expectFailure(res, 404, 'not_found');
    }
  });
});

describe('console: banners (operations only)', () => {
  it('creates, lists, updates and deletes a banner, auditing each write', async () => {
    const imageId = await seedImageId();
    const input = {
      groupName: 'w_crud',
      title: 'Crud banner',
      imageId,
      linkageType: 'EXTERNAL',
      linkUrl: 'https://partner.example/offer',
      sort: 5,
    };
    const created = await t.send('POST', `${API}/banners`, input, tok.operations);
    expect(created.status).toBe(200);
    const row = created.body.value;
    expect(row).toEqual({
      id: expect.any(Number),
      groupName: 'w_crud',
      title: 'Crud banner',
      imageId,
      url: `/images/${imageId}`,
      phoneImageId: null,
      phoneUrl: null,
      linkageType: 'EXTERNAL',
      linkUrl: 'https://partner.example/offer',
      sort: 5,
      enabled: true,
      versions: [],
    });
    await expectAudited(tok.operations, 'banner', {
      action: 'create',
      entityId: row.id,
      before: null,
      after: row,
    });

    const listed = await t.get(`${API}/banners?groupName=w_crud`, tok.operations);
    expect(listed.status).toBe(200);
    expect(listed.body.value).toEqual([row]);
    const all = await t.get(`${API}/banners`, tok.operations);
    expect(all.body.value.length).toBeGreaterThanOrEqual(25);
    expect(all.body.value).toContainEqual(row);
    expect((await t.get('/wps/system/banners?groupName=w_crud')).body.value).toEqual([
      {
        bannerId: row.id,
        groupName: 'w_crud',
        title: 'Crud banner',
        url: `/images/${imageId}`,
        phoneUrl: null,
        linkageType: 'EXTERNAL',
        linkUrl: 'https://partner.example/offer',
      },
    ]);

    // A link without a link type is dropped; a disabled banner leaves the player call.
    const update = {
      ...input,
      title: 'Renamed',
      linkageType: '',
      linkUrl: 'https://ignored.example',
      enabled: false,
    };
    const updated = await t.send('PUT', `${API}/banners/${row.id}`, update, tok.owner);
    expect(updated.status).toBe(200);
    const after = { ...row, title: 'Renamed', linkageType: '', linkUrl: '', enabled: false };
    expect(updated.body.value).toEqual(after);
    await expectAudited(tok.owner, 'banner', { action: 'update', entityId: row.id, before: row, after });
    expect((await t.get('/wps/system/banners?groupName=w_crud')).body.value).toEqual([]);

    const removed = await t.send('DELETE', `${API}/banners/${row.id}`, undefined, tok.operations);
    expect(removed.status).toBe(200);
    expect(removed.body.value).toEqual({ ok: true });
    await expectAudited(tok.operations, 'banner', {
      action: 'delete',
      entityId: row.id,
      before: after,
      after: null,
    });
    expect((await t.get(`${API}/banners?groupName=w_crud`, tok.operations)).body.value).toEqual([]);
  });

  it('serves a banner’s version in the reader’s language, and its own in a language without one', async () => {
    const home = async (language: string) =>
      (await t.get('/wps/system/banners?groupName=w_home', undefined, { Language: language })).body.value as {
        title: string;
        url: string;
        phoneUrl: string;
      }[];
    const [english, vietnamese, chinese, thai] = [
      await home('EN'),
      await home('VI'),
      await home('CN'),
      await home('TH'),
    ];
    expect(vietnamese.map((banner) => banner.title)).toEqual([
      'Nổ hũ minh bạch',
      'Xổ số mỗi ngày',
      'Sảnh casino trực tiếp',
    ]);
    expect(chinese[0]?.title).toBe('可验证公平的老虎机');
    expect(vietnamese[0]?.url).not.toBe(english[0]?.url);
    expect(vietnamese[0]?.phoneUrl).not.toBe(english[0]?.phoneUrl);
    expect(thai).toEqual(english);
    // The drawn version carries its text in its language.
    const svg = await t.app.inject({ url: vietnamese[0]?.url as string });
    expect(svg.body).toContain('CHƠI NGAY');
  });

  it('saves a banner’s versions per language, checks their images, and refuses a language twice', async () => {
    const seeded = (await t.get(`${API}/banners?groupName=w_home`, tok.operations)).body.value as {
      imageId: string;
    }[];
    const [imageId, otherId] = [seeded[0]?.imageId as string, seeded[1]?.imageId as string];
    const version = { language: 'VI', title: 'Phiên bản', imageId: otherId, phoneImageId: null };
    const input = { groupName: 'w_versions', title: 'Versions', imageId, versions: [version] };
    const created = await t.send('POST', `${API}/banners`, input, tok.operations);
    expect(created.body.value.versions).toEqual([{ ...version, url: `/images/${otherId}`, phoneUrl: null }]);
    const vi = await t.get('/wps/system/banners?groupName=w_versions', undefined, { Language: 'VI' });
    expect(vi.body.value[0]).toMatchObject({ title: 'Phiên bản', url: `/images/${otherId}` });
    expectFailure(
      await t.send(
        'PUT',
        `${API}/banners/${created.body.value.id}`,
        { ...input, versions: [version, version] },
        tok.operations,
      ),
      400,
      'validation_failed',
      { versions: 'Value is not valid' },
    );
    const unknown = await t.send(
      'PUT',
      `${API}/banners/${created.body.value.id}`,
      { ...input, versions: [{ ...version, imageId: '00000000-0000-4000-8000-000000000000' }] },
      tok.operations,
    );
    expect(unknown.body.fields).toHaveProperty(['versions.0.imageId']);
    const cleared = await t.send(
      'PUT',
      `${API}/banners/${created.body.value.id}`,
      { ...input, versions: [] },
      tok.operations,
    );
    expect(cleared.body.value.versions).toEqual([]);
  });

  it('keeps a phone image beside the image, serves it to players as phoneUrl, and clears it', async () => {
    const seeded = (await t.get(`${API}/banners?groupName=w_home`, tok.operations)).body.value as {
      imageId: string;
    }[];
    const [imageId, phoneImageId] = [seeded[0]?.imageId as string, seeded[1]?.imageId as string];
    expect(phoneImageId).not.toBe(imageId);
    const input = { groupName: 'w_phone', title: 'Phone banner', imageId, phoneImageId };
    const created = await t.send('POST', `${API}/banners`, input, tok.operations);
    expect(created.status).toBe(200);
    const row = created.body.value;
    expect(row).toMatchObject({ imageId, phoneImageId, phoneUrl: `/images/${phoneImageId}` });
    await expectAudited(tok.operations, 'banner', {
      action: 'create',
      entityId: row.id,
      before: null,
      after: row,
    });
    expect((await t.get('/wps/system/banners?groupName=w_phone')).body.value).toEqual([
      {
        bannerId: row.id,
        groupName: 'w_phone',
        title: 'Phone banner',
        url: `/images/${imageId}`,
        phoneUrl: `/images/${phoneImageId}`,
        linkageType: '',
        linkUrl: '',
      },
    ]);

    // An unknown phone image is refused on its own field; no phone image: the image everywhere.
    const before = await auditCount();
    expectFailure(
      await t.send(
        'PUT',
        `${API}/banners/${row.id}`,
        { ...input, phoneImageId: '6f1f8c1e-0000-4000-8000-000000000000' },
        tok.operations,
      ),
      400,
      'validation_failed',
      { phoneImageId: 'Value is not valid' },
    );
    expect(await auditCount()).toBe(before);
    const cleared = await t.send(
      'PUT',
      `${API}/banners/${row.id}`,
      { ...input, phoneImageId: null },
      tok.operations,
    );
    expect(cleared.body.value).toMatchObject({ phoneImageId: null, phoneUrl: null });
    const served = (await t.get('/wps/system/banners?groupName=w_phone')).body.value;
    expect(served[0]).toMatchObject({ url: `/images/${imageId}`, phoneUrl: null });
    await t.send('DELETE', `${API}/banners/${row.id}`, undefined, tok.operations);
  });

  it('refuses client mistakes with their exact code and field, writing nothing', async () => {
    const imageId = await seedImageId();
    const valid = {
      groupName: 'w_mistake',
      title: 'x',
      imageId,
      linkageType: 'INTERNAL',
      linkUrl: '/lottery',
    };
    const before = await auditCount();
    const post = (body: unknown) => t.send('POST', `${API}/banners`, body, tok.operations);
    expectFailure(await post({ ...valid, linkUrl: '' }), 400, 'validation_failed', {
      linkUrl: 'Input cannot be empty',
    });
    expectFailure(
      await post({ ...valid, imageId: '6f1f8c1e-0000-4000-8000-000000000000' }),
      400,
      'validation_failed',
      {
        imageId: 'Value is not valid',
      },
    );
    expectFailure(await post({ ...valid, imageId: 'not-a-uuid' }), 400, 'validation_failed', {
      imageId: 'Format is not valid',
    });
    const { groupName: _, ...withoutGroup } = valid;
    expectFailure(await post(withoutGroup), 400, 'validation_failed', { groupName: 'Input cannot be empty' });
    expectFailure(await post({ ...valid, groupName: 'home' }), 400, 'validation_failed', {
      groupName: 'Format is not valid',
    });
    expectFailure(await post({ ...valid, title: 'x'.repeat(121) }), 400, 'validation_failed', {
      title: 'At most 120 characters',
    });
    expectFailure(await post({ ...valid, sort: -1 }), 400, 'validation_failed', {
      sort: 'Must be at least 0',
    });
    expectFailure(await post({ ...valid, linkageType: 'POPUP' }), 400, 'validation_failed', {
      linkageType: 'Value is not valid',
    });
    expectFailure(await t.send('PUT', `${API}/banners/999999`, valid, tok.operations), 404, 'not_found');
    expectFailure(
      await t.send('DELETE', `${API}/banners/999999`, undefined, tok.operations),
      404,
      'not_found',
    );
    expectFailure(
      await t.send('DELETE', `${API}/banners/abc`, undefined, tok.operations),
      400,
      'validation_failed',
      { id: 'Value is not valid' },
    );
    expect(await auditCount()).toBe(before);
    expect((await t.get(`${API}/banners?groupName=w_mistake`, tok.operations)).body.value).toEqual([]);
  });

  it('refuses callers who are not operations (support and finance get 403), and lets the owner in', async () => {
    const imageId = await seedImageId();
    const body = { groupName: 'w_refused', imageId };
    const existing = (await t.get(`${API}/banners?groupName=w_login`, tok.operations)).body.value[0];
    await expectRefusals(
      [
        { method: 'GET', url: `${API}/banners` },
        { method: 'POST', url: `${API}/banners`, body },
        { method: 'PUT', url: `${API}/banners/${existing.id}`, body },
        { method: 'DELETE', url: `${API}/banners/${existing.id}` },
      ],
      ['support', 'finance'],
    );
    expect((await t.get(`${API}/banners?groupName=w_login`, tok.operations)).body.value).toEqual([existing]);
    const owner = await t.send('POST', `${API}/banners`, body, tok.owner);
    expect(owner.status).toBe(200);
    expect(owner.body.value).toMatchObject({ groupName: 'w_refused', title: '', linkageType: '', sort: 0 });
    expect((await t.get(`${API}/banners`, tok.owner)).status).toBe(200);
  });
});

describe('console: notices (operations and support)', () => {
  it('creates, lists, updates and deletes a notice, auditing each write', async () => {
    const input = {
      language: 'VI',
      title: 'Thông báo thử',
      content: '<p>Nội dung <strong>mới</strong></p>',
      sort: 50,
    };
    const created = await t.send('POST', `${API}/notices`, input, tok.support);
    expect(created.status).toBe(200);
    const row = created.body.value;
    expect(row).toEqual({
      id: expect.any(Number),
      ...input,
      enabled: true,
      createdAt: t.clock.now().toISOString(),
    });
    await expectAudited(tok.support, 'notice', {
      action: 'create',
      entityId: row.id,
      before: null,
      after: row,
    });
    expect((await t.get(`${API}/notices`, tok.support)).body.value).toContainEqual(row);
    const vi = await t.get('/wps/system/notices', undefined, { Language: 'VI' });
    expect(vi.body.value.at(-1)).toEqual({
      id: row.id,
      title: 'Thông báo thử',
      content: input.content,
      createdAt: row.createdAt,
    });

    const update = { language: 'VI', title: 'Đã sửa', content: '<p>Khác</p>', sort: 1, enabled: false };
    const updated = await t.send('PUT', `${API}/notices/${row.id}`, update, tok.operations);
    expect(updated.status).toBe(200);
    const after = { id: row.id, ...update, createdAt: row.createdAt };
    expect(updated.body.value).toEqual(after);
    await expectAudited(tok.operations, 'notice', { action: 'update', entityId: row.id, before: row, after });
    const viAfter = await t.get('/wps/system/notices', undefined, { Language: 'VI' });
    expect(viAfter.body.value.map((n: { id: number }) => n.id)).not.toContain(row.id);

    const removed = await t.send('DELETE', `${API}/notices/${row.id}`, undefined, tok.owner);
    expect(removed.body.value).toEqual({ ok: true });
    await expectAudited(tok.owner, 'notice', {
      action: 'delete',
      entityId: row.id,
      before: after,
      after: null,
    });
    const listed = await t.get(`${API}/notices`, tok.support);
    expect(listed.body.value.map((n: { id: number }) => n.id)).not.toContain(row.id);
  });

  it('refuses client mistakes with their exact code and field, writing nothing', async () => {
    const before = await auditCount();
    const post = (body: unknown) => t.send('POST', `${API}/notices`, body, tok.support);
    expectFailure(await post({ content: '<p>x</p>' }), 400, 'validation_failed', {
      title: 'Input cannot be empty',
    });
    expectFailure(await post({ title: '   ', content: '' }), 400, 'validation_failed', {
      title: 'Input cannot be empty',
    });
    expectFailure(await post({ title: 'x' }), 400, 'validation_failed', { content: 'Input cannot be empty' });
    expectFailure(await post({ title: 'x', content: '', language: 'XX' }), 400, 'validation_failed', {
      language: 'Value is not valid',
    });
    const cn = await t.call({
      method: 'POST',
      url: `${API}/notices`,
      token: tok.support,
      headers: { Language: 'CN' },
      payload: { content: '' },
    });
    expect(cn.body.message).toBe('部分字段无效。');
    expect(cn.body.fields).toEqual({ title: '输入不能为空' });
    const valid = { title: 'x', content: '' };
    expectFailure(await t.send('PUT', `${API}/notices/999999`, valid, tok.support), 404, 'not_found');
    expectFailure(await t.send('DELETE', `${API}/notices/999999`, undefined, tok.support), 404, 'not_found');
    expect(await auditCount()).toBe(before);
  });

  it('refuses callers outside operations and support (finance gets 403), and lets the owner in', async () => {
    const body = { title: 'Refused', content: '' };
    const existing = (await t.get(`${API}/notices`, tok.support)).body.value[0];
    await expectRefusals(
      [
        { method: 'GET', url: `${API}/notices` },
        { method: 'POST', url: `${API}/notices`, body },
        { method: 'PUT', url: `${API}/notices/${existing.id}`, body },
        { method: 'DELETE', url: `${API}/notices/${existing.id}` },
      ],
      ['finance'],
    );
    expect((await t.get(`${API}/notices`, tok.support)).body.value[0]).toEqual(existing);
    const owner = await t.send('POST', `${API}/notices`, body, tok.owner);
    expect(owner.status).toBe(200);
    expect(owner.body.value).toMatchObject({ language: 'EN', title: 'Refused', sort: 0, enabled: true });
    await t.send('DELETE', `${API}/notices/${owner.body.value.id}`, undefined, tok.owner);
  });

  it('sanitises rich HTML on save, in the answer, the database and the player call', async () => {
    const created = await t.send(
      'POST',
      `${API}/notices`,
      { language: 'TH', title: 'Sanitised', content: DIRTY_HTML },
      tok.operations,
    );
    expect(created.body.value.content).toBe(CLEAN_HTML);
    const stored = await t.db.query<{ content: string }>('select content from notices where id = $1', [
      created.body.value.id,
    ]);
    expect(stored[0]?.content).toBe(CLEAN_HTML);
    const th = await t.get('/wps/system/notices', undefined, { Language: 'TH' });
    expect(th.body.value).toEqual([
      { id: created.body.value.id, title: 'Sanitised', content: CLEAN_HTML, createdAt: expect.any(String) },
    ]);
    const updated = await t.send(
      'PUT',
      `${API}/notices/${created.body.value.id}`,
      { language: 'TH', title: 'Sanitised', content: `<p>ok</p>${DIRTY_HTML}` },
      tok.operations,
    );
    expect(updated.body.value.content).toBe(`<p>ok</p>${CLEAN_HTML}`);
    for (const unsafe of ['<script', 'onclick', 'javascript:']) {
      expect(updated.body.value.content).not.toContain(unsafe);
    }
    await t.send('DELETE', `${API}/notices/${created.body.value.id}`, undefined, tok.operations);
  });
});

describe('console: announcements (operations and support)', () => {
  it('creates, lists, updates and deletes an announcement, auditing each write', async () => {
    const input = {
      type: 'PR',
      title: 'Spring promotion',
      content: '<p>Deposit and win</p>',
      startsAt: '2026-06-01T13:00:00+01:00',
      endsAt: null,
      sort: 10,
    };
    const created = await t.send('POST', `${API}/announcements`, input, tok.support);
    expect(created.status).toBe(200);
    const row = created.body.value;
    expect(row).toEqual({
      id: expect.any(Number),
      type: 'PR',
      audience: 'all',
      language: 'EN',
      title: 'Spring promotion',
      content: '<p>Deposit and win</p>',
      startsAt: '2026-06-01T12:00:00.000Z',
      endsAt: null,
      sort: 10,
      enabled: true,
    });
    await expectAudited(tok.support, 'announcement', {
      action: 'create',
      entityId: row.id,
      before: null,
      after: row,
    });
    expect((await t.get(`${API}/announcements`, tok.support)).body.value).toContainEqual(row);
    const live = await t.get('/wps/relay/MCSFE_getListAnnouncements?type=PR');
    expect(live.body.value.promotion.map((a: { title: string }) => a.title)).toEqual([
      'E-lottery every minute',
      'Spring promotion',
    ]);

    const update = { ...input, type: 'PU', enabled: false, endsAt: '2026-06-02T00:00:00Z' };
    const updated = await t.send('PUT', `${API}/announcements/${row.id}`, update, tok.operations);
    expect(updated.status).toBe(200);
    const after = { ...row, type: 'PU', enabled: false, endsAt: '2026-06-02T00:00:00.000Z' };
    expect(updated.body.value).toEqual(after);
    await expectAudited(tok.operations, 'announcement', {
      action: 'update',
      entityId: row.id,
      before: row,
      after,
    });
    const pu = await t.get('/wps/relay/MCSFE_getListAnnouncements?type=PU', tok.member);
    expect(pu.body.value.popup.map((a: { title: string }) => a.title)).toEqual(['Your first deposit']);

    const removed = await t.send('DELETE', `${API}/announcements/${row.id}`, undefined, tok.support);
    expect(removed.body.value).toEqual({ ok: true });
    await expectAudited(tok.support, 'announcement', {
      action: 'delete',
      entityId: row.id,
      before: after,
      after: null,
    });
    const listed = await t.get(`${API}/announcements`, tok.support);
    expect(listed.body.value.map((a: { id: number }) => a.id)).not.toContain(row.id);
  });

  it('refuses client mistakes with their exact code and field, writing nothing', async () => {
    const before = await auditCount();
    const valid = { type: 'B', title: 'x', content: '' };
    const post = (body: unknown) => t.send('POST', `${API}/announcements`, body, tok.support);
    expectFailure(await post({ type: 'B', content: '' }), 400, 'validation_failed', {
      title: 'Input cannot be empty',
    });
    expectFailure(await post({ ...valid, type: 'Z' }), 400, 'validation_failed', {
      type: 'Value is not valid',
    });
    expectFailure(await post({ ...valid, startsAt: 'tomorrow' }), 400, 'validation_failed', {
      startsAt: 'Format is not valid',
    });
    expectFailure(
      await post({ ...valid, startsAt: '2026-06-02T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' }),
      400,
      'validation_failed',
      { endsAt: 'Value is not valid' },
    );
    expectFailure(await t.send('PUT', `${API}/announcements/999999`, valid, tok.support), 404, 'not_found');
    expectFailure(
      await t.send('DELETE', `${API}/announcements/999999`, undefined, tok.support),
      404,
      'not_found',
    );
    expect(await auditCount()).toBe(before);
  });

  it('refuses callers outside operations and support (finance gets 403), and lets the owner in', async () => {
    const body = { type: 'H', title: 'Refused', content: '' };
    const existing = (await t.get(`${API}/announcements`, tok.support)).body.value[0];
    await expectRefusals(
      [
        { method: 'GET', url: `${API}/announcements` },
        { method: 'POST', url: `${API}/announcements`, body },
        { method: 'PUT', url: `${API}/announcements/${existing.id}`, body },
        { method: 'DELETE', url: `${API}/announcements/${existing.id}` },
      ],
      ['finance'],
    );
    expect((await t.get(`${API}/announcements`, tok.support)).body.value[0]).toEqual(existing);
    const owner = await t.send('POST', `${API}/announcements`, body, tok.owner);
    expect(owner.status).toBe(200);
    await t.send('DELETE', `${API}/announcements/${owner.body.value.id}`, undefined, tok.owner);
  });

  it('sanitises rich HTML on save', async () => {
    const created = await t.send(
      'POST',
      `${API}/announcements`,
      { type: 'H', language: 'KO', title: 'Sanitised', content: DIRTY_HTML },
      tok.support,
    );
    expect(created.body.value.content).toBe(CLEAN_HTML);
    const stored = await t.db.query<{ content: string }>('select content from announcements where id = $1', [
      created.body.value.id,
    ]);
    expect(stored[0]?.content).toBe(CLEAN_HTML);
    const ko = await t.get('/wps/relay/MCSFE_getListAnnouncements?type=H', undefined, { Language: 'KO' });
    expect(ko.body.value.H.map((a: { content: string }) => a.content)).toEqual([CLEAN_HTML]);
    await t.send('DELETE', `${API}/announcements/${created.body.value.id}`, undefined, tok.support);
  });
});

describe('console: help categories and articles (operations and support)', () => {
  it('creates, lists, updates and deletes a category and its article, auditing each write', async () => {
    const created = await t.send(
      'POST',
      `${API}/help/categories`,
      { language: 'EN', title: 'Security', sort: 9 },
      tok.support,
    );
    expect(created.status).toBe(200);
    const category = created.body.value;
    expect(category).toEqual({ id: expect.any(Number), language: 'EN', title: 'Security', sort: 9 });
    await expectAudited(tok.support, 'help_category', {
      action: 'create',
      entityId: category.id,
      before: null,
      after: category,
    });
    expect((await t.get(`${API}/help/categories`, tok.support)).body.value).toContainEqual(category);

    const articleInput = {
      categoryId: category.id,
      title: 'Two-step login',
      content: '<p>Turn it on.</p>',
      sort: 2,
    };
    const made = await t.send('POST', `${API}/help/articles`, articleInput, tok.support);
    expect(made.status).toBe(200);
    const article = made.body.value;
    expect(article).toEqual({ id: expect.any(Number), ...articleInput });
    await expectAudited(tok.support, 'help_article', {
      action: 'create',
      entityId: article.id,
      before: null,
      after: article,
    });
    expect((await t.get(`${API}/help/articles`, tok.support)).body.value).toContainEqual(article);
    const centre = await t.get('/wps/system/helpCenter', undefined, { Language: 'EN' });
    expect(centre.body.value.at(-1)).toEqual({
      id: category.id,
      title: 'Security',
      articles: [{ id: article.id, title: 'Two-step login', content: '<p>Turn it on.</p>' }],
    });

    const catUpdate = { language: 'EN', title: 'Account security', sort: 0 };
    const catUpdated = await t.send(
      'PUT',
      `${API}/help/categories/${category.id}`,
      catUpdate,
      tok.operations,
    );
    const categoryAfter = { id: category.id, ...catUpdate };
    expect(catUpdated.body.value).toEqual(categoryAfter);
    await expectAudited(tok.operations, 'help_category', {
      action: 'update',
      entityId: category.id,
      before: category,
      after: categoryAfter,
    });

    const artUpdate = { ...articleInput, title: 'Two-step verification', sort: 0 };
    const artUpdated = await t.send('PUT', `${API}/help/articles/${article.id}`, artUpdate, tok.owner);
    const articleAfter = { id: article.id, ...artUpdate };
    expect(artUpdated.body.value).toEqual(articleAfter);
    await expectAudited(tok.owner, 'help_article', {
      action: 'update',
      entityId: article.id,
      before: article,
      after: articleAfter,
    });

    const artRemoved = await t.send('DELETE', `${API}/help/articles/${article.id}`, undefined, tok.support);
    expect(artRemoved.body.value).toEqual({ ok: true });
    await expectAudited(tok.support, 'help_article', {
      action: 'delete',
      entityId: article.id,
      before: articleAfter,
      after: null,
    });
    const catRemoved = await t.send(
      'DELETE',
      `${API}/help/categories/${category.id}`,
      undefined,
      tok.support,
    );
    expect(catRemoved.body.value).toEqual({ ok: true });
    await expectAudited(tok.support, 'help_category', {
      action: 'delete',
      entityId: category.id,
      before: categoryAfter,
      after: null,
    });
    const categories = await t.get(`${API}/help/categories`, tok.support);
    expect(categories.body.value.map((c: { id: number }) => c.id)).not.toContain(category.id);
    const after = await t.get('/wps/system/helpCenter', undefined, { Language: 'EN' });
    expect(after.body.value.map((c: { title: string }) => c.title)).toEqual([
      'Getting started',
      'Deposits and withdrawals',
      'Responsible gaming',
    ]);
  });

  it('deletes the articles of a deleted category', async () => {
    const category = await t.send('POST', `${API}/help/categories`, { title: 'Temporary' }, tok.support);
    const article = await t.send(
      'POST',
      `${API}/help/articles`,
      { categoryId: category.body.value.id, title: 'Gone soon', content: '' },
      tok.support,
    );
    expect(article.status).toBe(200);
    await t.send('DELETE', `${API}/help/categories/${category.body.value.id}`, undefined, tok.support);
    const articles = await t.get(`${API}/help/articles`, tok.support);
    expect(articles.body.value.map((a: { id: number }) => a.id)).not.toContain(article.body.value.id);
    expectFailure(
      await t.send('DELETE', `${API}/help/articles/${article.body.value.id}`, undefined, tok.support),
      404,
      'not_found',
    );
  });

  it('refuses client mistakes with their exact code and field, writing nothing', async () => {
    const categories = (await t.get(`${API}/help/categories`, tok.support)).body.value;
    const categoryId = categories[0].id;
    const before = await auditCount();
    expectFailure(
      await t.send('POST', `${API}/help/categories`, { language: 'EN' }, tok.support),
      400,
      'validation_failed',
      { title: 'Input cannot be empty' },
    );
    expectFailure(
      await t.send('POST', `${API}/help/categories`, { title: 'x'.repeat(121) }, tok.support),
      400,
      'validation_failed',
      { title: 'At most 120 characters' },
    );
    const article = (body: unknown) => t.send('POST', `${API}/help/articles`, body, tok.support);
    expectFailure(await article({ categoryId: 999999, title: 'x', content: '' }), 400, 'validation_failed', {
      categoryId: 'Value is not valid',
    });
    expectFailure(await article({ categoryId, content: '' }), 400, 'validation_failed', {
      title: 'Input cannot be empty',
    });
    expectFailure(await article({ categoryId: 0, title: 'x', content: '' }), 400, 'validation_failed', {
      categoryId: 'Must be at least 1',
    });
    const known = (await t.get(`${API}/help/articles`, tok.support)).body.value[0];
    expectFailure(
      await t.send(
        'PUT',
        `${API}/help/articles/${known.id}`,
        { categoryId: 999999, title: 'x', content: '' },
        tok.support,
      ),
      400,
      'validation_failed',
      { categoryId: 'Value is not valid' },
    );
    expectFailure(
      await t.send('PUT', `${API}/help/categories/999999`, { title: 'x' }, tok.support),
      404,
      'not_found',
    );
    expectFailure(
      await t.send(
        'PUT',
        `${API}/help/articles/999999`,
        { categoryId, title: 'x', content: '' },
        tok.support,
      ),
      404,
      'not_found',
    );
    expectFailure(
      await t.send('DELETE', `${API}/help/categories/999999`, undefined, tok.support),
      404,
      'not_found',
    );
    expectFailure(
      await t.send('DELETE', `${API}/help/articles/999999`, undefined, tok.support),
      404,
      'not_found',
    );
    expect(await auditCount()).toBe(before);
    expect((await t.get(`${API}/help/articles`, tok.support)).body.value[0]).toEqual(known);
  });

  it('refuses callers outside operations and support (finance gets 403), and lets the owner in', async () => {
    const category = (await t.get(`${API}/help/categories`, tok.support)).body.value[0];
    const article = (await t.get(`${API}/help/articles`, tok.support)).body.value[0];
    const categoryBody = { title: 'Refused' };
    const articleBody = { categoryId: category.id, title: 'Refused', content: '' };
    await expectRefusals(
      [
        { method: 'GET', url: `${API}/help/categories` },
        { method: 'POST', url: `${API}/help/categories`, body: categoryBody },
        { method: 'PUT', url: `${API}/help/categories/${category.id}`, body: categoryBody },
        { method: 'DELETE', url: `${API}/help/categories/${category.id}` },
        { method: 'GET', url: `${API}/help/articles` },
        { method: 'POST', url: `${API}/help/articles`, body: articleBody },
        { method: 'PUT', url: `${API}/help/articles/${article.id}`, body: articleBody },
        { method: 'DELETE', url: `${API}/help/articles/${article.id}` },
      ],
      ['finance'],
    );
    expect((await t.get(`${API}/help/categories`, tok.support)).body.value[0]).toEqual(category);
    expect((await t.get(`${API}/help/articles`, tok.support)).body.value[0]).toEqual(article);
    const owner = await t.send('POST', `${API}/help/articles`, articleBody, tok.owner);
    expect(owner.status).toBe(200);
    await t.send('DELETE', `${API}/help/articles/${owner.body.value.id}`, undefined, tok.owner);
  });

  it('sanitises rich HTML of an article on save', async () => {
    const category = (await t.get(`${API}/help/categories`, tok.support)).body.value[0];
    const created = await t.send(
      'POST',
      `${API}/help/articles`,
      { categoryId: category.id, title: 'Sanitised', content: DIRTY_HTML },
      tok.support,
    );
    expect(created.body.value.content).toBe(CLEAN_HTML);
    const stored = await t.db.query<{ content: string }>('select content from help_articles where id = $1', [
      created.body.value.id,
    ]);
    expect(stored[0]?.content).toBe(CLEAN_HTML);
    const updated = await t.send(
      'PUT',
      `${API}/help/articles/${created.body.value.id}`,
      { categoryId: category.id, title: 'Sanitised', content: DIRTY_HTML },
      tok.support,
    );
    expect(updated.body.value.content).toBe(CLEAN_HTML);
    await t.send('DELETE', `${API}/help/articles/${created.body.value.id}`, undefined, tok.support);
  });
});

describe('console: image upload', () => {
  it('stores a real PNG re-encoded, serves the stored bytes, and audits the upload', async () => {
    const res = await upload(tok.support, { filename: 'pixel.png', contentType: 'image/png', data: PNG });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 'ok' });
    const { imageId, bytes } = res.body.value;
    expect(imageId).toMatch(UUID);
    expect(res.body.value).toEqual({
      imageId,
      url: `/images/${imageId}`,
      contentType: 'image/png',
      bytes: expect.any(Number),
    });
    await expectAudited(tok.support, 'image', {
      action: 'create',
      entityId: imageId,
      before: null,
      after: { imageId, contentType: 'image/png', bytes, name: 'pixel.png' },
    });
    const image = await t.app.inject({ url: `/images/${imageId}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.length).toBe(bytes);
    const served = await sharp(image.rawPayload).metadata();
    expect(served).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('re-encodes a PNG that is also HTML and script: only the pixels are stored', async () => {
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const html = '<html><script>alert(document.domain)</script></html>';
    const iend = PNG.length - 12;
    // A tEXt chunk holding HTML before IEND, and more HTML after the end of the PNG.
    const polyglot = Buffer.concat([
      PNG.subarray(0, iend),
      chunk('tEXt', Buffer.from(`Comment\0${html}`, 'latin1')),
      PNG.subarray(iend),
      Buffer.from(html),
    ]);
    expect((await sharp(polyglot).metadata()).format).toBe('png');
    const res = await upload(tok.support, { filename: 'x.png', contentType: 'image/png', data: polyglot });
    expect(res.status).toBe(200);
    const image = await t.app.inject({ url: res.body.value.url });
    expect(image.rawPayload.toString('latin1')).not.toContain('<script');
    expect(image.rawPayload.toString('latin1')).not.toContain('html');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  it('trusts the bytes, not the name or declared type: a text file named .png is 415', async () => {
    const before = await auditCount();
    const res = await upload(tok.operations, {
      filename: 'notes.png',
      contentType: 'image/png',
      data: Buffer.from('just some text, not an image\n'),
    });
    expectFailure(res, 415, 'unsupported_media_type');
    expect(res.body.message).toBe('Only PNG, JPEG, WebP or GIF images are accepted.');
    expect(await auditCount()).toBe(before);
  });

  it('refuses a file over the limit with 413 payload_too_large', async () => {
    const before = await auditCount();
    const big = Buffer.alloc(IMAGE_UPLOAD.maxBytes + 1, 0);
    PNG.copy(big, 0, 0, 8);
    const res = await upload(tok.operations, { filename: 'big.png', contentType: 'image/png', data: big });
    expectFailure(res, 413, 'payload_too_large');
    expect(await auditCount()).toBe(before);
    // The PNG signature on bytes that do not decode: refused as no image at all.
    const fake = Buffer.alloc(IMAGE_UPLOAD.maxBytes, 0);
    PNG.copy(fake, 0, 0, 8);
    const refused = await upload(tok.operations, {
      filename: 'fake.png',
      contentType: 'image/png',
      data: fake,
    });
    expectFailure(refused, 415, 'unsupported_media_type');
    expect(await auditCount()).toBe(before);
  });

  it('refuses a JSON body with 415 and a multipart body without a file with validation_failed', async () => {
    const json = await t.send('POST', `${API}/images`, { file: PNG.toString('base64') }, tok.operations);
    expectFailure(json, 415, 'unsupported_media_type');
    const { boundary, payload } = multipart([{ name: 'note', data: 'no file here' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/images`,
      headers: {
        authorization: `Bearer ${tok.operations}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expectFailure({ status: res.statusCode, body: res.json() }, 400, 'validation_failed', {
      file: 'Input cannot be empty',
    });
  });

  it('answers a broken multipart body with a 400 envelope, never a 500', async () => {
    const before = await auditCount();
    const broken = [
      // The closing boundary never comes.
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
      // A part header with no end.
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"',
      // No boundary at all.
      'garbage with no boundary at all',
    ];
    for (const payload of broken) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/images`,
        headers: {
          authorization: `Bearer ${tok.operations}`,
          'content-type': 'multipart/form-data; boundary=x',
        },
        payload,
      });
      expectFailure({ status: res.statusCode, body: res.json() }, 400, 'bad_request');
    }
    expect(await auditCount()).toBe(before);
  });

  it('refuses callers outside operations and support (finance gets 403)', async () => {
    const before = await auditCount();
    const file = { filename: 'pixel.png', contentType: 'image/png', data: PNG };
    expectFailure(await upload(undefined, file), 401, 'unauthorized');
    expectFailure(await upload(tok.member, file), 401, 'unauthorized');
    expectFailure(await upload(UNKNOWN_TOKEN, file), 401, 'session_expired');
    expectFailure(await upload(tok.finance, file), 403, 'forbidden');
    expect(await auditCount()).toBe(before);
    const images = await t.db.query<{ n: number }>(
      "select count(*)::int as n from images where content_type = 'image/png'",
    );
    const owner = await upload(tok.owner, file);
    expect(owner.status).toBe(200);
    const after = await t.db.query<{ n: number }>(
      "select count(*)::int as n from images where content_type = 'image/png'",
    );
    expect(after[0]?.n).toBe((images[0]?.n ?? 0) + 1);
  });

  it('puts an uploaded image on a banner that the player call then shows', async () => {
    const uploaded = await upload(tok.operations, {
      filename: 'home.png',
      contentType: 'image/png',
      data: PNG,
    });
    const { imageId } = uploaded.body.value;
    const banner = await t.send(
      'POST',
      `${API}/banners`,
      {
        groupName: 'w_home',
        title: 'Uploaded art',
        imageId,
        linkageType: 'INTERNAL',
        linkUrl: '/promotions',
        sort: 99,
      },
      tok.operations,
    );
    expect(banner.status).toBe(200);
    const home = await t.get('/wps/system/banners?groupName=w_home');
    expect(home.body.value).toHaveLength(4);
    expect(home.body.value.at(-1)).toEqual({
      bannerId: banner.body.value.id,
      groupName: 'w_home',
      title: 'Uploaded art',
      url: `/images/${imageId}`,
      phoneUrl: null,
      linkageType: 'INTERNAL',
      linkUrl: '/promotions',
    });
    const image = await t.app.inject({ url: home.body.value.at(-1).url });
    expect(image.rawPayload.length).toBe(uploaded.body.value.bytes);
    await t.send('DELETE', `${API}/banners/${banner.body.value.id}`, undefined, tok.operations);
    expect((await t.get('/wps/system/banners?groupName=w_home')).body.value).toHaveLength(3);
  });
});

// Last: this block moves the clock, past the idle timeout of the sessions opened above.
describe('player calls: announcement windows', () => {
  it('shows an announcement only inside its startsAt/endsAt window', async () => {
    const ops = await t.operatorToken('operations');
    const now = t.clock.now().getTime();
    const startsAt = new Date(now + 60 * 60_000).toISOString();
    const endsAt = new Date(now + 2 * 60 * 60_000).toISOString();
    const created = await t.send(
      'POST',
      `${API}/announcements`,
      { type: 'PL', title: 'Timed notice', content: '<p>soon</p>', startsAt, endsAt },
      ops,
    );
    expect(created.status).toBe(200);
    const titles = async () =>
      (await t.get('/wps/relay/MCSFE_getListAnnouncements?type=PL')).body.value.player.map(
        (a: { title: string }) => a.title,
      );
    // A visitor: the seeded player notice is for members without a mobile number, so only the timed one shows.
    expect(await titles()).toEqual([]);
    t.clock.advance(60 * 60_000 - 1);
    expect(await titles()).toEqual([]);
    t.clock.advance(1);
    expect(await titles()).toEqual(['Timed notice']);
    const live = await t.get('/wps/relay/MCSFE_getListAnnouncements?type=PL');
    expect(live.body.value.player[0]).toMatchObject({ id: created.body.value.id, startsAt, endsAt });
    t.clock.advance(60 * 60_000 - 1);
    expect(await titles()).toEqual(['Timed notice']);
    t.clock.advance(1);
    expect(await titles()).toEqual([]);
  });

  it('hides a disabled announcement', async () => {
    const ops = await t.operatorToken('support');
    const created = await t.send(
      'POST',
      `${API}/announcements`,
      { type: 'B', title: 'Switched off', content: '', enabled: false },
      ops,
    );
    expect(created.status).toBe(200);
    const b = await t.get('/wps/relay/MCSFE_getListAnnouncements?type=B');
    expect(b.body.value.banners.map((a: { title: string }) => a.title)).toEqual(['Welcome to Tessera']);
  });
});
