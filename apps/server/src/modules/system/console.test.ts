import type { OperatorRole } from '@tessera/contract';
import { describe, expect, it } from 'vitest';
import { type CallerTokens, consoleSuite } from '../../../test/console-checks.ts';
import type { TestApp } from '../../../test/harness.ts';
import { decryptLink } from '../../../test/original-client.ts';
import { AGENT_MODULE_FLAGS, MODULE_FLAGS, WALLET_MODULE_FLAGS } from '../../seed/data.ts';

const API = '/backoffice/api';
/** The console areas of the system module are for operations (and the owner) only. */
const FORBIDDEN: OperatorRole[] = ['support', 'finance'];

let t: TestApp;
let tok: CallerTokens;
const { auditCount, expectAudited, expectFailure, expectRefusals } = consoleSuite({}, (app, tokens) => {
  t = app;
  tok = tokens;
});

describe('console: maintenance settings', () => {
  const url = `${API}/settings/maintenance`;
  const seeded = {
    enabled: false,
    title: 'Scheduled maintenance',
    message: 'We are upgrading our systems. Please come back soon.',
    startsAt: null,
    endsAt: null,
  };

  it('reads the seeded settings', async () => {
    const res = await t.get(url, tok.operations);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 'ok', message: '' });
    expect(res.body.value).toEqual(seeded);
  });

  it('switches maintenance on and off, audited, and the status call follows at once', async () => {
    const endsAt = new Date(t.clock.now().getTime() + 2 * 60 * 60_000).toISOString();
    const on = { enabled: true, title: '  Upgrade  ', message: 'Back at 14:00 UTC', startsAt: null, endsAt };
    const put = await t.send('PUT', url, on, tok.operations);
    expect(put.status).toBe(200);
    const stored = { ...on, title: 'Upgrade' };
    expect(put.body.value).toEqual(stored);
    await expectAudited(tok.operations, 'maintenance', {
      action: 'update',
      entityId: 'maintenance',
      before: seeded,
      after: stored,
    });
    expect((await t.get(url, tok.operations)).body.value).toEqual(stored);
    const status = await t.get('/wps/system/status');
    expect(status.body.value).toMatchObject({
      status: 1,
      location: { ip: '127.0.0.1', countryCode: null },
      maintenance: true,
      regionRestriction: false,
      maintenanceInfo: { title: 'Upgrade', message: 'Back at 14:00 UTC', endsAt },
    });
    expect((await t.get('/wps/system/permission')).body.value.maintenance).toBe(true);

    const off = { ...stored, enabled: false };
    const put2 = await t.send('PUT', url, off, tok.owner);
    expect(put2.body.value).toEqual(off);
    await expectAudited(tok.owner, 'maintenance', {
      action: 'update',
      entityId: 'maintenance',
      before: stored,
      after: off,
    });
    expect((await t.get('/wps/system/status')).body.value).toMatchObject({
      status: 0,
      location: { ip: '127.0.0.1', countryCode: null },
      maintenance: false,
      maintenanceInfo: null,
    });
    expect((await t.get('/wps/system/permission')).body.value.maintenance).toBe(false);
  });

  it('refuses client mistakes with their exact field, changing nothing', async () => {
    const current = (await t.get(url, tok.operations)).body.value;
    const before = await auditCount();
    const put = (body: unknown) => t.send('PUT', url, body, tok.operations);
    const valid = { enabled: true, title: 'x', message: 'y', startsAt: null, endsAt: null };
    expectFailure(
      await put({ ...valid, startsAt: '2026-06-02T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' }),
      400,
      'validation_failed',
      { endsAt: 'Value is not valid' },
    );
    expectFailure(
      await put({ ...valid, startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' }),
      400,
      'validation_failed',
      { endsAt: 'Value is not valid' },
    );
    expectFailure(await put({ ...valid, startsAt: 'soon' }), 400, 'validation_failed', {
      startsAt: 'Format is not valid',
    });
    expectFailure(await put({ ...valid, title: 'x'.repeat(121) }), 400, 'validation_failed', {
      title: 'At most 120 characters',
    });
    const { enabled: _, ...withoutEnabled } = valid;
    expectFailure(await put(withoutEnabled), 400, 'validation_failed', { enabled: 'Input cannot be empty' });
    expect(await auditCount()).toBe(before);
    expect((await t.get(url, tok.operations)).body.value).toEqual(current);
    expect((await t.get('/wps/system/status')).body.value.status).toBe(0);
  });

  it('refuses callers outside operations, and lets the owner read', async () => {
    await expectRefusals(
      [
        { method: 'GET', url },
        {
          method: 'PUT',
          url,
          body: { enabled: true, title: 'x', message: 'y', startsAt: null, endsAt: null },
        },
      ],
      FORBIDDEN,
    );
    expect((await t.get('/wps/system/status')).body.value.status).toBe(0);
    expect((await t.get(url, tok.owner)).status).toBe(200);
  });
});

