import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

export interface ClientLocation {
  ip: string;
  countryCode: string | null;
}

/**
 * The caller's address (Fastify applies TRUST_PROXY to X-Forwarded-For) and country. The country comes only from
 * the header a trusted proxy or CDN sets (COUNTRY_HEADER), and only when proxies are trusted at all.
 */
export function clientLocation(
  request: FastifyRequest,
  config: Pick<Config, 'countryHeader' | 'trustProxy'>,
): ClientLocation {
  let countryCode: string | null = null;
  if (config.countryHeader && config.trustProxy !== false) {
    const header = request.headers[config.countryHeader];
    const value = Array.isArray(header) ? header[0] : header;
    if (value && /^[A-Za-z]{2}$/.test(value)) countryCode = value.toUpperCase();
  }
  return { ip: request.ip, countryCode };
}
