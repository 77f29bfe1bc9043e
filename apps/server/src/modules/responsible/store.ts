import { type Queryable, sqlValue, type Transaction } from '../../db/database.ts';

/**
 * SQL of the responsible gaming area (responsible_members, responsible_limits, responsible_events). It reads the
 * deposits and game rounds of other areas to count what a limit has used; it writes only its own tables.
 */

export interface ControlsDb {
  member_id: number;
  reality_minutes: number | null;
  reality_due_at: Date | null;
  session_started_at: Date | null;
  last_play_at: Date | null;
  play_day: string | null;
  day_seconds: number;
  block_kind: 'time_out' | 'self_exclusion' | null;
  block_started_at: Date | null;
  block_until: Date | null;
  reopen_requested_at: Date | null;
}

const CONTROLS = `member_id, reality_minutes, reality_due_at, session_started_at, last_play_at, play_day::text as play_day,
  day_seconds, block_kind, block_started_at, block_until, reopen_requested_at`;

export async function controls(db: Queryable, memberId: number): Promise<ControlsDb | null> {
  const [row] = await db.query<ControlsDb>(
    `select ${CONTROLS} from responsible_members where member_id = $1`,
    [memberId],
  );
  return row ?? null;
}

/**
 * The member's row, locked until the transaction ends (made when missing): every deposit and stake of the member
 * waits here for the one before it, so what a limit has used is counted after the other's commit.
 */
export async function lockControls(tx: Queryable, memberId: number, now: Date): Promise<ControlsDb> {
  await tx.query(
    'insert into responsible_members (member_id, updated_at) values ($1, $2) on conflict do nothing',
    [memberId, now],
  );
  const [row] = await tx.query<ControlsDb>(
    `select ${CONTROLS} from responsible_members where member_id = $1 for update`,
    [memberId],
  );
  if (!row) throw new Error('the responsible gaming row vanished');
  return row;
}

/** The controls' columns read beside the limits (the controls aliased c, the limits l). */
const JOINED = `c.member_id, c.reality_minutes, c.reality_due_at, c.session_started_at, c.last_play_at,
  c.play_day::text as play_day, c.day_seconds, c.block_kind, c.block_started_at, c.block_until,
  c.reopen_requested_at, l.kind as limit_kind, l.value as limit_value, l.pending as limit_pending,
  l.pending_value as limit_pending_value, l.pending_at as limit_pending_at`;
/** The member's limits in set, joined to the row of `member` (a member may have limits and no controls row). */
const limitsJoin = (member: string) =>
  `left join responsible_limits l on l.member_id = ${member}.member_id and (l.value is not null or l.pending)`;

type JoinedRow = Omit<ControlsDb, 'member_id'> & {
  member_id: number | null;
  time_zone: string;
  limit_kind: string | null;
  limit_value: bigint | null;
  limit_pending: boolean | null;
  limit_pending_value: bigint | null;
  limit_pending_at: Date | null;
};

/**
 * The member's controls (null when the member has none) and limits in set (`limits`), in one round trip. With
 * `lock`, as `lockControls`: the row is made when missing and locked until the transaction ends.
 */
export async function controlsAndLimits(
  tx: Queryable,
  memberId: number,
  options: { lock: false } | { lock: true; now: Date },
): Promise<ControlsAndLimits> {
  let rows: JoinedRow[];
  if (options.lock) {
    // One statement makes the row when missing and locks it (an upsert locks the row it meets), and reads it with
    // the limits and the merchant's time zone: a stake's transaction waits on each round trip.
    rows = await tx.query<JoinedRow>(
      `with c as (
         insert into responsible_members (member_id, updated_at) values ($1, $2)
         on conflict (member_id) do update set member_id = excluded.member_id
         returning *)
       select ${JOINED}, ${TIME_ZONE} from c ${limitsJoin('c')}`,
      [memberId, options.now],
    );
    if (rows.length === 0) throw new Error('the responsible gaming row vanished');
  } else {
    rows = await tx.query<JoinedRow>(unlockedRead('$1'), [memberId]);
  }
  return controlsAndLimitsOf(rows);
}

interface ControlsAndLimits {
  row: ControlsDb | null;
  limits: LimitDb[];
  /** The time zone of the deployment's merchant (as `merchantTimeZone`), read beside them. */
  timeZone: string;
}

