import {
  bannerInput,
  breaksRegisterRule,
  isSiteLink,
  patternTest,
  registerRuleInput,
} from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

const API = '/backoffice/api';

describe('operator links (siteLink)', () => {
  it('accepts paths inside the site and http(s) URLs', () => {
    for (const link of [
      '/promotions',
      '/help?category=2#top',
      'https://partner.example/offer',
      'http://a.b/c',
    ]) {
      expect(isSiteLink(link), link).toBe(true);
    }
  });

  it('refuses what a browser reads as another site: //host, /\\host, control characters, other schemes', () => {
    for (const link of [
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/\u0000evil',
      '/ /evil.example',
      'javascript:alert(1)',
      'https://evil.example\\@good.example',
      'data:text/html,hi',
    ]) {
      expect(isSiteLink(link), JSON.stringify(link)).toBe(false);
    }
  });

  it('a banner with such an internal link is refused with a field message', () => {
    const parsed = bannerInput.safeParse({
      groupName: 'w_home',
      imageId: '00000000-0000-4000-8000-000000000000',
      linkageType: 'INTERNAL',
      linkUrl: '/\\evil.example',
    });
    expect(parsed.success).toBe(false);
  });
});

describe('operator patterns run in linear time (RE2)', () => {
  const rule = { acceptedPattern: '^([a-zA-Z]+)+$', patternId: 0, minLength: 0, maxLength: 5000 };

  it('a catastrophic pattern answers at once on a long non-matching input (a backtracking engine never returns)', () => {
    // With RegExp this input takes 2^60 steps: the test would hang until its timeout.
    const value = `${'a'.repeat(60)}!`;
    expect(patternTest(rule.acceptedPattern, value)).toBe(false);
    expect(breaksRegisterRule(rule, value)).toBe(true);
    expect(breaksRegisterRule(rule, 'abcdef')).toBe(false);
  });

  it('reads JavaScript \\u escapes, and refuses backreferences and lookarounds when saved', () => {
    expect(patternTest('^[\\u4e00-\\u9fa5]+$', '中文')).toBe(true);
    expect(patternTest('^[\\u4e00-\\u9fa5]+$', 'abc')).toBe(false);
    expect(patternTest('^\\p{Script=Han}+$', '中文')).toBe(true);
    expect(patternTest('^\\p{sc=Han}+$', 'abc')).toBe(false);
    expect(patternTest('^\\p{gc=Lu}+$', 'ABC')).toBe(true);
    const base = { patternId: 0, minLength: 1, maxLength: 20, enabled: true, required: false };
    expect(registerRuleInput.safeParse({ ...base, acceptedPattern: '^([a-zA-Z]+)+$' }).success).toBe(true);
    expect(registerRuleInput.safeParse({ ...base, acceptedPattern: '^(a)\\1$' }).success).toBe(false);
    expect(registerRuleInput.safeParse({ ...base, acceptedPattern: '^(?=a).*$' }).success).toBe(false);
  });
});

describe('operator patterns through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a saved nested-quantifier pattern checks a long registration value without freezing', async () => {
    const operations = await t.operatorToken('operations');
    const put = await t.send(
      'PUT',
      `${API}/register-rules/username`,
      {
        acceptedPattern: '^([a-zA-Z]+)+$',
        patternId: 0,
        minLength: 6,
        maxLength: 200,
        enabled: true,
        required: true,
      },
      operations,
    );
    expect(put.status).toBe(200);
    const lookahead = await t.send(
      'PUT',
      `${API}/register-rules/username`,
      { acceptedPattern: '(?=x)', patternId: 0, minLength: 6, maxLength: 200, enabled: true, required: true },
      operations,
    );
    expect(lookahead.status).toBe(400);
    expect(lookahead.body.fields?.acceptedPattern).toBe('Format is not valid');
    const rules = await t.get('/wps/system/setting/register');
    expect(JSON.stringify(rules.body)).toContain('^([a-zA-Z]+)+$');
  });
});