describe('console: site settings', () => {
  const url = `${API}/settings/site`;
  const seeded = {
    siteName: 'Tessera',
    redirectToLoginWithoutToken: false,
    directRegistration: true,
    messageCentre: true,
    messagingAppUrl: 'https://t.me/tessera_support',
    licenceText:
      'Tessera is a demonstration platform. Operating it for real money requires a gambling licence in your jurisdiction.',
    licenceTranslations: {
      VI: 'Tessera là nền tảng trình diễn. Vận hành với tiền thật cần có giấy phép trò chơi có thưởng tại khu vực pháp lý của bạn.',
      CN: 'Tessera 是一个演示平台。以真实货币运营需要取得您所在司法管辖区的博彩牌照。',
    },
    responsibleGamingUrl: '/responsible-gaming',
    liveChatUrl: '',
    vipChatUrl: '',
    supportEmail: 'support@tessera.example',
    gtagId: '',
  };

  it('reads the seeded settings', async () => {
    const res = await t.get(url, tok.operations);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual(seeded);
  });

  it('saves new settings, audited, and the whitelabel and permission calls follow at once', async () => {
    const next = {
      siteName: 'Tessera Play',
      redirectToLoginWithoutToken: true,
      directRegistration: false,
      messageCentre: false,
      messagingAppUrl: '',
      licenceText: 'Licensed for testing only.',
      licenceTranslations: { VI: 'Chỉ cấp phép để thử nghiệm.' },
      responsibleGamingUrl: 'https://responsible.example/help',
      liveChatUrl: 'https://chat.tessera.example',
      vipChatUrl: 'https://vip.tessera.example',
      supportEmail: 'help@tessera.example',
      gtagId: 'G-TEST123',
    };
    const put = await t.send('PUT', url, next, tok.operations);
    expect(put.status).toBe(200);
    expect(put.body.value).toEqual(next);
    await expectAudited(tok.operations, 'site', {
      action: 'update',
      entityId: 'site',
      before: seeded,
      after: next,
    });
    expect((await t.get(url, tok.operations)).body.value).toEqual(next);

    const label = await t.get('/wps/system/whitelabel');
    expect(label.body.value).toMatchObject({
      merchantCode: 'TESSERA',
      brand: 'Tessera',
      siteName: 'Tessera Play',
      redirectToLoginWithoutToken: true,
      directRegistration: false,
      messageCentre: false,
      messagingAppUrl: '',
      licenceText: 'Licensed for testing only.',
      responsibleGamingUrl: 'https://responsible.example/help',
    });
    // The licence in the request's language where there is one, the default text otherwise.
    const licenceIn = async (language: string) =>
      (await t.call({ method: 'GET', url: '/wps/system/whitelabel', headers: { Language: language } })).body
        .value.licenceText;
    expect(await licenceIn('VI')).toBe('Chỉ cấp phép để thử nghiệm.');
    expect(await licenceIn('CN')).toBe('Licensed for testing only.');
    const permission = await t.get('/wps/system/permission');
    expect(permission.body.value.info.support).toEqual({
      liveChatUrl: 'https://chat.tessera.example',
      vipChatUrl: 'https://vip.tessera.example',
      email: 'help@tessera.example',
    });
    expect(
      permission.body.value.info.customerService.map((entry: { csType: string; path: string }) => [
        entry.csType,
        decryptLink(entry.path),
      ]),
    ).toEqual([
      ['3', 'https://chat.tessera.example'],
      ['4', 'https://vip.tessera.example'],
    ]);
    expect(permission.body.value.info.analytics).toEqual({ gtagId: 'G-TEST123' });
    const reg3 = permission.body.value.info.whitelabel.find(
      (flag: { modId: string }) => flag.modId === 'REG3',
    );
    expect(reg3.enabled).toBe('0');

    const back = await t.send('PUT', url, seeded, tok.owner);
    expect(back.body.value).toEqual(seeded);
    await expectAudited(tok.owner, 'site', {
      action: 'update',
      entityId: 'site',
      before: next,
      after: seeded,
    });
    expect((await t.get('/wps/system/whitelabel')).body.value.siteName).toBe('Tessera');
  });

  it('refuses client mistakes with their exact field, changing nothing', async () => {
    const before = await auditCount();
    const put = (body: unknown) => t.send('PUT', url, body, tok.operations);
    expectFailure(await put({ ...seeded, siteName: '   ' }), 400, 'validation_failed', {
      siteName: 'Input cannot be empty',
    });
    expectFailure(
      await put({ ...seeded, licenceTranslations: { VI: 'x'.repeat(501) } }),
      400,
      'validation_failed',
      { 'licenceTranslations.VI': expect.any(String) },
    );
    expectFailure(await put({ ...seeded, siteName: 'x'.repeat(81) }), 400, 'validation_failed', {
      siteName: 'At most 80 characters',
    });
    expectFailure(await put({ ...seeded, supportEmail: 'not-an-email' }), 400, 'validation_failed', {
      supportEmail: 'Format is not valid',
    });
    expectFailure(await put({ ...seeded, liveChatUrl: 'javascript:alert(1)' }), 400, 'validation_failed', {
      liveChatUrl: 'Format is not valid',
    });
    expectFailure(
      await put({ ...seeded, responsibleGamingUrl: '//evil.example' }),
      400,
      'validation_failed',
      {
        responsibleGamingUrl: 'Format is not valid',
      },
    );
    expectFailure(await put({ siteName: 'Only a name' }), 400, 'validation_failed', {
      redirectToLoginWithoutToken: 'Input cannot be empty',
      directRegistration: 'Input cannot be empty',
      messageCentre: 'Input cannot be empty',
      messagingAppUrl: 'Value is not valid',
      licenceText: 'Input cannot be empty',
      responsibleGamingUrl: 'Value is not valid',
      liveChatUrl: 'Value is not valid',
      vipChatUrl: 'Value is not valid',
      supportEmail: 'Value is not valid',
      gtagId: 'Input cannot be empty',
    });
    expect(await auditCount()).toBe(before);
    expect((await t.get(url, tok.operations)).body.value).toEqual(seeded);
  });

  it('refuses callers outside operations, and lets the owner read', async () => {
    await expectRefusals(
      [
        { method: 'GET', url },
        { method: 'PUT', url, body: { ...seeded, siteName: 'Hijacked' } },
      ],
      FORBIDDEN,
    );
    expect((await t.get('/wps/system/whitelabel')).body.value.siteName).toBe('Tessera');
    expect((await t.get(url, tok.owner)).body.value).toEqual(seeded);
  });
});