const TIME_ZONE = `coalesce((select time_zone from merchant order by code limit 1), 'UTC') as time_zone`;

const unlockedRead = (
  member: string,
) => `select ${JOINED}, ${TIME_ZONE} from (select ${member}::int as member_id) m
       left join responsible_members c on c.member_id = m.member_id ${limitsJoin('m')}`;

/** `controlsAndLimits` without the lock as one statement with the member written out (a transaction's opening). */
export const controlsAndLimitsStatement = (memberId: number): string => unlockedRead(sqlValue(memberId));

/** The controls and limits of the rows `controlsAndLimitsStatement` answered. */
export function controlsAndLimitsOf(joined: Record<string, unknown>[]): ControlsAndLimits {
  const rows = joined as JoinedRow[];
  const [first] = rows;
  const row: ControlsDb | null =
    first && first.member_id !== null
      ? {
          member_id: first.member_id,
          reality_minutes: first.reality_minutes,
          reality_due_at: first.reality_due_at,
          session_started_at: first.session_started_at,
          last_play_at: first.last_play_at,
          play_day: first.play_day,
          day_seconds: first.day_seconds,
          block_kind: first.block_kind,
          block_started_at: first.block_started_at,
          block_until: first.block_until,
          reopen_requested_at: first.reopen_requested_at,
        }
      : null;
  const limits = rows.flatMap((joined) =>
    joined.limit_kind === null
      ? []
      : [
          {
            kind: joined.limit_kind,
            value: joined.limit_value,
            pending: joined.limit_pending ?? false,
            pending_value: joined.limit_pending_value,
            pending_at: joined.limit_pending_at,
          },
        ],
  );
  return { row, limits, timeZone: first?.time_zone ?? 'UTC' };
}

type ControlsPatch = Partial<Omit<ControlsDb, 'member_id'>>;

export async function updateControls(tx: Queryable, memberId: number, patch: ControlsPatch, now: Date) {
  const entries = Object.entries(patch);
  if (entries.length === 0) return;
  const sets = entries.map(([column], index) => `${column} = $${index + 3}`);
  await tx.query(`update responsible_members set updated_at = $2, ${sets.join(', ')} where member_id = $1`, [
    memberId,
    now,
    ...entries.map(([, value]) => value),
  ]);
}

export interface LimitDb {
  kind: string;
  value: bigint | null;
  pending: boolean;
  pending_value: bigint | null;
  pending_at: Date | null;
}

export function limits(db: Queryable, memberId: number): Promise<LimitDb[]> {
  return db.query<LimitDb>(
    `select kind, value, pending, pending_value, pending_at from responsible_limits
     where member_id = $1 and (value is not null or pending)`,
    [memberId],
  );
}

export async function saveLimit(
  tx: Transaction,
  memberId: number,
  kind: string,
  limit: Omit<LimitDb, 'kind'>,
  now: Date,
) {
  await tx.query(
    `insert into responsible_limits (member_id, kind, value, pending, pending_value, pending_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (member_id, kind) do update set value = excluded.value, pending = excluded.pending,
       pending_value = excluded.pending_value, pending_at = excluded.pending_at, updated_at = excluded.updated_at`,
    [memberId, kind, limit.value, limit.pending, limit.pending_value, limit.pending_at, now],
  );
}

/** Something a limit counts: when it happened and how much (minor units). */
export interface Movement {
  at: Date;
  amount: bigint;
}

/** Gross deposits since `from`: every order still pending or confirmed (a failed or rejected one counts nothing). */
export function depositsSince(db: Queryable, memberId: number, from: Date): Promise<Movement[]> {
  return db.query<Movement>(
    `select created_at as at, amount from deposits
     where member_id = $1 and created_at > $2 and status in ('pending', 'confirmed') order by created_at`,
    [memberId, from],
  );
}

/** Rounds of money (not play money, not void) started since `from`: their stakes, and stakes less winnings. */
export function roundsSince(
  db: Queryable,
  memberId: number,
  from: Date,
): Promise<{ at: Date; stake: bigint; loss: bigint }[]> {
  return db.query(
    `select started_at as at, bet as stake, bet - win as loss from game_rounds
     where member_id = $1 and started_at > $2 and status <> 'void' and not play_money order by started_at`,
    [memberId, from],
  );
}

