import type { Queryable } from '../../db/database.ts';

export interface MemberDb {
  id: number;
  username: string;
  nickname: string;
  type: number;
  created_at: Date;
  password_hash: string | null;
  country_dialing_code: string | null;
  mobile: string | null;
  email: string;
  payee_name: string;
  upline_id: number | null;
  affiliate_code: string | null;
  referral_code: string | null;
  to_upline: boolean;
  club_label: string;
  club_rank: number;
  member_labels: string[];
  status: 'active' | 'locked';
  locked_reason: string;
  password_changed_at: Date | null;
  password_expires_at: Date | null;
  must_change_password: boolean;
  first_login_at: Date | null;
  last_login_at: Date | null;
  last_login_ip: string;
  previous_login_at: Date | null;
  previous_login_ip: string | null;
  language: string;
  avatar: string;
  register_ip: string;
  register_domain: string;
}

const MEMBER_COLUMNS = `id, username, nickname, type, created_at, password_hash, country_dialing_code, mobile, email,
  payee_name, upline_id, affiliate_code, referral_code, to_upline, club_label, club_rank, member_labels, status,
  locked_reason, password_changed_at, password_expires_at, must_change_password, first_login_at, last_login_at,
  last_login_ip, previous_login_at, previous_login_ip, language, avatar, register_ip, register_domain`;

async function one<T>(rows: Promise<T[]>): Promise<T | null> {
  return (await rows)[0] ?? null;
}

export function findMember(db: Queryable, id: number) {
  return one(db.query<MemberDb>(`select ${MEMBER_COLUMNS} from members where id = $1`, [id]));
}

export function findMemberByUsername(db: Queryable, username: string) {
  return one(
    db.query<MemberDb>(`select ${MEMBER_COLUMNS} from members where lower(username) = lower($1)`, [username]),
  );
}

export function findMemberByMobile(db: Queryable, countryDialingCode: string, mobile: string) {
  return one(
    db.query<MemberDb>(
      `select ${MEMBER_COLUMNS} from members where country_dialing_code = $1 and mobile = $2`,
      [countryDialingCode, mobile],
    ),
  );
}

/** An agent whose affiliate code this is. */
export function findAffiliate(db: Queryable, code: string, agentTypes: readonly number[]) {
  return one(
    db.query<MemberDb>(
      `select ${MEMBER_COLUMNS} from members
       where lower(affiliate_code) = lower($1) and type = any($2::int[]) and status = 'active'`,
      [code, agentTypes],
    ),
  );
}

export function findMemberByReferralCode(db: Queryable, code: string) {
  return one(db.query<MemberDb>(`select ${MEMBER_COLUMNS} from members where referral_code = $1`, [code]));
}

export async function usernameTaken(db: Queryable, username: string) {
  return (await db.query('select 1 from members where lower(username) = lower($1)', [username])).length > 0;
}

export async function mobileTaken(db: Queryable, countryDialingCode: string, mobile: string) {
  const rows = await db.query('select 1 from members where country_dialing_code = $1 and mobile = $2', [
    countryDialingCode,
    mobile,
  ]);
  return rows.length > 0;
}

export interface NewMember {
  username: string;
  nickname: string;
  type: number;
  password_hash: string | null;
  password_changed_at: Date | null;
  password_expires_at: Date | null;
  country_dialing_code: string | null;
  mobile: string | null;
  email: string;
  payee_name: string;
  payment_password_hash: string | null;
  qq_num: string;
  line: string;
  whatsapp: string;
  facebook: string;
  wechat: string;
  zalo: string;
  id_number: string;
  recommender_id: string;
  upline_id: number | null;
  referral_code: string | null;
  referred_by: number | null;
  language: string;
  register_ip: string;
  register_domain: string;
  register_url: string;
  register_method: string;
  /** The browser's device id (Device-Id header), '' without one. */
  register_device: string;
}

export async function insertMember(db: Queryable, member: NewMember, now: Date): Promise<MemberDb> {
  const columns = Object.keys(member);
  const rows = await db.query<MemberDb>(
    `insert into members (${columns.join(', ')}, created_at)
     values (${columns.map((_, index) => `$${index + 1}`).join(', ')}, $${columns.length + 1})
     returning ${MEMBER_COLUMNS}`,
    [...Object.values(member), now],
  );
  return rows[0] as MemberDb;
}