describe('console: region rules', () => {
  const url = `${API}/region-rules`;

  it('adds a country and IP rules in canonical form, lists and deletes them, auditing each write', async () => {
    expect((await t.get(url, tok.operations)).body.value).toEqual([]);
    const country = await t.send(
      'POST',
      url,
      { kind: 'country', value: ' vn ', note: 'Launch market' },
      tok.operations,
    );
    expect(country.status).toBe(200);
    expect(country.body.value).toEqual({
      id: expect.any(Number),
      kind: 'country',
      value: 'VN',
      note: 'Launch market',
      createdAt: t.clock.now().toISOString(),
    });
    await expectAudited(tok.operations, 'region_rule', {
      action: 'create',
      entityId: country.body.value.id,
      before: null,
      after: country.body.value,
    });
    const cidr = await t.send('POST', url, { kind: 'ip_range', value: '10.0.0.0/8' }, tok.operations);
    expect(cidr.body.value).toMatchObject({ kind: 'ip_range', value: '10.0.0.0/8', note: '' });
    const v6 = await t.send(
      'POST',
      url,
      { kind: 'ip_range', value: '2001:0DB8:0000:0000:0000:0000:0000:0001' },
      tok.owner,
    );
    expect(v6.status).toBe(200);
    expect(v6.body.value).toMatchObject({ kind: 'ip_range', value: '2001:db8::1' });
    await expectAudited(tok.owner, 'region_rule', {
      action: 'create',
      entityId: v6.body.value.id,
      before: null,
      after: v6.body.value,
    });
    // A range is stored as its network address, so that the same range written twice is one rule.
    const v6range = await t.send(
      'POST',
      url,
      { kind: 'ip_range', value: '2001:DB8:ABCD:12::1/48' },
      tok.operations,
    );
    expect(v6range.body.value.value).toBe('2001:db8:abcd::/48');
    expectFailure(
      await t.send('POST', url, { kind: 'ip_range', value: '10.20.30.40/8' }, tok.operations),
      409,
      'conflict',
    );
    const listed = await t.get(url, tok.operations);
    expect(listed.body.value).toEqual([
      country.body.value,
      cidr.body.value,
      v6.body.value,
      v6range.body.value,
    ]);

    for (const rule of [country, cidr, v6, v6range]) {
      const removed = await t.send('DELETE', `${url}/${rule.body.value.id}`, undefined, tok.operations);
      expect(removed.body.value).toEqual({ ok: true });
      await expectAudited(tok.operations, 'region_rule', {
        action: 'delete',
        entityId: rule.body.value.id,
        before: rule.body.value,
        after: null,
      });
    }
    expect((await t.get(url, tok.operations)).body.value).toEqual([]);
  });

  it('blocks the status call as soon as a rule matches the caller, and unblocks when it goes', async () => {
    const rule = await t.send('POST', url, { kind: 'ip_range', value: '127.0.0.0/8' }, tok.operations);
    expect((await t.get('/wps/system/status')).body.value).toMatchObject({
      status: 2,
      location: { ip: '127.0.0.1', countryCode: null },
      maintenance: false,
      regionRestriction: true,
      maintenanceInfo: null,
    });
    expect((await t.get('/wps/system/permission')).body.value.regionRestriction).toBe(true);
    await t.send('DELETE', `${url}/${rule.body.value.id}`, undefined, tok.operations);
    expect((await t.get('/wps/system/status')).body.value.status).toBe(0);
  });

  it('refuses an invalid address or country with validation_failed on value, and a duplicate with 409', async () => {
    const before = await auditCount();
    const post = (body: unknown) => t.send('POST', url, body, tok.operations);
    // Also the legacy IPv4 forms that inet_aton would read differently from what an operator means:
    // 010.0.0.1 is octal (8.0.0.1), 10.1 is 10.0.0.1, 12345 is 0.0.48.57.
    const invalid = ['300.1.1.1', '10.0.0.0/33', 'not-an-ip', '2001:db8::zz', '10.0.0.0/', 'fe80::/129'];
    const legacy = ['010.0.0.1', '0x0a.0.0.1', '10.1', '12345', '010.0.0.0/8', '10.1/16'];
    for (const value of [...invalid, ...legacy]) {
      const res = await post({ kind: 'ip_range', value });
      expect({ value, status: res.status, code: res.body.code, fields: res.body.fields }).toEqual({
        value,
        status: 400,
        code: 'validation_failed',
        fields: { value: 'Format is not valid' },
      });
    }
    expectFailure(await post({ kind: 'country', value: 'VNM' }), 400, 'validation_failed', {
      value: 'Format is not valid',
    });
    expectFailure(await post({ kind: 'ip_range', value: ' 1 ' }), 400, 'validation_failed', {
      value: 'At least 2 characters',
    });
    expectFailure(await post({ kind: 'asn', value: '13335' }), 400, 'validation_failed', {
      kind: 'Value is not valid',
    });
    expect(await auditCount()).toBe(before);

    const first = await post({ kind: 'ip_range', value: '192.0.2.77/24' });
    expect(first.body.value.value).toBe('192.0.2.0/24');
    const country = await post({ kind: 'country', value: 'PH' });
    const v6 = await post({ kind: 'ip_range', value: '2001:db8::5' });
    const written = await auditCount();
    expectFailure(await post({ kind: 'ip_range', value: ' 192.0.2.0/24 ' }), 409, 'conflict');
    expectFailure(await post({ kind: 'country', value: 'ph' }), 409, 'conflict');
    expectFailure(await post({ kind: 'ip_range', value: '2001:DB8:0:0:0:0:0:5' }), 409, 'conflict');
    expect(await auditCount()).toBe(written);
    expect((await t.get(url, tok.operations)).body.value).toEqual([
      first.body.value,
      country.body.value,
      v6.body.value,
    ]);
    for (const rule of [first, country, v6]) {
      await t.send('DELETE', `${url}/${rule.body.value.id}`, undefined, tok.operations);
    }
    expectFailure(
      await t.send('DELETE', `${url}/${first.body.value.id}`, undefined, tok.operations),
      404,
      'not_found',
    );
  });

  it('refuses callers outside operations', async () => {
    const rule = await t.send('POST', url, { kind: 'country', value: 'TH' }, tok.owner);
    expect(rule.status).toBe(200);
    await expectRefusals(
      [
        { method: 'GET', url },
        { method: 'POST', url, body: { kind: 'country', value: 'KH' } },
        { method: 'DELETE', url: `${url}/${rule.body.value.id}` },
      ],
      FORBIDDEN,
    );
    expect((await t.get(url, tok.owner)).body.value).toEqual([rule.body.value]);
    const removed = await t.send('DELETE', `${url}/${rule.body.value.id}`, undefined, tok.owner);
    expect(removed.body.value).toEqual({ ok: true });
  });
});

