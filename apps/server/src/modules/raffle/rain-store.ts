import type { Queryable, Transaction } from '../../db/database.ts';

/** SQL of the red envelope rain (rain_schedules, rain_rounds, rain_envelopes, rain_grabbers). */

export interface GrabRule {
  /** Minor units, as text (jsonb keeps no bigint). */
  minDeposit: string;
  grabs: number;
}

export interface ScheduleDb {
  id: number;
  name: string;
  enabled: boolean;
  weekdays: number[];
  times: string[];
  duration_seconds: number;
  pool: bigint;
  envelopes: number;
  min_amount: bigint;
  max_amount: bigint;
  turnover_multiple: number;
  grab_rules: GrabRule[];
  /** The chat room its rounds drop in; null for the site-wide rain. */
  room_id: number | null;
  room_name: string | null;
  updated_at: Date;
}

const SCHEDULE_COLUMNS = `s.id, s.name, s.enabled, s.weekdays, s.times, s.duration_seconds, s.pool, s.envelopes,
  s.min_amount, s.max_amount, s.turnover_multiple::float8 as turnover_multiple, s.grab_rules, s.room_id,
  c.name as room_name, s.updated_at`;
const SCHEDULE_FROM = 'rain_schedules s left join chat_rooms c on c.id = s.room_id';

export function schedules(db: Queryable, onlyEnabled: boolean): Promise<ScheduleDb[]> {
  return db.query<ScheduleDb>(
    `select ${SCHEDULE_COLUMNS} from ${SCHEDULE_FROM} where s.enabled or not $1 order by s.id`,
    [onlyEnabled],
  );
}

export async function schedule(db: Queryable, id: number): Promise<ScheduleDb | null> {
  const [row] = await db.query<ScheduleDb>(
    `select ${SCHEDULE_COLUMNS} from ${SCHEDULE_FROM} where s.id = $1`,
    [id],
  );
  return row ?? null;
}

export interface ScheduleRow {
  name: string;
  enabled: boolean;
  weekdays: number[];
  times: string[];
  durationSeconds: number;
  pool: bigint;
  envelopes: number;
  minAmount: bigint;
  maxAmount: bigint;
  turnoverMultiple: number;
  grabRules: GrabRule[];
  roomId: number | null;
}

const scheduleValues = (row: ScheduleRow) => [
  row.name,
  row.enabled,
  row.weekdays,
  row.times,
  row.durationSeconds,
  row.pool,
  row.envelopes,
  row.minAmount,
  row.maxAmount,
  row.turnoverMultiple,
  JSON.stringify(row.grabRules),
  row.roomId,
];

export async function insertSchedule(tx: Transaction, row: ScheduleRow, now: Date): Promise<number> {
  const [inserted] = await tx.query<{ id: number }>(
    `insert into rain_schedules (name, enabled, weekdays, times, duration_seconds, pool, envelopes, min_amount,
       max_amount, turnover_multiple, grab_rules, room_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) returning id`,
    [...scheduleValues(row), now],
  );
  if (!inserted) throw new Error('schedule not written');
  return inserted.id;
}

export async function updateSchedule(
  tx: Transaction,
  id: number,
  row: ScheduleRow,
  now: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `update rain_schedules set name = $1, enabled = $2, weekdays = $3, times = $4, duration_seconds = $5, pool = $6,
       envelopes = $7, min_amount = $8, max_amount = $9, turnover_multiple = $10, grab_rules = $11, room_id = $12,
       updated_at = $13
     where id = $14 returning id`,
    [...scheduleValues(row), now, id],
  );
  return rows.length > 0;
}

export interface RoundDb {
  id: bigint;
  schedule_id: number;
  opens_at: Date;
  closes_at: Date;
  pool: bigint;
  envelopes: number;
  turnover_multiple: number;
  grab_rules: GrabRule[];
  room_id: number | null;
}

const ROUND_COLUMNS = `r.id, r.schedule_id, r.opens_at, r.closes_at, r.pool, r.envelopes,
  r.turnover_multiple::float8 as turnover_multiple, r.grab_rules, r.room_id`;

/** Writes the round of (schedule, opening) unless it exists: the first opener only gets its id. */
export async function insertRound(
  tx: Transaction,
  round: {
    scheduleId: number;
    opensAt: Date;
    closesAt: Date;
    pool: bigint;
    envelopes: number;
    turnoverMultiple: number;
    grabRules: GrabRule[];
    roomId: number | null;
  },
  now: Date,
): Promise<bigint | null> {
  const [row] = await tx.query<{ id: bigint }>(
    `insert into rain_rounds (schedule_id, opens_at, closes_at, pool, envelopes, turnover_multiple, grab_rules,
       created_at, room_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (schedule_id, opens_at) do nothing returning id`,
    [
      round.scheduleId,
      round.opensAt,
      round.closesAt,
      round.pool,
      round.envelopes,
      round.turnoverMultiple,
      JSON.stringify(round.grabRules),
      now,
      round.roomId,
    ],
  );
  return row?.id ?? null;
}

export async function insertEnvelopes(
  tx: Transaction,
  roundId: bigint,
  amounts: readonly bigint[],
): Promise<void> {
  await tx.query(
    `insert into rain_envelopes (round_id, position, amount)
     select $1, position, amount from unnest($2::bigint[]) with ordinality as e(amount, position)`,
    [roundId, amounts.map(String)],
  );
}

/** The site-wide round open at `now` (the one opened last when two overlap), or null; a room's rounds are not. */
export async function liveRound(db: Queryable, now: Date): Promise<RoundDb | null> {
  const [row] = await db.query<RoundDb>(
    `select ${ROUND_COLUMNS} from rain_rounds r where r.opens_at <= $1 and r.closes_at > $1 and r.room_id is null
     order by r.opens_at desc, r.id desc limit 1`,
    [now],
  );
  return row ?? null;
}

