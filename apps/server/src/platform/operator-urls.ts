import { lookup } from 'node:dns/promises';
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
 * Checks a URL an operator entered, before the server fetches it: http or https, and a host that is a public
 * address or a name whose every address is public, unless `allowPrivate` (OPERATOR_URLS_ALLOW_PRIVATE: a test or
 * an install whose feeds live on its own network). Refused with validation_failed on `field`
 * (`address_not_public`); a name that does not resolve is refused as an invalid value.
 */
export async function checkOperatorUrl(
  url: string,
  options: { allowPrivate: boolean; field: string; resolve?: Resolver },
): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('validation_failed', { [options.field]: 'invalid_value' });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new AppError('validation_failed', { [options.field]: 'invalid_value' });
  }
  if (options.allowPrivate) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
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
}
