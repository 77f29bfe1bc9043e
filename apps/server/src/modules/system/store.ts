import type { Queryable } from '../../db/database.ts';
import { idTable } from '../../db/id-table.ts';

export interface MerchantRow {
  code: string;
  name: string;
  brand: string;
  currency: string;
  currency_symbol: string;
  wallet_single: boolean;
  default_language: string;
  /** IANA time zone of the merchant's days (reports, agents' salaries and dividends). */
  time_zone: string;
}

export async function findMerchant(db: Queryable, code: string): Promise<MerchantRow | null> {
  const rows = await db.query<MerchantRow>('select * from merchant where code = $1', [code]);
  return rows[0] ?? null;
}

/** The codes, names and brands of the merchants. */
export function merchantNames(db: Queryable): Promise<Pick<MerchantRow, 'code' | 'name' | 'brand'>[]> {
  return db.query('select code, name, brand from merchant');
}

export async function updateMerchantMoney(
  db: Queryable,
  code: string,
  value: { currency: string; currencySymbol: string; walletSingle: boolean },
): Promise<void> {
  await db.query(
    'update merchant set currency = $2, currency_symbol = $3, wallet_single = $4 where code = $1',
    [code, value.currency, value.currencySymbol, value.walletSingle],
  );
}

export async function readSetting<T>(db: Queryable, key: string): Promise<T | null> {
  const rows = await db.query<{ value: T }>('select value from site_settings where key = $1', [key]);
  return rows[0]?.value ?? null;
}

export async function writeSetting(db: Queryable, key: string, value: unknown, now: Date): Promise<void> {
  await db.query(
    `insert into site_settings (key, value, updated_at) values ($1, $2, $3)
     on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
    [key, JSON.stringify(value), now],
  );
}

export interface RegionRuleRow {
  id: number;
  kind: 'country' | 'ip_range';
  value: string;
  note: string;
  created_at: Date;
}

export function listRegionRules(db: Queryable) {
  return db.query<RegionRuleRow>('select * from region_rules order by id');
}

export async function insertRegionRule(
  db: Queryable,
  rule: { kind: string; value: string; note: string },
  now: Date,
) {
  const rows = await db.query<RegionRuleRow>(
    `insert into region_rules (kind, value, note, created_at) values ($1, $2, $3, $4)
     on conflict (kind, value) do nothing returning *`,
    [rule.kind, rule.value, rule.note, now],
  );
  return rows[0] ?? null;
}

export async function deleteRegionRule(db: Queryable, id: number) {
  const rows = await db.query<RegionRuleRow>('delete from region_rules where id = $1 returning *', [id]);
  return rows[0] ?? null;
}

export interface ModuleFlagRowDb {
  mod_id: string;
  parent_id: string | null;
  name: string;
  enabled: boolean;
}

export function listModuleFlags(db: Queryable) {
  return db.query<ModuleFlagRowDb>(
    'select mod_id, parent_id, name, enabled from module_flags order by sort, mod_id',
  );
}

export async function findModuleFlag(db: Queryable, modId: string) {
  const rows = await db.query<ModuleFlagRowDb>(
    'select mod_id, parent_id, name, enabled from module_flags where mod_id = $1',
    [modId],
  );
  return rows[0] ?? null;
}

export async function updateModuleFlag(db: Queryable, modId: string, enabled: boolean) {
  const rows = await db.query<ModuleFlagRowDb>(
    'update module_flags set enabled = $2 where mod_id = $1 returning mod_id, parent_id, name, enabled',
    [modId, enabled],
  );
  return rows[0] ?? null;
}

export interface RegisterRuleDb {
  key: string;
  accepted_pattern: string;
  pattern_id: number;
  min_length: number;
  max_length: number;
  enabled: boolean;
  required: boolean;
}

export function listRegisterRules(db: Queryable) {
  return db.query<RegisterRuleDb>(
    'select key, accepted_pattern, pattern_id, min_length, max_length, enabled, required from register_rules order by sort, key',
  );
}

export async function findRegisterRule(db: Queryable, key: string) {
  const rows = await db.query<RegisterRuleDb>(
    'select key, accepted_pattern, pattern_id, min_length, max_length, enabled, required from register_rules where key = $1',
    [key],
  );
  return rows[0] ?? null;
}

export async function updateRegisterRule(db: Queryable, rule: RegisterRuleDb) {
  const rows = await db.query<RegisterRuleDb>(
    `update register_rules set accepted_pattern = $2, pattern_id = $3, min_length = $4, max_length = $5,
       enabled = $6, required = $7 where key = $1
     returning key, accepted_pattern, pattern_id, min_length, max_length, enabled, required`,
    [
      rule.key,
      rule.accepted_pattern,
      rule.pattern_id,
      rule.min_length,
      rule.max_length,
      rule.enabled,
      rule.required,
    ],
  );
  return rows[0] ?? null;
}

export function listCountries(db: Queryable) {
  return db.query<{ code: string; dialing_code: string; name: string }>(
    'select code, dialing_code, name from countries where enabled order by sort, name',
  );
}

export async function findCountry(db: Queryable, code: string) {
  const rows = await db.query<{ code: string; dialing_code: string }>(
    'select code, dialing_code from countries where code = $1',
    [code],
  );
  return rows[0] ?? null;
}

export function listLanguages(db: Queryable) {
  return db.query<{
    code: string;
    name: string;
    native_name: string;
    flag_country: string;
    translated: boolean;
  }>(
    'select code, name, native_name, flag_country, translated from languages where enabled order by sort, code',
  );
}

export interface ResourceDb {
  id: number;
  resource_type: string;
  title: string;
  url: string;
  sort: number;
}

export function listResources(db: Queryable) {
  return db.query<ResourceDb>(
    'select id, resource_type, title, url, sort from download_resources order by sort, id',
  );
}

export const resources = idTable<ResourceDb, Omit<ResourceDb, 'id'>>({
  table: 'download_resources',
  columns: 'id, resource_type, title, url, sort',
  writable: ['resource_type', 'title', 'url', 'sort'],
});

export interface DomainDb {
  id: number;
  url: string;
  sort: number;
}

export function listDomains(db: Queryable) {
  return db.query<DomainDb>('select id, url, sort from domains order by sort, id');
}

export const domains = idTable<DomainDb, Omit<DomainDb, 'id'>>({
  table: 'domains',
  columns: 'id, url, sort',
  writable: ['url', 'sort'],
  onInsertConflict: 'on conflict (url) do nothing',
});

export async function domainUrlTaken(db: Queryable, url: string, exceptId: number) {
  const rows = await db.query('select 1 from domains where url = $1 and id <> $2', [url, exceptId]);
  return rows.length > 0;
}

export interface MessageTemplateDb {
  code: string;
  language: string;
  title: string;
  content: string;
  placeholders: string[];
}

/** Each template once: in the language asked for when it has one, in English otherwise. */
export function listMessageTemplates(db: Queryable, language: string, code: string | null) {
  return db.query<MessageTemplateDb>(
    `select distinct on (code) code, language, title, content, placeholders from message_templates
     where language in ($1, 'EN') and ($2::text is null or code = $2)
     order by code, language = $1 desc`,
    [language, code],
  );
}