export async function round(db: Queryable, id: number): Promise<RoundDb | null> {
  const [row] = await db.query<RoundDb>(`select ${ROUND_COLUMNS} from rain_rounds r where r.id = $1`, [id]);
  return row ?? null;
}

export async function envelopesLeft(db: Queryable, roundId: bigint): Promise<number> {
  const [row] = await db.query<{ left: number }>(
    'select count(*)::int as left from rain_envelopes where round_id = $1 and member_id is null',
    [roundId],
  );
  return row?.left ?? 0;
}

export async function grabsOf(db: Queryable, roundId: bigint, memberId: number): Promise<number> {
  const [row] = await db.query<{ grabs: number }>(
    'select grabs from rain_grabbers where round_id = $1 and member_id = $2',
    [roundId, memberId],
  );
  return row?.grabs ?? 0;
}

/** The amounts the member grabbed in the round, in the order grabbed. */
export async function amountsOf(db: Queryable, roundId: bigint, memberId: number): Promise<bigint[]> {
  const rows = await db.query<{ amount: bigint }>(
    'select amount from rain_envelopes where round_id = $1 and member_id = $2 order by grabbed_at, id',
    [roundId, memberId],
  );
  return rows.map((row) => row.amount);
}

/** The member's grabber row of the round under its lock (made on the first grab): a member's grabs queue here. */
export async function lockGrabber(
  tx: Transaction,
  roundId: bigint,
  memberId: number,
): Promise<{ grabs: number; last_grab_at: Date | null }> {
  await tx.query(
    `insert into rain_grabbers (round_id, member_id, grabs, last_grab_at) values ($1, $2, 0, '-infinity')
     on conflict do nothing`,
    [roundId, memberId],
  );
  const [row] = await tx.query<{ grabs: number; last_grab_at: Date | null }>(
    `select grabs, case when last_grab_at = '-infinity' then null else last_grab_at end as last_grab_at
     from rain_grabbers where round_id = $1 and member_id = $2 for update`,
    [roundId, memberId],
  );
  if (!row) throw new Error('grabber row vanished');
  return row;
}

export async function countGrab(
  tx: Transaction,
  roundId: bigint,
  memberId: number,
  now: Date,
): Promise<number> {
  const [row] = await tx.query<{ grabs: number }>(
    `update rain_grabbers set grabs = grabs + 1, last_grab_at = $3 where round_id = $1 and member_id = $2
     returning grabs`,
    [roundId, memberId, now],
  );
  return row?.grabs ?? 0;
}

/** One unclaimed envelope of the round, locked; envelopes other grabs hold are skipped, not waited for. */
export async function takeEnvelope(
  tx: Transaction,
  roundId: bigint,
): Promise<{ id: bigint; amount: bigint } | null> {
  const [row] = await tx.query<{ id: bigint; amount: bigint }>(
    `select id, amount from rain_envelopes where round_id = $1 and member_id is null
     order by position limit 1 for update skip locked`,
    [roundId],
  );
  return row ?? null;
}

export async function markGrabbed(
  tx: Transaction,
  envelopeId: bigint,
  memberId: number,
  transactionId: bigint,
  now: Date,
): Promise<void> {
  await tx.query(
    'update rain_envelopes set member_id = $2, grabbed_at = $3, transaction_id = $4 where id = $1 and member_id is null',
    [envelopeId, memberId, now, transactionId],
  );
}

/** Moves a live round's end to now; false when it is not live. */
export async function endRound(tx: Transaction, id: number, now: Date): Promise<boolean> {
  const rows = await tx.query(
    'update rain_rounds set closes_at = $2 where id = $1 and opens_at <= $2 and closes_at > $2 returning id',
    [id, now],
  );
  return rows.length > 0;
}

export interface RoundListDb extends RoundDb {
  schedule_name: string;
  room_name: string | null;
  grabbed: number;
  grabbed_amount: bigint;
}

const ROUND_LIST = `select ${ROUND_COLUMNS}, s.name as schedule_name, c.name as room_name,
    (select count(*)::int from rain_envelopes e where e.round_id = r.id and e.member_id is not null) as grabbed,
    (select coalesce(sum(e.amount), 0)::bigint from rain_envelopes e where e.round_id = r.id and e.member_id is not null)
      as grabbed_amount
  from rain_rounds r join rain_schedules s on s.id = r.schedule_id left join chat_rooms c on c.id = r.room_id`;

export async function roundsPage(db: Queryable, pageNo: number, pageSize: number) {
  const rows = await db.query<RoundListDb>(
    `${ROUND_LIST} order by r.opens_at desc, r.id desc limit $1 offset $2`,
    [pageSize, (pageNo - 1) * pageSize],
  );
  const [count] = await db.query<{ total: number }>('select count(*)::int as total from rain_rounds');
  return { rows, total: count?.total ?? 0 };
}

export async function roundListed(db: Queryable, id: bigint | number): Promise<RoundListDb | null> {
  const [row] = await db.query<RoundListDb>(`${ROUND_LIST} where r.id = $1`, [id]);
  return row ?? null;
}

export function envelopesOf(db: Queryable, roundId: number) {
  return db.query<{
    id: bigint;
    position: number;
    amount: bigint;
    member_id: number | null;
    username: string | null;
    grabbed_at: Date | null;
  }>(
    `select e.id, e.position, e.amount, e.member_id, m.username, e.grabbed_at
     from rain_envelopes e left join members m on m.id = e.member_id where e.round_id = $1 order by e.position`,
    [roundId],
  );
}