describe('console: module flags', () => {
  const url = `${API}/module-flags`;
  const flag = async (modId: string) => {
    const tree = (await t.get('/wps/system/module')).body.value as {
      modId: string;
      enabled: string;
      childrenNodes: { modId: string; enabled: string }[];
    }[];
    const all = tree.flatMap((node) => [node, ...node.childrenNodes]);
    return all.find((node) => node.modId === modId)?.enabled;
  };

  it('lists every flag with its parent', async () => {
    const res = await t.get(url, tok.operations);
    expect(res.status).toBe(200);
    expect(res.body.value).toHaveLength(
      MODULE_FLAGS.length + WALLET_MODULE_FLAGS.length + AGENT_MODULE_FLAGS.length,
    );
    expect(res.body.value[0]).toEqual({
      modId: 'USERNAMEREG3',
      name: 'Username registration',
      parentId: null,
      enabled: true,
    });
    expect(res.body.value).toContainEqual({
      modId: 'REGMOBVERF3',
      name: 'SMS verification at registration',
      parentId: 'MOBILENUMREG3',
      enabled: true,
    });
    expect(res.body.value).toContainEqual({
      modId: 'GOOGLELOGIN3',
      name: 'Google login',
      parentId: null,
      enabled: false,
    });
  });

  it('switches a flag, audited, and the module call follows at once', async () => {
    expect(await flag('FREEPLAY3')).toBe('1');
    const off = await t.send('PUT', `${url}/FREEPLAY3`, { enabled: false }, tok.operations);
    expect(off.status).toBe(200);
    const before = { modId: 'FREEPLAY3', name: 'Free demo play', parentId: null, enabled: true };
    const after = { ...before, enabled: false };
    expect(off.body.value).toEqual(after);
    await expectAudited(tok.operations, 'module_flag', {
      action: 'update',
      entityId: 'FREEPLAY3',
      before,
      after,
    });
    expect(await flag('FREEPLAY3')).toBe('0');

    const child = await t.send('PUT', `${url}/REGMOBVERF3`, { enabled: false }, tok.owner);
    expect(child.body.value).toEqual({
      modId: 'REGMOBVERF3',
      name: 'SMS verification at registration',
      parentId: 'MOBILENUMREG3',
      enabled: false,
    });
    expect(await flag('REGMOBVERF3')).toBe('0');
    expect(await flag('MOBILENUMREG3')).toBe('1');

    await t.send('PUT', `${url}/FREEPLAY3`, { enabled: true }, tok.operations);
    await t.send('PUT', `${url}/REGMOBVERF3`, { enabled: true }, tok.operations);
    expect(await flag('FREEPLAY3')).toBe('1');
    expect(await flag('REGMOBVERF3')).toBe('1');
    await expectAudited(tok.operations, 'module_flag', {
      action: 'update',
      entityId: 'REGMOBVERF3',
      before: { ...child.body.value },
      after: { ...child.body.value, enabled: true },
    });
  });

  it('answers 404 for an unknown flag and validation_failed for a missing enabled, changing nothing', async () => {
    const before = await auditCount();
    expectFailure(
      await t.send('PUT', `${url}/NOSUCHFLAG3`, { enabled: false }, tok.operations),
      404,
      'not_found',
    );
    expectFailure(await t.send('PUT', `${url}/FREEPLAY3`, {}, tok.operations), 400, 'validation_failed', {
      enabled: 'Input cannot be empty',
    });
    expectFailure(
      await t.send('PUT', `${url}/${'X'.repeat(41)}`, { enabled: false }, tok.operations),
      400,
      'validation_failed',
      { modId: 'At most 40 characters' },
    );
    expect(await auditCount()).toBe(before);
    expect(await flag('FREEPLAY3')).toBe('1');
  });

  it('refuses callers outside operations', async () => {
    await expectRefusals(
      [
        { method: 'GET', url },
        { method: 'PUT', url: `${url}/FREEPLAY3`, body: { enabled: false } },
      ],
      FORBIDDEN,
    );
    expect(await flag('FREEPLAY3')).toBe('1');
  });
});

