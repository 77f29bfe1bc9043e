import * as contract from '@tessera/contract';
import { type Endpoint, encryptBody } from '@tessera/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * Bad input never gets a 5xx: every endpoint of the contract receives NUL bytes and lone surrogates in each of its
 * text fields (body, query and path), over-long and out-of-range path parameters, malformed JSON, malformed
 * multipart bodies and wrong content types, as a visitor, a member and the owner. Every answer must be a 2xx or
 * 4xx, in the envelope `{ success, code, message, value }`.
 */

/** Every endpoint the contract exports, found by walking its exported objects. */
function contractEndpoints(): Endpoint[] {
  const found = new Map<string, Endpoint>();
  const walk = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 4) return;
    const candidate = value as Partial<Endpoint>;
    if (typeof candidate.method === 'string' && typeof candidate.path === 'string' && candidate.response) {
      found.set(`${candidate.method} ${candidate.path}`, candidate as Endpoint);
      return;
    }
    if (value instanceof z.ZodType) return;
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  walk(contract, 0);
  return [...found.values()];
}

const BAD_TEXT = ['nul\u0000byte', 'lone\ud800surrogate', '\udfffx', '\u0000', 'x'.repeat(100_000)];
const BAD_PARAMS = [
  'x'.repeat(5000),
  '%00',
  '%ED%A0%80',
  '%E0%A4%A',
  '99999999999999999999999',
  '-1',
  '1e309',
  '%F0%9F%98',
];

/** The field names of a schema's object shape (through optional, default, refine and union wrappers). */
function fieldNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const names = new Set<string>();
  const visit = (node: unknown, depth: number) => {
    if (!node || depth > 6) return;
    const def = (node as { def?: Record<string, unknown> }).def;
    if (!def) return;
    if (def.type === 'object') {
      for (const key of Object.keys((def.shape as Record<string, unknown>) ?? {})) names.add(key);
      return;
    }
    for (const inner of ['innerType', 'in', 'out', 'schema']) visit(def[inner], depth + 1);
    for (const option of (def.options as unknown[] | undefined) ?? []) visit(option, depth + 1);
    visit(def.left, depth + 1);
    visit(def.right, depth + 1);
  };
  visit(schema, 0);
  return [...names];
}

/** Percent-encodes a text; a lone surrogate becomes the bytes a careless client would send (ED A0 80). */
const encode = (value: string) =>
  value
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

function pathWith(endpoint: Endpoint, value: string) {
  return endpoint.path.replace(/:(\w+)/g, () => value);
}
const samplePath = (endpoint: Endpoint) => pathWith(endpoint, '1');

let t: TestApp;
let tokens: { member: string; owner: string };
const endpoints = contractEndpoints();
const results: { request: string; status: number; body: unknown; bare: boolean }[] = [];
/** The endpoint being fuzzed: those the original reads without the envelope answer their success bare. */
let current: Endpoint | null = null;

beforeAll(async () => {
  t = await startTestApp();
  tokens = { member: await t.memberToken(), owner: await t.operatorToken('owner') };
});
afterAll(async () => {
  await t.close();
});

async function send(label: string, options: InjectOptions) {
  const response = await t.app.inject(options);
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = response.body.slice(0, 200);
  }
  const bare = current?.answer === 'bare' || current?.answer === 'text';
  results.push({ request: label, status: response.statusCode, body, bare });
}

function tokenFor(endpoint: Endpoint) {
  if (endpoint.access === 'visitor') return undefined;
  return typeof endpoint.access === 'object' ? tokens.owner : tokens.member;
}

