import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { canonicalIpRange, ipInRange } from './regions.ts';
import { maintenanceActive } from './settings.ts';

describe('system status: maintenance and region rules', () => {
  let t: TestApp;
  let ops: string;
  beforeAll(async () => {
    t = await startTestApp({ config: { trustProxy: ['127.0.0.1'], countryHeader: 'cf-ipcountry' } });
    ops = await t.operatorToken('operations');
  });
  afterAll(async () => {
    await t.close();
  });

  const statusFrom = (ip: string, country?: string) =>
    t.call({
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': ip, ...(country ? { 'cf-ipcountry': country } : {}) },
    });

  it('reads the client IP from X-Forwarded-For behind the trusted proxy', async () => {
    const res = await statusFrom('203.0.113.7', 'vn');
    expect(res.body.value).toMatchObject({ status: 0, location: { ip: '203.0.113.7', countryCode: 'VN' } });
  });

  it('ignores X-Forwarded-For and the country header from an untrusted peer', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: '198.51.100.20',
      headers: { 'x-forwarded-for': '203.0.113.7', 'cf-ipcountry': 'VN' },
    });
    expect(res.body.value.location.ip).toBe('198.51.100.20');
  });

  it('answers 2 for an IP inside a blocked range, with that IP, and 0 outside it', async () => {
    const rule = await t.send(
      'POST',
      '/backoffice/api/region-rules',
      { kind: 'ip_range', value: '203.0.113.0/24' },
      ops,
    );
    expect(rule.status).toBe(200);
    expect((await statusFrom('203.0.113.99')).body.value).toMatchObject({
      status: 2,
      regionRestriction: true,
      location: { ip: '203.0.113.99' },
    });
    expect((await statusFrom('203.0.114.1')).body.value.status).toBe(0);
    const permission = await t.call({
      method: 'GET',
      url: '/wps/system/permission',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(permission.body.value.regionRestriction).toBe(true);
    await t.send('DELETE', `/backoffice/api/region-rules/${rule.body.value.id}`, undefined, ops);
    expect((await statusFrom('203.0.113.99')).body.value.status).toBe(0);
  });

  it('answers 2 for a blocked country', async () => {
    const rule = await t.send('POST', '/backoffice/api/region-rules', { kind: 'country', value: 'ph' }, ops);
    expect(rule.body.value).toMatchObject({ kind: 'country', value: 'PH' });
    expect((await statusFrom('192.0.2.1', 'PH')).body.value).toMatchObject({
      status: 2,
      location: { countryCode: 'PH' },
    });
    expect((await statusFrom('192.0.2.1', 'VN')).body.value.status).toBe(0);
    await t.send('DELETE', `/backoffice/api/region-rules/${rule.body.value.id}`, undefined, ops);
  });

  it('answers 1 during maintenance, which takes precedence over a region block, and honours its window', async () => {
    const now = t.clock.now();
    const startsAt = new Date(now.getTime() + 60 * 60_000).toISOString();
    const endsAt = new Date(now.getTime() + 2 * 60 * 60_000).toISOString();
    const put = await t.send(
      'PUT',
      '/backoffice/api/settings/maintenance',
      { enabled: true, title: 'Upgrade', message: 'Back at 14:00', startsAt, endsAt },
      ops,
    );
    expect(put.status).toBe(200);
    expect((await statusFrom('192.0.2.1')).body.value.status).toBe(0);
    t.clock.advance(90 * 60_000);
    expect((await statusFrom('192.0.2.1')).body.value).toMatchObject({
      status: 1,
      location: { ip: '192.0.2.1', countryCode: null },
      maintenance: true,
      maintenanceInfo: { title: 'Upgrade', message: 'Back at 14:00', endsAt },
    });
    t.clock.advance(60 * 60_000);
    expect((await statusFrom('192.0.2.1')).body.value.status).toBe(0);
  });

  it('refuses a maintenance window that ends before it starts', async () => {
    // The clock moved past the first session's idle timeout.
    ops = await t.operatorToken('operations');
    const res = await t.send(
      'PUT',
      '/backoffice/api/settings/maintenance',
      {
        enabled: true,
        title: 'x',
        message: 'y',
        startsAt: '2026-06-02T00:00:00Z',
        endsAt: '2026-06-01T00:00:00Z',
      },
      ops,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(Object.keys(res.body.fields ?? {})).toEqual(['endsAt']);
  });
});

describe('address matching', () => {
  it('matches IPv4, IPv6, IPv4-mapped IPv6 and CIDR ranges', () => {
    expect(ipInRange('10.1.2.3', '10.0.0.0/8')).toBe(true);
    expect(ipInRange('::ffff:10.1.2.3', '10.0.0.0/8')).toBe(true);
    expect(ipInRange('11.0.0.1', '10.0.0.0/8')).toBe(false);
    expect(ipInRange('2001:db8::1', '2001:db8::/32')).toBe(true);
    expect(ipInRange('2001:db9::1', '2001:db8::/32')).toBe(false);
    expect(ipInRange('10.0.0.1', '2001:db8::/32')).toBe(false);
    expect(ipInRange('192.0.2.5', '192.0.2.5')).toBe(true);
    expect(ipInRange('not-an-ip', '10.0.0.0/8')).toBe(false);
  });

  it('canonicalises ranges and rejects what is not an address', () => {
    expect(canonicalIpRange('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(canonicalIpRange('2001:0db8:0000::1')).toBe('2001:db8::1');
    expect(canonicalIpRange('300.1.1.1')).toBeNull();
    expect(canonicalIpRange('10.0.0.0/40')).toBeNull();
  });

  it('treats a disabled or out-of-window maintenance as inactive', () => {
    const base = { title: '', message: '', startsAt: null, endsAt: null };
    const now = new Date('2026-06-01T12:00:00Z');
    expect(maintenanceActive({ ...base, enabled: false }, now)).toBe(false);
    expect(maintenanceActive({ ...base, enabled: true }, now)).toBe(true);
    expect(maintenanceActive({ ...base, enabled: true, endsAt: '2026-06-01T12:00:00Z' }, now)).toBe(false);
    expect(maintenanceActive({ ...base, enabled: true, startsAt: '2026-06-01T12:00:01Z' }, now)).toBe(false);
  });
});