describe('console: registration rules', () => {
  const url = `${API}/register-rules`;
  const usernameRule = {
    key: 'username',
    acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    patternId: 1,
    minLength: 6,
    maxLength: 16,
    enabled: true,
    required: true,
  };

  it('lists the rule of every registration field', async () => {
    const res = await t.get(url, tok.operations);
    expect(res.status).toBe(200);
    expect(res.body.value).toHaveLength(15);
    expect(res.body.value[0]).toEqual(usernameRule);
    expect(res.body.value.map((r: { key: string }) => r.key)).toContain('captcha');
  });

  it('saves a rule, audited, and the registration settings call follows at once', async () => {
    const input = {
      acceptedPattern: '^[a-z]+$',
      patternId: 2,
      minLength: 4,
      maxLength: 12,
      enabled: true,
      required: true,
    };
    const put = await t.send('PUT', `${url}/username`, input, tok.operations);
    expect(put.status).toBe(200);
    const after = { key: 'username', ...input };
    expect(put.body.value).toEqual(after);
    await expectAudited(tok.operations, 'register_rule', {
      action: 'update',
      entityId: 'username',
      before: usernameRule,
      after,
    });
    const player = await t.get('/wps/system/setting/register');
    expect(player.body.value.username).toEqual(after);
    const permission = await t.get('/wps/system/permission');
    expect(permission.body.value.info.register.username).toEqual(after);

    const { key: _, ...original } = usernameRule;
    const back = await t.send('PUT', `${url}/username`, original, tok.owner);
    expect(back.body.value).toEqual(usernameRule);
    expect((await t.get('/wps/system/setting/register')).body.value.username).toEqual(usernameRule);
  });

  it('saves the whole table at once, in one audited write', async () => {
    const listed = (await t.get(url, tok.operations)).body.value as (typeof usernameRule)[];
    const changed = listed.map((rule) =>
      rule.key === 'email' || rule.key === 'qqNum' ? { ...rule, enabled: !rule.enabled } : rule,
    );
    const put = await t.send('PUT', url, { rules: changed }, tok.operations);
    expect(put.body.value).toEqual(changed);
    await expectAudited(tok.operations, 'register_rules', {
      action: 'update',
      entityId: 'all',
      before: listed,
      after: changed,
    });
    const player = await t.get('/wps/system/setting/register');
    expect(player.body.value.email.enabled).toBe(!listed.find((rule) => rule.key === 'email')?.enabled);
    const twice = await t.send('PUT', url, { rules: [usernameRule, usernameRule] }, tok.operations);
    expectFailure(twice, 400, 'validation_failed', { rules: 'Value is not valid' });
    const wrong = await t.send(
      'PUT',
      url,
      { rules: [{ ...usernameRule, minLength: 9, maxLength: 2 }] },
      tok.operations,
    );
    expectFailure(wrong, 400, 'validation_failed', { 'rules.0.maxLength': 'Value is not valid' });
    await t.send('PUT', url, { rules: listed }, tok.operations);
    expect((await t.get(url, tok.operations)).body.value).toEqual(listed);
  });

  it('refuses client mistakes with their exact field, changing nothing', async () => {
    const before = await auditCount();
    const { key: _, ...valid } = usernameRule;
    const put = (body: unknown, key = 'username') => t.send('PUT', `${url}/${key}`, body, tok.operations);
    expectFailure(await put({ ...valid, minLength: 10, maxLength: 5 }), 400, 'validation_failed', {
      maxLength: 'Value is not valid',
    });
    expectFailure(await put({ ...valid, acceptedPattern: '([a-z' }), 400, 'validation_failed', {
      acceptedPattern: 'Format is not valid',
    });
    expectFailure(await put({ ...valid, patternId: 13 }), 400, 'validation_failed', {
      patternId: 'Must be at most 12',
    });
    expectFailure(await put({ ...valid, maxLength: 201 }), 400, 'validation_failed', {
      maxLength: 'Must be at most 200',
    });
    expectFailure(await put(valid, 'nickname'), 400, 'validation_failed', { key: 'Value is not valid' });
    expect(await auditCount()).toBe(before);
    expect((await t.get('/wps/system/setting/register')).body.value.username).toEqual(usernameRule);
  });

  it('refuses callers outside operations', async () => {
    const { key: _, ...valid } = usernameRule;
    await expectRefusals(
      [
        { method: 'GET', url },
        { method: 'PUT', url: `${url}/username`, body: { ...valid, minLength: 1 } },
        { method: 'PUT', url, body: { rules: [{ ...usernameRule, minLength: 1 }] } },
      ],
      FORBIDDEN,
    );
    expect((await t.get('/wps/system/setting/register')).body.value.username).toEqual(usernameRule);
  });
});