/** Moves the last login to the previous one and records this one; answers the member as it was before. */
export async function recordLogin(
  db: Queryable,
  memberId: number,
  login: { type: string; ip: string; device: string; userAgent: string },
  now: Date,
) {
  await db.query(
    `insert into login_history (member_id, login_type, ip, device, user_agent, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [memberId, login.type, login.ip, login.device, login.userAgent, now],
  );
  const rows = await db.query<{
    last_login_at: Date | null;
    last_login_ip: string;
    first_login_at: Date | null;
  }>(
    `update members m set previous_login_at = prior.last_login_at,
       previous_login_ip = nullif(prior.last_login_ip, ''), last_login_at = $2, last_login_ip = $3,
       last_login_device = $4, first_login_at = coalesce(prior.first_login_at, $2)
     from members prior where m.id = $1 and prior.id = m.id
     returning prior.last_login_at, prior.last_login_ip, prior.first_login_at`,
    [memberId, now, login.ip, login.device],
  );
  return rows[0] ?? null;
}

export async function insertLoginFailure(
  db: Queryable,
  failure: {
    username: string;
    memberId: number | null;
    loginType: string;
    reason: string;
    ip: string;
    device: string;
  },
  now: Date,
) {
  await db.query(
    `insert into login_failures (username, member_id, login_type, reason, ip, device, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [failure.username, failure.memberId, failure.loginType, failure.reason, failure.ip, failure.device, now],
  );
}

export async function setPassword(
  db: Queryable,
  memberId: number,
  password: { hash: string; changedAt: Date; expiresAt: Date | null; mustChange: boolean },
) {
  await db.query(
    `update members set password_hash = $2, password_changed_at = $3, password_expires_at = $4,
       must_change_password = $5 where id = $1`,
    [memberId, password.hash, password.changedAt, password.expiresAt, password.mustChange],
  );
}

export async function updateMember(
  db: Queryable,
  memberId: number,
  change: Partial<
    Pick<MemberDb, 'status' | 'locked_reason' | 'must_change_password' | 'avatar' | 'nickname' | 'language'>
  >,
) {
  const columns = Object.keys(change);
  await db.query(
    `update members set ${columns.map((column, index) => `${column} = $${index + 2}`).join(', ')} where id = $1`,
    [memberId, ...Object.values(change)],
  );
}

export function listAvatars(db: Queryable) {
  return db.query<{ id: string; name: string }>(
    'select id, name from avatars where enabled order by sort, id',
  );
}

export async function avatarExists(db: Queryable, id: string) {
  return (await db.query('select 1 from avatars where id = $1 and enabled', [id])).length > 0;
}

// Captchas.

export async function insertCaptcha(db: Queryable, id: string, answer: string, now: Date, expiresAt: Date) {
  // Expired captchas are cleared as new ones are drawn, so the table stays small.
  await db.query('delete from captchas where expires_at < $1', [new Date(now.getTime() - 3_600_000)]);
  await db.query('insert into captchas (id, answer, created_at, expires_at) values ($1, $2, $3, $4)', [
    id,
    answer,
    now,
    expiresAt,
  ]);
}

/** Marks the captcha used; its answer and expiry, or null when it is unknown or was used already. */
export function consumeCaptcha(db: Queryable, id: string, now: Date) {
  return one(
    db.query<{ answer: string; expires_at: Date }>(
      'update captchas set consumed_at = $2 where id = $1 and consumed_at is null returning answer, expires_at',
      [id, now],
    ),
  );
}

// SMS codes.

export interface SmsCodeDb {
  id: number;
  code_hash: string;
  tries: number;
  expires_at: Date;
}

/** Stores a new code for the number and purpose, ending the ones sent before. */
export async function insertSmsCode(
  db: Queryable,
  code: { countryDialingCode: string; mobile: string; purpose: string; ip: string; expiresAt: Date },
  hash: (id: number) => string,
  now: Date,
) {
  await db.query(
    `update sms_codes set consumed_at = $4
     where country_dialing_code = $1 and mobile = $2 and purpose = $3 and consumed_at is null`,
    [code.countryDialingCode, code.mobile, code.purpose, now],
  );
  const rows = await db.query<{ id: number }>(
    `insert into sms_codes (country_dialing_code, mobile, purpose, code_hash, ip, created_at, expires_at)
     values ($1, $2, $3, '', $4, $5, $6) returning id`,
    [code.countryDialingCode, code.mobile, code.purpose, code.ip, now, code.expiresAt],
  );
  const id = rows[0]?.id as number;
  await db.query('update sms_codes set code_hash = $2 where id = $1', [id, hash(id)]);
  return id;
}

/** The live code of the number and purpose, counting this try; null when there is none or it has no tries left. */
export function takeSmsCodeTry(
  db: Queryable,
  number: { countryDialingCode: string; mobile: string; purpose: string },
  maxTries: number,
) {
  return one(
    db.query<SmsCodeDb>(
      `update sms_codes set tries = tries + 1
       where id = (select id from sms_codes
                   where country_dialing_code = $1 and mobile = $2 and purpose = $3 and consumed_at is null
                   order by id desc limit 1)
         and tries < $4
       returning id, code_hash, tries, expires_at`,
      [number.countryDialingCode, number.mobile, number.purpose, maxTries],
    ),
  );
}

export async function consumeSmsCode(db: Queryable, id: number, now: Date) {
  const rows = await db.query(
    'update sms_codes set consumed_at = $2 where id = $1 and consumed_at is null returning id',
    [id, now],
  );
  return rows.length > 0;
}

// Password reset links.

export async function insertResetToken(
  db: Queryable,
  token: { hash: string; memberId: number; ip: string; expiresAt: Date },
  now: Date,
) {
  await db.query(
    'update password_reset_tokens set consumed_at = $2 where member_id = $1 and consumed_at is null',
    [token.memberId, now],
  );
  await db.query(
    `insert into password_reset_tokens (token_hash, member_id, created_at, expires_at, ip)
     values ($1, $2, $3, $4, $5)`,
    [token.hash, token.memberId, now, token.expiresAt, token.ip],
  );
}

/** Uses the link once: the member it belongs to, or null when it is unknown, used or expired. */
export async function consumeResetToken(db: Queryable, hash: string, now: Date) {
  const rows = await db.query<{ member_id: number }>(
    `update password_reset_tokens set consumed_at = $2
     where token_hash = $1 and consumed_at is null and expires_at > $2 returning member_id`,
    [hash, now],
  );
  return rows[0]?.member_id ?? null;
}

export async function resetTokenUsable(db: Queryable, hash: string, now: Date) {
  const rows = await db.query(
    'select 1 from password_reset_tokens where token_hash = $1 and consumed_at is null and expires_at > $2',
    [hash, now],
  );
  return rows.length > 0;
}

// Outboxes: messages waiting for their delivery job, sent, failed, or kept for the console (no provider).

export type OutboxStatus = 'outbox' | 'queued' | 'sent' | 'failed';

export async function insertSmsOutbox(
  db: Queryable,
  sms: {
    countryDialingCode: string;
    mobile: string;
    purpose: string;
    body: string;
    secret: string;
    provider: 'outbox' | 'gateway';
    status: OutboxStatus;
  },
  now: Date,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into sms_outbox (country_dialing_code, mobile, purpose, body, secret, provider, status, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [sms.countryDialingCode, sms.mobile, sms.purpose, sms.body, sms.secret, sms.provider, sms.status, now],
  );
  return row?.id as number;
}

export async function insertMailOutbox(
  db: Queryable,
  mail: {
    to: string;
    subject: string;
    body: string;
    secret: string;
    provider: 'outbox' | 'smtp';
    status: OutboxStatus;
  },
  now: Date,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into mail_outbox (to_address, subject, body, secret, provider, status, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [mail.to, mail.subject, mail.body, mail.secret, mail.provider, mail.status, now],
  );
  return row?.id as number;
}

export async function findSmsOutbox(db: Queryable, id: number): Promise<SmsOutboxDb | null> {
  const rows = await db.query<SmsOutboxDb>('select * from sms_outbox where id = $1', [id]);
  return rows[0] ?? null;
}

export async function findMailOutbox(db: Queryable, id: number): Promise<MailOutboxDb | null> {
  const rows = await db.query<MailOutboxDb>('select * from mail_outbox where id = $1', [id]);
  return rows[0] ?? null;
}

interface Delivered {
  status: 'sent' | 'failed';
  /** The body with its secret removed, once sent. */
  body?: string;
  error: string;
  at: Date;
}

/** Marks a queued SMS sent (its secret then goes) or failed. */
export async function markSmsOutbox(db: Queryable, id: number, done: Delivered) {
  await db.query(
    `update sms_outbox set status = $2, body = coalesce($3, body), secret = case when $2 = 'sent' then '' else secret end,
       error = $4, sent_at = case when $2 = 'sent' then $5::timestamptz end
     where id = $1 and status = 'queued'`,
    [id, done.status, done.body ?? null, done.error, done.at],
  );
}

export async function markMailOutbox(db: Queryable, id: number, done: Delivered) {
  await db.query(
    `update mail_outbox set status = $2, body = coalesce($3, body), secret = case when $2 = 'sent' then '' else secret end,
       error = $4, sent_at = case when $2 = 'sent' then $5::timestamptz end
     where id = $1 and status = 'queued'`,
    [id, done.status, done.body ?? null, done.error, done.at],
  );
}

interface Page {
  pageNo: number;
  pageSize: number;
}

async function paged<T>(
  db: Queryable,
  select: string,
  from: string,
  where: string[],
  params: unknown[],
  order: string,
  page: Page,
): Promise<{ rows: T[]; total: number }> {
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const total = await db.query<{ n: number }>(`select count(*)::int as n from ${from} ${clause}`, params);
  const rows = await db.query<T>(
    `select ${select} from ${from} ${clause} order by ${order}
     limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, page.pageSize, (page.pageNo - 1) * page.pageSize],
  );
  return { rows, total: total[0]?.n ?? 0 };
}

export interface SmsOutboxDb {
  id: number;
  country_dialing_code: string;
  mobile: string;
  purpose: string;
  body: string;
  secret: string;
  provider: 'outbox' | 'gateway';
  status: OutboxStatus;
  error: string;
  created_at: Date;
  sent_at: Date | null;
}

export function listSmsOutbox(db: Queryable, query: Page & { mobileNum?: string | undefined }) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.mobileNum) {
    params.push(query.mobileNum);
    where.push(`mobile = $${params.length}`);
  }
  return paged<SmsOutboxDb>(db, '*', 'sms_outbox', where, params, 'id desc', query);
}

export interface MailOutboxDb {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  secret: string;
  provider: 'outbox' | 'smtp';
  status: OutboxStatus;
  error: string;
  created_at: Date;
  sent_at: Date | null;
}

export function listMailOutbox(db: Queryable, query: Page & { to?: string | undefined }) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.to) {
    params.push(query.to);
    where.push(`lower(to_address) = lower($${params.length})`);
  }
  return paged<MailOutboxDb>(db, '*', 'mail_outbox', where, params, 'id desc', query);
}

export interface LoginFailureDb {
  id: number;
  username: string;
  member_id: number | null;
  login_type: string;
  reason: string;
  ip: string;
  device: string;
  created_at: Date;
}

export function listLoginFailures(
  db: Queryable,
  query: Page & {
    username?: string | undefined;
    ip?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    memberId?: number;
  },
) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (query.username) add('lower(username) = lower(?)', query.username);
  if (query.ip) add('ip = ?', query.ip);
  if (query.from) add('created_at >= ?', new Date(query.from));
  if (query.to) add('created_at < ?', new Date(query.to));
  if (query.memberId !== undefined) add('member_id = ?', query.memberId);
  return paged<LoginFailureDb>(db, '*', 'login_failures', where, params, 'id desc', query);
}

export function recentLogins(db: Queryable, memberId: number, limit: number) {
  return db.query<{ created_at: Date; ip: string; device: string; user_agent: string; login_type: string }>(
    `select created_at, ip, device, user_agent, login_type from login_history
     where member_id = $1 order by id desc limit $2`,
    [memberId, limit],
  );
}

export function searchPlayers(
  db: Queryable,
  query: Page & { q?: string | undefined; status?: string | undefined; type?: number | undefined },
) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.q) {
    params.push(`%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    const p = `$${params.length}`;
    where.push(`(username ilike ${p} or nickname ilike ${p} or mobile like ${p} or email ilike ${p})`);
  }
  if (query.status) {
    params.push(query.status);
    where.push(`status = $${params.length}`);
  }
  if (query.type !== undefined) {
    params.push(query.type);
    where.push(`type = $${params.length}`);
  }
  return paged<MemberDb>(db, MEMBER_COLUMNS, 'members', where, params, 'id desc', query);
}

export async function hasPaymentPassword(db: Queryable, memberId: number): Promise<boolean> {
  const rows = await db.query<{ set: boolean }>(
    'select payment_password_hash is not null as set from members where id = $1',
    [memberId],
  );
  return rows[0]?.set ?? false;
}

export async function dialingCodesOfMobile(db: Queryable, mobile: string): Promise<string[]> {
  const rows = await db.query<{ country_dialing_code: string }>(
    'select country_dialing_code from members where mobile = $1 and country_dialing_code is not null limit 2',
    [mobile],
  );
  return rows.map((row) => row.country_dialing_code);
}

export async function paymentPasswordHash(db: Queryable, memberId: number): Promise<string | null> {
  const [row] = await db.query<{ hash: string | null }>(
    'select payment_password_hash as hash from members where id = $1',
    [memberId],
  );
  return row?.hash ?? null;
}

export async function setPaymentPasswordHash(tx: Queryable, memberId: number, hash: string): Promise<void> {
  await tx.query('update members set payment_password_hash = $2 where id = $1', [memberId, hash]);
}

export interface RelativeDb {
  id: number;
  username: string;
  nickname: string;
  type: number;
  upline_id: number | null;
  to_upline: boolean;
}

export function findRelative(db: Queryable, id: number) {
  return one(
    db.query<RelativeDb>(
      'select id, username, nickname, type, upline_id, to_upline from members where id = $1',
      [id],
    ),
  );
}

export function listDirectDownlines(db: Queryable, uplineId: number, username: string | null, limit: number) {
  return db.query<RelativeDb>(
    `select id, username, nickname, type, upline_id, to_upline from members
     where upline_id = $1 and ($2::text is null or lower(username) = lower($2)) order by username limit $3`,
    [uplineId, username, limit],
  );
}

// Mobile number changes (security centre).

export interface MobileChangeDb {
  id: number;
  old_country_dialing_code: string | null;
  old_mobile: string | null;
  new_country_dialing_code: string;
  new_mobile: string;
  ip: string;
  changed_at: Date;
}

/** Sets the member's number and keeps the change (the number before, from the row as it was). */
export async function changeMobile(
  tx: Queryable,
  change: { memberId: number; countryDialingCode: string; mobile: string; ip: string },
  now: Date,
) {
  await tx.query(
    `with before as (select id, country_dialing_code, mobile from members where id = $1 for update)
     insert into member_mobile_changes
       (member_id, old_country_dialing_code, old_mobile, new_country_dialing_code, new_mobile, ip, changed_at)
     select id, country_dialing_code, mobile, $2, $3, $4, $5 from before`,
    [change.memberId, change.countryDialingCode, change.mobile, change.ip, now],
  );
  await tx.query('update members set country_dialing_code = $2, mobile = $3 where id = $1', [
    change.memberId,
    change.countryDialingCode,
    change.mobile,
  ]);
}

export function listMobileChanges(db: Queryable, memberId: number, limit: number) {
  return db.query<MobileChangeDb>(
    `select id, old_country_dialing_code, old_mobile, new_country_dialing_code, new_mobile, ip, changed_at
     from member_mobile_changes where member_id = $1 order by id desc limit $2`,
    [memberId, limit],
  );
}

/** The member info's VIP answer (clubLabel, memberLabel): kept by the vip area through accounts/club.ts. */
export async function setClub(tx: Queryable, memberId: number, rank: number, label: string): Promise<void> {
  await tx.query('update members set club_rank = $2, club_label = $3 where id = $1', [memberId, rank, label]);
}

export async function setMemberLabels(tx: Queryable, memberId: number, labels: string[]): Promise<void> {
  await tx.query('update members set member_labels = $2 where id = $1', [memberId, JSON.stringify(labels)]);
}

export interface ReferredMemberDb {
  id: number;
  username: string;
  created_at: Date;
  referred_by: number;
}

/** Members a referrer brought, newest first. */
export function referredMembers(db: Queryable, referrerId: number) {
  return db.query<ReferredMemberDb>(
    `select id, username, created_at, referred_by from members where referred_by = $1 order by created_at desc, id desc`,
    [referrerId],
  );
}

/** Referred members registered since `since` (the referral job's candidates). */
export function referredSince(db: Queryable, since: Date) {
  return db.query<ReferredMemberDb>(
    `select id, username, created_at, referred_by from members
      where referred_by is not null and created_at >= $1 and type <> 4 order by id`,
    [since],
  );
}

/**
 * What tells two accounts apart as one person: registration address, mobile numbers (the current one and every one
 * it had: a number is unique among accounts at a time, so one person's accounts share it only over time), devices
 * signed in from.
 */
export async function identityFacts(db: Queryable, memberId: number) {
  const [row] = await db.query<{ register_ip: string; mobiles: string[]; devices: string[] }>(
    `select m.register_ip,
            array(select distinct n from (
                    select m.country_dialing_code || ' ' || m.mobile as n
                    union select old_country_dialing_code || ' ' || old_mobile from member_mobile_changes
                           where member_id = m.id
                    union select new_country_dialing_code || ' ' || new_mobile from member_mobile_changes
                           where member_id = m.id) x where n is not null) as mobiles,
            array(select distinct d from (select m.last_login_device as d
                  union select device from login_history where member_id = m.id) x where d <> '') as devices
       from members m where m.id = $1`,
    [memberId],
  );
  return row ?? null;
}

/** The devices and addresses a member signed in from: each pair once, with its sign-ins and the last one. */
export function signInPlaces(db: Queryable, memberId: number, limit: number) {
  return db.query<{ device: string; ip: string; user_agent: string; sign_ins: number; last_at: Date }>(
    `select device, ip, (array_agg(user_agent order by id desc))[1] as user_agent, count(*)::int as sign_ins,
            max(created_at) as last_at
       from login_history where member_id = $1 group by device, ip order by max(id) desc limit $2`,
    [memberId, limit],
  );
}

/**
 * Other members who signed in from a device or an address this member signed in from (each other member once per
 * way and value, at most `limit`); a device or address of one member only links nobody.
 */
export function sharedSignIns(db: Queryable, memberId: number, limit: number) {
  return db.query<{ member_id: number; username: string; via: 'device' | 'ip'; value: string }>(
    `with mine as (select distinct device, ip from login_history where member_id = $1)
     select distinct o.member_id, m.username, 'device' as via, o.device as value
       from login_history o join members m on m.id = o.member_id
      where o.member_id <> $1 and o.device <> '' and o.device in (select device from mine)
     union
     select distinct o.member_id, m.username, 'ip' as via, o.ip as value
       from login_history o join members m on m.id = o.member_id
      where o.member_id <> $1 and o.ip <> '' and o.ip in (select ip from mine)
     order by via, value, username limit $2`,
    [memberId, limit],
  );
}

/** The user names of other members who signed in from the device (at most `limit`). */
export async function membersOnDevice(db: Queryable, memberId: number, device: string, limit: number) {
  const rows = await db.query<{ username: string }>(
    `select m.username from members m
      where m.id <> $1 and exists (select 1 from login_history h where h.member_id = m.id and h.device = $2)
      order by m.username limit $3`,
    [memberId, device, limit],
  );
  return rows.map((row) => row.username);
}

export async function payeeNameOf(db: Queryable, memberId: number): Promise<string> {
  const [row] = await db.query<{ payee_name: string }>('select payee_name from members where id = $1', [
    memberId,
  ]);
  return row?.payee_name ?? '';
}

/** An operator's edit of a member's e-mail and payee name (the mobile number goes through changeMobile). */
export async function updateProfileFields(
  tx: Queryable,
  memberId: number,
  fields: { email: string; payeeName: string },
) {
  await tx.query('update members set email = $2, payee_name = $3 where id = $1', [
    memberId,
    fields.email,
    fields.payeeName,
  ]);
}

export async function insertProfileChange(
  tx: Queryable,
  change: {
    memberId: number;
    operatorId: number;
    field: string;
    oldValue: string;
    newValue: string;
    at: Date;
  },
) {
  await tx.query(
    `insert into member_profile_changes (member_id, operator_id, field, old_value, new_value, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [change.memberId, change.operatorId, change.field, change.oldValue, change.newValue, change.at],
  );
}

export function profileChanges(db: Queryable, memberId: number, limit: number) {
  return db.query<{
    created_at: Date;
    field: 'email' | 'mobile' | 'payee_name';
    old_value: string;
    new_value: string;
    operator: string;
  }>(
    `select c.created_at, c.field, c.old_value, c.new_value, o.username as operator
       from member_profile_changes c join operators o on o.id = c.operator_id
      where c.member_id = $1 order by c.id desc limit $2`,
    [memberId, limit],
  );
}