async function fuzzEndpoint(endpoint: Endpoint) {
  current = endpoint;
  const token = tokenFor(endpoint);
  const auth = token ? { authorization: `Bearer ${token}` } : {};
  const method = endpoint.method;
  const label = (what: string) => `${method} ${endpoint.path} ${what}`;
  // Path parameters.
  if (endpoint.path.includes(':')) {
    for (const value of BAD_PARAMS) {
      await send(label(`path=${value.slice(0, 20)}`), {
        method,
        url: pathWith(endpoint, value),
        headers: auth,
      });
    }
    await send(label('path=lone surrogate'), {
      method,
      url: pathWith(endpoint, encode('a\ud800b')),
      headers: auth,
    });
  }
  const url = samplePath(endpoint);
  // Query strings.
  for (const name of [...fieldNames(endpoint.query), 'q', 'groupName']) {
    for (const value of BAD_TEXT.slice(0, 4)) {
      await send(label(`query ${name}`), {
        method,
        url: `${url}?${name}=${encode(value)}`,
        headers: auth,
      });
    }
    await send(label(`query ${name} raw %00`), { method, url: `${url}?${name}=%00%ED%A0%80`, headers: auth });
  }
  if (method === 'GET' || method === 'DELETE') return;
  // Bodies: every field with each bad text, then malformed bodies.
  const names = fieldNames(endpoint.body);
  const bodies: unknown[] = [];
  for (const value of BAD_TEXT) {
    bodies.push(Object.fromEntries(names.map((name) => [name, value])));
    for (const name of names) bodies.push({ [name]: value });
  }
  bodies.push({ '\u0000': 'key' }, { a: { b: ['\ud800'] } }, ['\u0000'], 'text\u0000');
  for (const body of bodies) {
    if (endpoint.bodyType === 'encrypted') {
      const key = (await t.app.inject({ method: 'GET', url: '/wps/system/encryptionKey' })).json().value;
      const sealed = await encryptBody(key, endpoint, body);
      await send(label('encrypted body'), {
        method,
        url,
        headers: { ...auth, ...sealed.headers },
        payload: sealed.body,
      });
    } else {
      await send(label('json body'), {
        method,
        url,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    }
  }
  const malformed: [string, string | Buffer][] = [
    ['application/json', '{"a":'],
    ['application/json', '{"a":"\\u0000"}'],
    ['application/json', '{"a":"\\ud800"}'],
    ['application/json', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
    ['application/x-www-form-urlencoded', 'a=%00&b=%ED%A0%80&c=%E0%A4%A'],
    ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
    ['multipart/form-data; boundary=x', 'garbage with no boundary at all'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0000\u0000',
    ],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="\u0000"; filename="\ud800.png"\r\n\r\nabc\r\n--x--\r\n',
    ],
    ['text/plain', 'hello'],
    ['application/xml', '<a/>'],
  ];
  for (const [type, payload] of malformed) {
    await send(label(`malformed ${type}`), {
      method,
      url,
      headers: { ...auth, 'content-type': type },
      payload,
    });
  }
}

describe('fuzz: bad input gets a 4xx envelope, never a 5xx', () => {
  it('covers every endpoint of the contract', () => {
    expect(endpoints.length).toBeGreaterThan(60);
  });

  it('answers every bad request of every endpoint with a 2xx or 4xx envelope', {
    timeout: 600_000,
  }, async () => {
    for (const endpoint of endpoints) await fuzzEndpoint(endpoint);
    const serverErrors = results.filter((result) => result.status >= 500);
    const notEnvelopes = results.filter((result) => {
      // A success of a call the original reads bare (its /lgw answers, the RSA key as text) has no envelope;
      // a refusal always has one.
      if (result.bare && result.status < 300) return false;
      const body = result.body as Record<string, unknown> | null;
      return (
        !body ||
        typeof body !== 'object' ||
        typeof body.success !== 'boolean' ||
        typeof body.code !== 'string' ||
        typeof body.message !== 'string' ||
        !('value' in body)
      );
    });
    process.stdout.write(
      `fuzz: ${results.length} requests to ${endpoints.length} endpoints, ${serverErrors.length} answered 5xx, ${notEnvelopes.length} not in the envelope\n`,
    );
    expect(
      serverErrors.map(
        (result) => `${result.request} → ${result.status} ${JSON.stringify(result.body).slice(0, 120)}`,
      ),
    ).toEqual([]);
    expect(
      notEnvelopes.map(
        (result) => `${result.request} → ${result.status} ${JSON.stringify(result.body).slice(0, 120)}`,
      ),
    ).toEqual([]);
  });
});