describe('console: download resources', () => {
  const url = `${API}/resources`;

  it('lists the seeded resources with their sort and QR code', async () => {
    const res = await t.get(url, tok.operations);
    expect(res.status).toBe(200);
    expect(res.body.value.map((r: { resourceType: string }) => r.resourceType)).toEqual(['h5']);
    expect(res.body.value[0]).toEqual({
      id: expect.any(Number),
      resourceType: 'h5',
      title: 'Mobile web',
      url: 'https://m.tessera.example',
      sort: 0,
      qrCodeUrl: `/images/qr/${res.body.value[0].id}.svg`,
    });
  });

  it('creates, updates and deletes a resource, audited, and the routers call follows at once', async () => {
    const input = {
      resourceType: 'desktop',
      title: 'Windows app',
      url: 'https://download.tessera.example/win',
      sort: 5,
    };
    const created = await t.send('POST', url, input, tok.operations);
    expect(created.status).toBe(200);
    const row = created.body.value;
    expect(row).toEqual({ id: expect.any(Number), ...input, qrCodeUrl: `/images/qr/${row.id}.svg` });
    await expectAudited(tok.operations, 'resource', {
      action: 'create',
      entityId: row.id,
      before: null,
      after: row,
    });
    expect((await t.get(url, tok.operations)).body.value.at(-1)).toEqual(row);
    const routers = await t.get('/wps/system/routers');
    expect(routers.body.value.resources.at(-1)).toEqual({
      id: row.id,
      resourceType: 'desktop',
      title: 'Windows app',
      url: 'https://download.tessera.example/win',
      qrCodeUrl: `/images/qr/${row.id}.svg`,
    });
    const qr = await t.app.inject({ url: row.qrCodeUrl });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(qr.body).toContain('<svg');

    const update = {
      resourceType: 'desktop',
      title: 'Desktop app',
      url: 'https://download.tessera.example/desktop',
      sort: 1,
    };
    const updated = await t.send('PUT', `${url}/${row.id}`, update, tok.owner);
    const after = { id: row.id, ...update, qrCodeUrl: row.qrCodeUrl };
    expect(updated.body.value).toEqual(after);
    await expectAudited(tok.owner, 'resource', { action: 'update', entityId: row.id, before: row, after });
    const permission = await t.get('/wps/system/permission');
    expect(permission.body.value.info.resources.map((r: { title: string }) => r.title)).toEqual([
      'Mobile web',
      'Desktop app',
    ]);

    const removed = await t.send('DELETE', `${url}/${row.id}`, undefined, tok.operations);
    expect(removed.body.value).toEqual({ ok: true });
    await expectAudited(tok.operations, 'resource', {
      action: 'delete',
      entityId: row.id,
      before: after,
      after: null,
    });
    expect((await t.get('/wps/system/routers')).body.value.resources).toHaveLength(1);
    expect((await t.app.inject({ url: row.qrCodeUrl })).statusCode).toBe(404);
  });

  it('refuses client mistakes with their exact code and field, writing nothing', async () => {
    const before = await auditCount();
    const valid = { resourceType: 'android', title: 'x', url: 'https://x.example/app.apk' };
    const post = (body: unknown) => t.send('POST', url, body, tok.operations);
    for (const bad of ['not a url', 'ftp://x.example/app', 'javascript:alert(1)', '/relative/path']) {
      const res = await post({ ...valid, url: bad });
      expect({ bad, status: res.status, code: res.body.code, fields: res.body.fields }).toEqual({
        bad,
        status: 400,
        code: 'validation_failed',
        fields: { url: 'Format is not valid' },
      });
    }
    expectFailure(await post({ ...valid, resourceType: 'windows' }), 400, 'validation_failed', {
      resourceType: 'Value is not valid',
    });
    expectFailure(await post({ ...valid, title: '' }), 400, 'validation_failed', {
      title: 'Input cannot be empty',
    });
    expectFailure(await t.send('PUT', `${url}/999999`, valid, tok.operations), 404, 'not_found');
    expectFailure(await t.send('DELETE', `${url}/999999`, undefined, tok.operations), 404, 'not_found');
    expect(await auditCount()).toBe(before);
    expect((await t.get(url, tok.operations)).body.value).toHaveLength(1);
  });

  it('refuses callers outside operations', async () => {
    const existing = (await t.get(url, tok.operations)).body.value[0];
    const body = { resourceType: 'h5', title: 'Refused', url: 'https://x.example' };
    await expectRefusals(
      [
        { method: 'GET', url },
        { method: 'POST', url, body },
        { method: 'PUT', url: `${url}/${existing.id}`, body },
        { method: 'DELETE', url: `${url}/${existing.id}` },
      ],
      FORBIDDEN,
    );
    expect((await t.get(url, tok.owner)).body.value[0]).toEqual(existing);
  });
});

