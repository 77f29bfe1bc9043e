import forge from 'node-forge';
import type { TestApp } from './harness.ts';

/**
 * A client of the original platform, written from the description at the top of
 * shared/spec/original-client-calls.md and not from Tessera's code: its headers (Merchant, Device, Language and the
 * bare token in Authorization), a cookie jar, and its encryption. DES comes from node-forge and RSA is BigInt
 * arithmetic here, so that the server's OpenSSL-based code is checked against an independent implementation.
 */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** Single DES, ECB, PKCS7, as the original's CryptoJS call does it; base64 out. */
function desEncrypt(plain: string, key8: string): string {
  const cipher = forge.cipher.createCipher('DES-ECB', forge.util.createBuffer(key8));
  cipher.start();
  cipher.update(forge.util.createBuffer(forge.util.encodeUtf8(plain)));
  cipher.finish();
  return forge.util.encode64(cipher.output.getBytes());
}

function desDecrypt(base64: string, key8: string): string {
  const decipher = forge.cipher.createDecipher('DES-ECB', forge.util.createBuffer(key8));
  decipher.start();
  decipher.update(forge.util.createBuffer(forge.util.decode64(base64)));
  if (!decipher.finish()) throw new Error('bad padding');
  return forge.util.decodeUtf8(decipher.output.getBytes());
}

/** A customer-service path of the status answer: the ciphertext, then its 8-character key (spec §3). */
export function decryptLink(path: string): string {
  return desDecrypt(path.slice(0, -8), path.slice(-8));
}

export function randomString(length: number): string {
  return Array.from({ length }, () => ALPHANUMERIC[Math.floor(Math.random() * ALPHANUMERIC.length)]).join('');
}

/**
 * The Encryption header: the old BigInt library packs the string it is given least significant character first,
 * and the client gives it r reversed; the result goes out as hex, four digits per 16-bit word as that library
 * prints it.
 */
function rsaHeader(random: string, modulusHex: string): string {
  const given = [...random].reverse();
  let m = 0n;
  for (const [index, char] of given.entries()) m += BigInt(char.charCodeAt(0)) << BigInt(8 * index);
  const hex = modPow(m, 0x10001n, BigInt(`0x${modulusHex}`)).toString(16);
  return hex.padStart(Math.ceil(hex.length / 4) * 4, '0');
}

/** An encrypted body in the original's scheme, with its header. */
export function sealLegacy(body: unknown, modulusHex: string, random = randomString(16)) {
  return {
    payload: { value: desEncrypt(JSON.stringify(body), random.slice(0, 8)) },
    headers: { Encryption: rsaHeader(random, modulusHex) },
  };
}

export interface OriginalCall {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** 'json' (default), 'form' (urlencoded) or 'legacy' (the original's encryption). */
  bodyType?: 'json' | 'form' | 'legacy';
  headers?: Record<string, string>;
  token?: string | null;
}

export interface OriginalAnswer {
  status: number;
  contentType: string;
  text: string;
  json: unknown;
}

export class OriginalClient {
  /** The session token, sent bare in Authorization. */
  token: string | null = null;
  private readonly cookies = new Map<string, string>();
  private modulus: string | null = null;

  constructor(
    private readonly t: TestApp,
    private readonly merchant: string,
  ) {}

  /** A cookie the server set. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** GET /wps/session/key/rsa?t=<ms>, once. */
  async rsaModulus(): Promise<string> {
    if (!this.modulus) {
      const answer = await this.call({
        method: 'GET',
        path: '/wps/session/key/rsa',
        query: { t: String(Date.now()) },
      });
      if (answer.status !== 200) throw new Error(`no RSA key: ${answer.text}`);
      this.modulus = answer.text.trim();
    }
    return this.modulus;
  }

  async call(call: OriginalCall): Promise<OriginalAnswer> {
    const headers: Record<string, string> = {
      Merchant: this.merchant,
      Device: 'WEB',
      Language: 'EN',
      ...call.headers,
    };
    const token = call.token === undefined ? this.token : call.token;
    if (token) headers.Authorization = token;
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let payload: string | undefined;
    if (call.body !== undefined) {
      if (call.bodyType === 'form') {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(call.body as Record<string, string>).toString();
      } else if (call.bodyType === 'legacy') {
        const sealed = sealLegacy(call.body, await this.rsaModulus());
        Object.assign(headers, sealed.headers);
        headers['Content-Type'] = 'application/json';
        payload = JSON.stringify(sealed.payload);
      } else {
        headers['Content-Type'] = 'application/json';
        payload = JSON.stringify(call.body);
      }
    }
    const query = call.query ? `?${new URLSearchParams(call.query).toString()}` : '';
    const response = await this.t.app.inject({
      method: call.method as 'GET',
      url: `${call.path}${query}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    let json: unknown = null;
    try {
      json = JSON.parse(response.body);
    } catch {
      json = null;
    }
    return {
      status: response.statusCode,
      contentType: String(response.headers['content-type'] ?? ''),
      text: response.body,
      json,
    };
  }
}