/** The net result (winnings − stakes) of the member's rounds of money started since `from`. */
export async function netSince(db: Queryable, memberId: number, from: Date): Promise<bigint> {
  const [row] = await db.query<{ net: bigint | null }>(
    `select sum(win - bet)::bigint as net from game_rounds
     where member_id = $1 and started_at >= $2 and status <> 'void' and not play_money`,
    [memberId, from],
  );
  return row?.net ?? 0n;
}

/** The time zone of the deployment's merchant (the one row of `merchant`), for the daily time limit. */
export async function merchantTimeZone(db: Queryable): Promise<string> {
  const [row] = await db.query<{ time_zone: string }>('select time_zone from merchant order by code limit 1');
  return row?.time_zone ?? 'UTC';
}

export async function addEvent(
  tx: Transaction,
  memberId: number,
  kind: string,
  detail: Record<string, unknown>,
  now: Date,
) {
  await tx.query(
    'insert into responsible_events (member_id, kind, detail, created_at) values ($1, $2, $3, $4)',
    [memberId, kind, JSON.stringify(detail), now],
  );
}

export interface EventDb {
  id: bigint;
  kind: string;
  detail: Record<string, unknown>;
  created_at: Date;
}

export async function events(db: Queryable, memberId: number, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db.query<EventDb>(
      `select id, kind, detail, created_at from responsible_events where member_id = $1
       order by id desc limit $2 offset $3`,
      [memberId, limit, offset],
    ),
    db.query<{ total: number }>(
      'select count(*)::int as total from responsible_events where member_id = $1',
      [memberId],
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export interface ExcludedDb {
  member_id: number;
  username: string;
  block_kind: 'time_out' | 'self_exclusion';
  block_started_at: Date;
  block_until: Date;
  reopen_requested_at: Date | null;
}

/**
 * Members whose time-out or self-exclusion holds at `now`: before its end, and for a self-exclusion also after it
 * until a day past the member's request to reopen.
 */
export async function excluded(
  db: Queryable,
  filter: { kind: string | null; now: Date; limit: number; offset: number },
) {
  const where = `r.block_kind is not null and ($1::text is null or r.block_kind = $1)
    and (r.block_until > $2 or (r.block_kind = 'self_exclusion'
      and (r.reopen_requested_at is null or r.reopen_requested_at + interval '1 day' > $2)))`;
  const [rows, [count]] = await Promise.all([
    db.query<ExcludedDb>(
      `select r.member_id, m.username, r.block_kind, r.block_started_at, r.block_until, r.reopen_requested_at
       from responsible_members r join members m on m.id = r.member_id where ${where}
       order by r.block_started_at desc, r.member_id limit $3 offset $4`,
      [filter.kind, filter.now, filter.limit, filter.offset],
    ),
    db.query<{ total: number }>(`select count(*)::int as total from responsible_members r where ${where}`, [
      filter.kind,
      filter.now,
    ]),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/**
 * Whether another member still self-excluded at `now` has this e-mail, mobile number, payment account or device (a
 * new registration or a payment account with them is refused).
 */
export async function excludedIdentity(
  db: Queryable,
  identity: {
    email?: string;
    dialingCode?: string;
    mobile?: string;
    accountNumber?: string;
    /** The browser's device id: the device the member registered or signed in from. */
    deviceId?: string;
    memberId?: number;
  },
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `select 1 from responsible_members r join members m on m.id = r.member_id
     where r.block_kind = 'self_exclusion' and m.id <> $6
       and (r.block_until > $4 or r.reopen_requested_at is null or r.reopen_requested_at + interval '1 day' > $4)
       and (($1 <> '' and lower(m.email) = lower($1))
         or ($3 <> '' and m.country_dialing_code = $2 and m.mobile = $3)
         or ($5 <> '' and exists (select 1 from member_bank_accounts b
               where b.member_id = m.id and b.account_number = $5))
         or ($7 <> '' and (m.register_device = $7 or exists (select 1 from login_history h
               where h.member_id = m.id and h.device = $7))))
     limit 1`,
    [
      identity.email ?? '',
      identity.dialingCode ?? '',
      identity.mobile ?? '',
      now,
      identity.accountNumber ?? '',
      identity.memberId ?? 0,
      identity.deviceId ?? '',
    ],
  );
  return rows.length > 0;
}
