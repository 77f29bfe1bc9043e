import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from './app-error.ts';

/** The addresses a host name resolves to (every one: A and AAAA). */
export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Whether the server may connect to this address for an operator: only public unicast addresses. Loopback,
 * private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with the clouds' metadata service,
 * fe80::/10), unspecified, carrier-grade NAT, multicast, broadcast and reserved ranges are refused, and so are
 * IPv6 forms that carry an IPv4 address (IPv4-mapped addresses are judged by the IPv4 they map).
 */
export function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.process(address.replace(/^\[|\]$/g, '')).range() === 'unicast';
  } catch {
    return false;
  }
}

/**
 * A URL that passed the check, with the addresses its name resolved to when they were checked: the request is
 * made to those addresses and no others (null: a literal address, or an install that allows private addresses).
 */
export interface CheckedUrl {
  url: URL;
  addresses: string[] | null;
}

/**
 * Checks a URL an operator entered, before the server fetches it: http or https, and a host that is a public
 * address or a name whose every address is public, unless `allowPrivate` (OPERATOR_URLS_ALLOW_PRIVATE: a test or
 * an install whose feeds live on its own network). Refused with validation_failed on `field`
 * (`address_not_public`); a name that does not resolve is refused as an invalid value. Fetch the answer with
 * `fetchChecked`, which connects to the checked addresses: a name asked again could answer another (DNS rebinding).
 */
export async function checkOperatorUrl(
  url: string,
  options: { allowPrivate: boolean; field: string; resolve?: Resolver | undefined },
): Promise<CheckedUrl> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('validation_failed', { [options.field]: 'invalid_value' });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new AppError('validation_failed', { [options.field]: 'invalid_value' });
  }
  if (options.allowPrivate) return { url: parsed, addresses: null };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const literal = ipaddr.isValid(host);
  let addresses: string[];
  if (literal) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new AppError('validation_failed', { [options.field]: 'invalid_value' });
  }
  if (!addresses.every(isPublicAddress)) {
    throw new AppError('validation_failed', { [options.field]: 'address_not_public' });
  }
  return { url: parsed, addresses: literal ? null : addresses };
}

/** The lookup of a connection to a checked name: it answers the checked addresses and never asks DNS again. */
function pinnedLookup(addresses: string[]) {
  const entries: LookupAddress[] = addresses.map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
  return (
    _hostname: string,
    options: LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const answers =
      family === 4 || family === 6 ? entries.filter((entry) => entry.family === family) : entries;
    const first = answers[0];
    if (!first) {
      callback(Object.assign(new Error('no checked address of that family'), { code: 'ENOTFOUND' }), '');
    } else if (options.all) callback(null, answers);
    else callback(null, first.address, first.family);
  };
}

/**
 * Requests a checked URL as fetch would with `redirect: 'error'`, connecting only to the addresses that were
 * checked (the Host header and TLS server name stay the URL's name). Rejects on a redirect, an answer longer than
 * `maxBytes`, after `timeoutMs`, or when the connection fails; any status is answered, with the body as text.
 */
export function fetchChecked(
  checked: CheckedUrl,
  init: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    timeoutMs: number;
    maxBytes: number;
  },
): Promise<{ status: number; text: string }> {
  const client = checked.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      checked.url,
      {
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        signal: AbortSignal.timeout(init.timeoutMs),
        // A connection of its own: a pooled one to the same name may have been made to another address.
        agent: false,
        ...(checked.addresses ? { lookup: pinnedLookup(checked.addresses) } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.destroy();
          reject(new Error(`redirected (${status})`));
          return;
        }
        const chunks: Buffer[] = [];
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          length += chunk.length;
          if (length > init.maxBytes) {
            response.destroy();
            reject(new Error(`the answer is longer than ${init.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
        response.on('aborted', () => reject(new Error('the answer was cut off')));
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