describe('console: domains', () => {
  const url = `${API}/domains`;
  const seeded = [
    'https://www.tessera.example',
    'https://m.tessera.example',
    'https://backup.tessera.example',
  ];

  it('lists the seeded domains', async () => {
    const res = await t.get(url, tok.operations);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual(
      seeded.map((domain, sort) => ({ id: expect.any(Number), url: domain, sort })),
    );
  });

  it('creates, updates and deletes a domain, audited, and the domain calls follow at once', async () => {
    const created = await t.send(
      'POST',
      url,
      { url: 'https://new.tessera.example', sort: 7 },
      tok.operations,
    );
    expect(created.status).toBe(200);
    const row = created.body.value;
    expect(row).toEqual({ id: expect.any(Number), url: 'https://new.tessera.example', sort: 7 });
    await expectAudited(tok.operations, 'domain', {
      action: 'create',
      entityId: row.id,
      before: null,
      after: row,
    });
    expect((await t.get('/wps/system/domainRoute')).body.value).toEqual({
      domainList: [...seeded, 'https://new.tessera.example'],
    });
    expect((await t.get('/wps/system/routers')).body.value.domainList).toEqual([
      ...seeded,
      'https://new.tessera.example',
    ]);

    const updated = await t.send(
      'PUT',
      `${url}/${row.id}`,
      { url: 'https://first.tessera.example' },
      tok.owner,
    );
    const after = { id: row.id, url: 'https://first.tessera.example', sort: 0 };
    expect(updated.body.value).toEqual(after);
    await expectAudited(tok.owner, 'domain', { action: 'update', entityId: row.id, before: row, after });
    expect((await t.get('/wps/system/domainRoute')).body.value.domainList).toEqual([
      'https://www.tessera.example',
      'https://first.tessera.example',
      'https://m.tessera.example',
      'https://backup.tessera.example',
    ]);
    // Saving a domain under its own URL is not a conflict.
    expect((await t.send('PUT', `${url}/${row.id}`, after, tok.operations)).status).toBe(200);

    const removed = await t.send('DELETE', `${url}/${row.id}`, undefined, tok.operations);
    expect(removed.body.value).toEqual({ ok: true });
    await expectAudited(tok.operations, 'domain', {
      action: 'delete',
      entityId: row.id,
      before: after,
      after: null,
    });
    expect((await t.get('/wps/system/domainRoute')).body.value.domainList).toEqual(seeded);
  });

  it('refuses an invalid URL, a duplicate (409) and an unknown id, writing nothing', async () => {
    const before = await auditCount();
    const post = (body: unknown) => t.send('POST', url, body, tok.operations);
    for (const bad of ['www.tessera.example', 'ftp://tessera.example', '']) {
      const res = await post({ url: bad });
      expect({ bad, status: res.status, code: res.body.code, fields: res.body.fields }).toEqual({
        bad,
        status: 400,
        code: 'validation_failed',
        fields: { url: 'Format is not valid' },
      });
    }
    expectFailure(await post({}), 400, 'validation_failed', { url: 'Input cannot be empty' });
    expectFailure(await post({ url: 'https://www.tessera.example' }), 409, 'conflict');
    expectFailure(await post({ url: '  https://m.tessera.example  ' }), 409, 'conflict');
    const domains = (await t.get(url, tok.operations)).body.value;
    expectFailure(
      await t.send('PUT', `${url}/${domains[2].id}`, { url: 'https://www.tessera.example' }, tok.operations),
      409,
      'conflict',
    );
    expectFailure(
      await t.send('PUT', `${url}/999999`, { url: 'https://nowhere.example' }, tok.operations),
      404,
      'not_found',
    );
    expectFailure(await t.send('DELETE', `${url}/999999`, undefined, tok.operations), 404, 'not_found');
    expect(await auditCount()).toBe(before);
    expect((await t.get('/wps/system/domainRoute')).body.value.domainList).toEqual(seeded);
  });

  it('refuses callers outside operations', async () => {
    const existing = (await t.get(url, tok.operations)).body.value[0];
    const body = { url: 'https://refused.example' };
    await expectRefusals(
      [
        { method: 'GET', url },
        { method: 'POST', url, body },
        { method: 'PUT', url: `${url}/${existing.id}`, body },
        { method: 'DELETE', url: `${url}/${existing.id}` },
      ],
      FORBIDDEN,
    );
    expect((await t.get('/wps/system/domainRoute')).body.value.domainList).toEqual(seeded);
    const owner = await t.send('POST', url, body, tok.owner);
    expect(owner.status).toBe(200);
    await t.send('DELETE', `${url}/${owner.body.value.id}`, undefined, tok.owner);
  });
});
