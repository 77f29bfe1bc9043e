import type { Country, regionRuleInput } from '@tessera/contract';
import ipaddr from 'ipaddr.js';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import type { ClientLocation } from '../../platform/client-location.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import * as store from './store.ts';

/** Where callers are: countries, region rules (countries and IP ranges) and whether a rule blocks a caller. */

export const flagUrl = (countryCode: string) => `/images/COUNTRY_FLAG/${countryCode.toUpperCase()}.svg`;

/** Normalises an address (IPv4-mapped IPv6 becomes IPv4); null when it is not an address. */
function parseAddress(value: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(value);
  } catch {
    return null;
  }
}

/** A region rule's IP value: one address or a CIDR range. Returns the canonical text, or null if invalid. */
export function canonicalIpRange(value: string): string | null {
  if (!value.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(value.split('/')[0] ?? '')) return null;
  if (value.includes('/')) {
    try {
      const [address, bits] = ipaddr.parseCIDR(value);
      return `${(address.kind() === 'ipv4' ? ipaddr.IPv4 : ipaddr.IPv6).networkAddressFromCIDR(value).toString()}/${bits}`;
    } catch {
      return null;
    }
  }
  return parseAddress(value)?.toString() ?? null;
}

export function ipInRange(ip: string, range: string): boolean {
  const address = parseAddress(ip);
  if (!address) return false;
  if (!range.includes('/')) return parseAddress(range)?.toString() === address.toString();
  try {
    const [base, bits] = ipaddr.parseCIDR(range);
    return address.kind() === base.kind() && address.match([base, bits] as never);
  } catch {
    return false;
  }
}

async function regionBlocked(db: Queryable, location: ClientLocation): Promise<boolean> {
  return blockedBy(await store.listRegionRules(db), location);
}

/** Whether one of the region rules blocks the location. */
export function blockedBy(
  rules: Awaited<ReturnType<typeof store.listRegionRules>>,
  location: ClientLocation,
): boolean {
  return rules.some((rule) =>
    rule.kind === 'country'
      ? location.countryCode !== null && rule.value === location.countryCode
      : ipInRange(location.ip, rule.value),
  );
}

export async function countries(db: Queryable): Promise<Country[]> {
  const rows = await store.listCountries(db);
  return rows.map((row) => ({
    countryCode: row.code,
    countryDialingCode: row.dialing_code,
    name: row.name,
    flagUrl: flagUrl(row.code),
  }));
}

export async function currentCountry(db: Queryable, location: ClientLocation) {
  if (!location.countryCode) return { countryCode: null, countryDialingCode: null };
  const found = await store.findCountry(db, location.countryCode);
  return { countryCode: location.countryCode, countryDialingCode: found?.dialing_code ?? null };
}

/** Where the caller is: address, country and dialing code, and whether a region rule blocks it. */
export async function callerLocation(db: Queryable, location: ClientLocation) {
  const [country, blocked] = await Promise.all([currentCountry(db, location), regionBlocked(db, location)]);
  return { ...location, countryDialingCode: country.countryDialingCode, regionRestriction: blocked };
}

const regionRuleView = (row: store.RegionRuleRow) => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  note: row.note,
  createdAt: row.created_at.toISOString(),
});

export async function regionRules(db: Queryable) {
  return (await store.listRegionRules(db)).map(regionRuleView);
}

/** Adds a region rule; an IP rule is stored in its canonical form, and a rule that exists is a conflict. */
export async function createRegionRule(
  deps: AppDeps,
  call: OperatorCall,
  input: z.output<typeof regionRuleInput>,
) {
  const value = input.kind === 'ip_range' ? canonicalIpRange(input.value) : input.value;
  if (!value) throw new AppError('validation_failed', { value: 'invalid_format' });
  return operatorWrite(deps, call, { entity: 'region_rule', action: 'create' }, async (tx) => {
    const row = await store.insertRegionRule(tx, { ...input, value }, call.now);
    if (!row) throw new AppError('conflict');
    const after = regionRuleView(row);
    return { entityId: row.id, before: null, after, result: after };
  });
}

export async function removeRegionRule(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'region_rule', action: 'delete' }, async (tx) => {
    const before = regionRuleView(orNotFound(await store.deleteRegionRule(tx, id)));
    return { entityId: id, before, after: null, result: { ok: true as const } };
  });
}
