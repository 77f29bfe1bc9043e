import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { decryptLink } from '../../../test/original-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('system calls of §7 for visitors', () => {
  it('answers the envelope with status 0 when nothing blocks the visitor', async () => {
    const res = await t.get('/wps/system/status');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 'ok', message: '' });
    expect(res.body.value).toMatchObject({
      location: { ip: '127.0.0.1', countryCode: null },
      maintenance: false,
      regionRestriction: false,
      status: 0,
      maintenanceInfo: null,
    });
  });

  it('serves the whitelabel with the merchant, currency and languages of §1', async () => {
    const res = await t.get('/wps/system/whitelabel');
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      merchantCode: 'TESSERA',
      currency: 'PHP',
      currencySymbol: 'P',
      defaultLanguage: 'EN',
    });
    const codes = res.body.value.languages.map((l: { code: string }) => l.code);
    expect(codes).toEqual([
      'EN',
      'VI',
      'CN',
      'JA',
      'TH',
      'MY',
      'ES',
      'HI',
      'ID',
      'KM',
      'KO',
      'MS',
      'PT',
      'TA',
      'TW',
      'TY',
      'UR',
    ]);
    const translated = res.body.value.languages.filter((l: { translated: boolean }) => l.translated);
    expect(translated.map((l: { code: string }) => l.code)).toEqual(['EN', 'VI', 'CN']);
  });

  it('answers the permission object the original reads, from the status call and the permission call', async () => {
    await t.db.query(
      `update site_settings set value = value || '{"liveChatUrl": "https://chat.tessera.example/room?a=1"}'
       where key = 'site'`,
    );
    try {
      for (const url of ['/wps/system/status?url=www.tessera.example', '/wps/system/permission']) {
        const res = await t.get(url);
        expect(res.status).toBe(200);
        const { info, location, maintenance, regionRestriction } = res.body.value;
        expect(Object.keys(info).sort()).toEqual(
          [
            'analytics',
            'customerService',
            'domainRoute',
            'imageCDNs',
            'launchGameCDNs',
            'mainDomain',
            'register',
            'resources',
            'support',
            'whitelabel',
          ].sort(),
        );
        // The link is DES-encrypted with its key in the last 8 characters, which the original decrypts (§3).
        expect(info.customerService).toEqual([{ csType: '3', path: expect.any(String) }]);
        expect(decryptLink(info.customerService[0].path)).toBe('https://chat.tessera.example/room?a=1');
        expect(info.support.liveChatUrl).toBe('https://chat.tessera.example/room?a=1');
        expect(info.domainRoute.domainList).toContain('https://www.tessera.example');
        expect(info.register.username).toMatchObject({ patternId: 1, minLength: 6, enabled: true });
        expect(info.mainDomain).toBe('127.0.0.1:8080');
        expect(info.analytics).toEqual({ gtagId: '' });
        expect(info.resources[0]).toMatchObject({
          resourceType: 'h5',
          qrCodeUrl: expect.stringMatching(/^\/images\/qr\/\d+\.svg$/),
        });
        expect(location).toEqual({ ip: '127.0.0.1', countryCode: null });
        expect(maintenance).toBe(false);
        expect(regionRestriction).toBe(false);
      }
      // Each answer draws a new key for the link.
      const [a, b] = await Promise.all([t.get('/wps/system/status'), t.get('/wps/system/status')]);
      expect(a.body.value.info.customerService[0].path).not.toBe(b.body.value.info.customerService[0].path);
    } finally {
      await t.db.query(`update site_settings set value = value || '{"liveChatUrl": ""}' where key = 'site'`);
    }
  });

  it("opens the built-in customer service when no live-chat link is configured: type 3 decrypts to the site's /support page", async () => {
    const status = await t.get('/wps/system/status');
    expect(status.body.value.info.support.liveChatUrl).toBe('');
    expect(
      status.body.value.info.customerService.map((entry: { csType: string; path: string }) => [
        entry.csType,
        decryptLink(entry.path),
      ]),
    ).toEqual([['3', `${t.config.siteUrl}/support`]]);
  });

  it("lists the original's modIds in the whitelabel tree, derived from Tessera's configuration", async () => {
    const flags = async () =>
      Object.fromEntries(
        (await t.get('/wps/system/status')).body.value.info.whitelabel.map(
          (node: { modId: string; enabled: string }) => [node.modId, node.enabled],
        ),
      );
    expect(await flags()).toMatchObject({
      USERNAMEREG3: '1',
      COMM3: '1',
      REG3: '1',
      CAPTCHA3: '1',
      VERIFICATION3: '1',
      PWRESETSMS3: '1',
      PASS3: '1',
      PROFPIC3: '1',
      AFFMAN3: '1',
      LOGINIPVERF3: '0',
      GEETEST3: '0',
    });
    await t.db.query("update module_flags set enabled = false where mod_id = 'CHNGPASSVERIF3'");
    try {
      expect((await flags()).PWRESETSMS3).toBe('0');
    } finally {
      await t.db.query("update module_flags set enabled = true where mod_id = 'CHNGPASSVERIF3'");
    }
    // Tessera's own module call stays as it was: only the stored flags.
    const own = JSON.stringify((await t.get('/wps/system/module')).body.value);
    expect(own).not.toContain('COMM3');
  });

  it('refuses a permission url that is too long with validation_failed on that field', async () => {
    const res = await t.get(`/wps/system/permission?url=${'a'.repeat(501)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'validation_failed', value: null });
    expect(res.body.fields).toEqual({ url: 'At most 500 characters' });
  });

  it('lists module flags as a tree with modId, enabled 1/0 and childrenNodes', async () => {
    const res = await t.get('/wps/system/module');
    const mobile = res.body.value.find((node: { modId: string }) => node.modId === 'MOBILENUMREG3');
    expect(mobile.enabled).toBe('1');
    expect(mobile.childrenNodes.map((node: { modId: string }) => node.modId)).toEqual([
      'REGMOBVERF3',
      'MOBILENUMPASSREG3',
    ]);
    const ids = JSON.stringify(res.body.value);
    for (const modId of [
      'USERNAMEREG3',
      'FREEPLAY3',
      'PWDEXPFORCECHANGE3',
      'MOBILEVERCODELOGIN3',
      'CBS3',
      'CHNGPASSVERIF3',
    ]) {
      expect(ids).toContain(modId);
    }
  });

  it('serves the registration rules of every field of §5, keyed by field name', async () => {
    const res = await t.get('/wps/system/setting/register');
    expect(Object.keys(res.body.value)).toEqual([
      'username',
      'password',
      'mobileNum',
      'payeeName',
      'paymentPassword',
      'qqNum',
      'line',
      'whatsapp',
      'facebook',
      'wechat',
      'idNumber',
      'email',
      'recommenderId',
      'affiliateCode',
      'captcha',
    ]);
    expect(res.body.value.username).toEqual({
      key: 'username',
      acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
      patternId: 1,
      minLength: 6,
      maxLength: 16,
      enabled: true,
      required: true,
    });
  });

  it('serves the domain list, routers and merchant wallet', async () => {
    const route = await t.get('/wps/system/domainRoute');
    expect(route.body.value.domainList).toContain('https://www.tessera.example');
    const routers = await t.get('/wps/system/routers');
    expect(routers.body.value.domainList).toEqual(route.body.value.domainList);
    expect(routers.body.value.resources.length).toBe(1);
    const wallet = await t.get('/wps/relay/GCS_merchantWallet');
    expect(wallet.body.value).toEqual({ merchantCode: 'TESSERA', isSingle: false });
  });

  it('lists countries with dialing codes and flag images that are served', async () => {
    const res = await t.get('/wps/system/countries');
    const vn = res.body.value.find((c: { countryCode: string }) => c.countryCode === 'VN');
    expect(vn).toEqual({
      countryCode: 'VN',
      countryDialingCode: '84',
      name: 'Vietnam',
      flagUrl: '/images/COUNTRY_FLAG/VN.svg',
    });
    const flag = await t.app.inject({ url: vn.flagUrl });
    expect(flag.statusCode).toBe(200);
    expect(flag.headers['content-type']).toContain('image/svg+xml');
    expect(flag.headers['cache-control']).toContain('max-age=86400');
    const missing = await t.app.inject({ url: '/images/COUNTRY_FLAG/XX1.svg' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers the current country as unknown without a trusted country header', async () => {
    const res = await t.get('/wps/system/country', undefined, { 'cf-ipcountry': 'VN' });
    expect(res.body.value).toEqual({ countryCode: null, countryDialingCode: null });
  });

  it('answers the location: address, country, dialing code and region restriction', async () => {
    const res = await t.get('/wps/system/location');
    expect(res.body.value).toEqual({
      ip: '127.0.0.1',
      countryCode: null,
      countryDialingCode: null,
      regionRestriction: false,
    });
  });

  it('answers the consolidated settings: contract requests, flags, registration and money', async () => {
    const res = await t.get('/wps/system/settings/consolidated');
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      dailysalreqtype: 0,
      divtypereq: 0,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
      currency: 'PHP',
      currencySymbol: 'P',
      defaultLanguage: 'EN',
    });
    expect(res.body.value.languages.slice(0, 3)).toEqual(['EN', 'VI', 'CN']);
    expect(res.body.value.register.password.minLength).toBe(8);
    expect(res.body.value.whitelabel.map((node: { modId: string }) => node.modId)).toContain('REG3');
    await t.db.query(
      `update site_settings set value = value || '{"divtypereq": 1}' where key = 'contract_requests'`,
    );
    try {
      expect((await t.get('/wps/system/settings/consolidated')).body.value.divtypereq).toBe(1);
    } finally {
      await t.db.query(
        `update site_settings set value = value || '{"divtypereq": 0}' where key = 'contract_requests'`,
      );
    }
  });

  it('serves the message templates in the Language header, English where a language has none', async () => {
    const en = await t.get('/wps/system/templates');
    expect(en.body.value.map((row: { templateCode: string }) => row.templateCode)).toEqual([
      'AGENT_CONTRACT_ANSWERED',
      'AGENT_CONTRACT_CANCELLED',
      'AGENT_CONTRACT_OFFERED',
      'AGENT_CONTRACT_TERMINATION_REQUESTED',
      'DEPOSIT_FAILED',
      'DEPOSIT_SUCCESS',
      'FEEDBACK_REPLY',
      'KYC_REJECTED',
      'KYC_VERIFIED',
      'PROFILE_CHANGED',
      'WITHDRAWAL_APPROVED',
      'WITHDRAWAL_REJECTED',
    ]);
    expect(en.body.value[5]).toEqual({
      templateCode: 'DEPOSIT_SUCCESS',
      language: 'EN',
      title: 'Deposit received',
      content: 'Your deposit of {amount} {currency} (order {orderNo}) has arrived.',
      placeholders: ['amount', 'currency', 'orderNo'],
    });
    const vi = await t.get('/wps/system/templates?templateCode=WITHDRAWAL_APPROVED', undefined, {
      Language: 'VI',
    });
    expect(vi.body.value).toEqual([
      expect.objectContaining({ language: 'VI', title: 'Rút tiền được duyệt' }),
    ]);
    const ja = await t.get('/wps/system/templates?templateCode=DEPOSIT_FAILED', undefined, {
      Language: 'JA',
    });
    expect(ja.body.value[0]).toMatchObject({ language: 'EN', title: 'Deposit failed' });
    expect((await t.get('/wps/system/templates?templateCode=NOPE')).body.value).toEqual([]);
  });

  it('refuses a template code that is too long with validation_failed on that field', async () => {
    const res = await t.get(`/wps/system/templates?templateCode=${'A'.repeat(61)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation_failed',
      fields: { templateCode: 'At most 60 characters' },
    });
  });

  it('serves the help centre in the requested language, falling back to English', async () => {
    const vi = await t.get('/wps/system/helpCenter', undefined, { Language: 'VI' });
    expect(vi.body.value[0].title).toBe('Bắt đầu');
    const ja = await t.get('/wps/system/helpCenter', undefined, { Language: 'JA' });
    expect(ja.body.value[0].title).toBe('Getting started');
    expect(ja.body.value[0].articles[0].content).toContain('<strong>');
  });

  it('serves a QR code per download resource and the brand logo', async () => {
    const routers = await t.get('/wps/system/routers');
    const qr = await t.app.inject({ url: routers.body.value.resources[0].qrCodeUrl });
    expect(qr.statusCode).toBe(200);
    expect(qr.body).toContain('<svg');
    expect((await t.app.inject({ url: '/images/qr/99999.svg' })).statusCode).toBe(404);
    const logo = await t.app.inject({ url: '/images/brand/logo.svg' });
    expect(logo.body).toContain('Tessera');
  });

  it('answers an unknown API path with a not_found envelope, translated', async () => {
    const res = await t.get('/wps/system/nothing-here', undefined, { Language: 'CN' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'not_found', message: '未找到。' });
  });

  it('says in /readyz whether the process takes traffic: database, migrations, not shutting down', async () => {
    expect((await t.get('/readyz')).body.value).toEqual({ database: 'up', migrations: 'done' });
    const [last] = await t.db.query<{ version: number; name: string }>(
      'select version, name from schema_migrations order by version desc limit 1',
    );
    await t.db.query('delete from schema_migrations where version = $1', [last?.version]);
    const behind = await t.get('/readyz');
    expect(behind.status).toBe(503);
    expect(behind.body).toMatchObject({ success: false, code: 'service_unavailable' });
    await t.db.query('insert into schema_migrations (version, name) values ($1, $2)', [
      last?.version,
      last?.name,
    ]);
    expect((await t.get('/readyz')).status).toBe(200);
    t.deps.local.lifecycle.shuttingDown = true;
    try {
      expect((await t.get('/readyz')).status).toBe(503);
      // Alive all the same: /healthz checks nothing but the process.
      expect((await t.get('/healthz')).body.value).toEqual({ alive: true });
    } finally {
      t.deps.local.lifecycle.shuttingDown = false;
    }
  });

  it('answers /healthz while alive and exposes Prometheus metrics by route', async () => {
    const health = await t.get('/healthz');
    expect(health.body.value).toEqual({ alive: true });
    await t.get('/wps/system/status');
    // Without METRICS_TOKEN (and without METRICS_PORT) the public /metrics answers nothing.
    const open = await t.app.inject({ url: '/metrics' });
    expect(open.statusCode).toBe(401);
    expect(open.json()).toMatchObject({ success: false, code: 'unauthorized' });
    const guarded = await startTestApp({ config: { metricsToken: 'metrics-token-0123456789' } });
    await guarded.get('/wps/system/status');
    const metrics = await guarded.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    await guarded.close();
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toMatch(
      /http_requests_total\{method="GET",route="\/wps\/system\/status",status="200"\} \d+/,
    );
    expect(metrics.body).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/wps/system/status"}',
    );
  });
});

describe('wire protocol headers and metrics access', () => {
  it('refuses a Merchant header of another merchant, and accepts its own', async () => {
    const other = await t.get('/wps/system/status', undefined, { Merchant: 'OTHER' });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('unknown_merchant');
    const own = await t.get('/wps/system/status', undefined, { Merchant: 'TESSERA', Device: 'WEB' });
    expect(own.status).toBe(200);
  });

  it('asks for the metrics token when one is configured', async () => {
    const guarded = await startTestApp({ config: { metricsToken: 'metrics-token-0123456789' } });
    try {
      expect((await guarded.app.inject({ url: '/metrics' })).statusCode).toBe(401);
      const ok = await guarded.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_requests_total');
    } finally {
      await guarded.close();
    }
  });
});
