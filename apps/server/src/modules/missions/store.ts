import type { Queryable, Transaction } from '../../db/database.ts';

/** SQL of the missions area (missions, mission_claims, mission_results). */

interface StoredMilestone {
  /** Minor units for a money measure, else the count; as text. */
  target: string;
  cash: string;
  points: number;
  /** Prize tickets; absent on milestones saved before tickets were a reward (0). */
  tickets?: number;
  turnoverMultiple: number;
}

interface StoredLeaderboard {
  size: number;
  prizeTurnoverMultiple: number;
  prizes: { cash: string; points: number }[];
}

export interface MissionDb {
  id: number;
  kind: 'daily' | 'weekly' | 'event';
  measure: 'bet_amount' | 'valid_bet' | 'deposits' | 'bet_count' | 'login_days';
  product: string | null;
  titles: { EN: string; VI: string; CN: string };
  starts_at: Date | null;
  ends_at: Date | null;
  enabled: boolean;
  milestones: StoredMilestone[];
  leaderboard: StoredLeaderboard | null;
  settled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface MissionFields {
  kind: MissionDb['kind'];
  measure: MissionDb['measure'];
  product: string | null;
  titles: MissionDb['titles'];
  startsAt: Date | null;
  endsAt: Date | null;
  enabled: boolean;
  milestones: StoredMilestone[];
  leaderboard: StoredLeaderboard | null;
}

const COLUMNS = `id, kind, measure, product, titles, starts_at, ends_at, enabled, milestones, leaderboard, settled_at,
  created_at, updated_at`;

const values = (fields: MissionFields) => [
  fields.kind,
  fields.measure,
  fields.product,
  JSON.stringify(fields.titles),
  fields.startsAt,
  fields.endsAt,
  fields.enabled,
  JSON.stringify(fields.milestones),
  fields.leaderboard === null ? null : JSON.stringify(fields.leaderboard),
];

export async function insertMission(tx: Queryable, fields: MissionFields, now: Date): Promise<MissionDb> {
  const [row] = await tx.query<MissionDb>(
    `insert into missions (kind, measure, product, titles, starts_at, ends_at, enabled, milestones, leaderboard,
       created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning ${COLUMNS}`,
    [...values(fields), now],
  );
  if (!row) throw new Error('the mission was not written');
  return row;
}

export async function updateMission(
  tx: Queryable,
  id: number,
  fields: MissionFields,
  now: Date,
): Promise<MissionDb | null> {
  const [row] = await tx.query<MissionDb>(
    `update missions set kind = $2, measure = $3, product = $4, titles = $5, starts_at = $6, ends_at = $7,
       enabled = $8, milestones = $9, leaderboard = $10, updated_at = $11
     where id = $1 returning ${COLUMNS}`,
    [id, ...values(fields), now],
  );
  return row ?? null;
}

export async function missionById(db: Queryable, id: number, lock = false): Promise<MissionDb | null> {
  const [row] = await db.query<MissionDb>(
    `select ${COLUMNS} from missions where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return row ?? null;
}

/** Enabled missions running at `now` (no window, or now within it), oldest first. */
export function openMissions(db: Queryable, now: Date) {
  return db.query<MissionDb>(
    `select ${COLUMNS} from missions
      where enabled and (starts_at is null or starts_at <= $1) and (ends_at is null or ends_at > $1)
      order by id`,
    [now],
  );
}

/** Enabled missions that have ended (closed), settled ones too, newest end first. */
export function endedMissions(db: Queryable, now: Date) {
  return db.query<MissionDb>(
    `select ${COLUMNS} from missions where enabled and ends_at <= $1 order by ends_at desc, id desc`,
    [now],
  );
}

export async function listMissions(db: Queryable, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db.query<MissionDb & { claims: number }>(
      `select ${COLUMNS}, (select count(*)::int from mission_claims c where c.mission_id = missions.id) as claims
         from missions order by id desc limit $1 offset $2`,
      [limit, offset],
    ),
    db.query<{ total: number }>('select count(*)::int as total from missions'),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export function claimCount(db: Queryable, missionId: number) {
  return db
    .query<{ claims: number }>('select count(*)::int as claims from mission_claims where mission_id = $1', [
      missionId,
    ])
    .then(([row]) => row?.claims ?? 0);
}

/** The milestones a member claimed in the given missions' periods. */
export function claimsOf(db: Queryable, memberId: number, periods: { missionId: number; period: string }[]) {
  return db.query<{ mission_id: number; period: string; milestone: number }>(
    `select c.mission_id, c.period, c.milestone from mission_claims c
       join unnest($2::int[], $3::text[]) as p(mission_id, period)
         on p.mission_id = c.mission_id and p.period = c.period
      where c.member_id = $1`,
    [memberId, periods.map((row) => row.missionId), periods.map((row) => row.period)],
  );
}

export interface NewClaim {
  missionId: number;
  memberId: number;
  period: string;
  milestone: number;
  target: bigint;
  value: bigint;
  cash: bigint;
  points: bigint;
  tickets: number;
  turnoverMultiple: number;
}

/** Records the claim unless the member claimed this milestone in this period; answers its id, or null. */
export async function insertClaim(tx: Transaction, claim: NewClaim, now: Date): Promise<bigint | null> {
  const [row] = await tx.query<{ id: bigint }>(
    `insert into mission_claims (mission_id, member_id, period, milestone, target, value, cash, points,
       tickets, turnover_multiple, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (mission_id, member_id, period, milestone) do nothing returning id`,
    [
      claim.missionId,
      claim.memberId,
      claim.period,
      claim.milestone,
      claim.target,
      claim.value,
      claim.cash,
      claim.points,
      claim.tickets,
      claim.turnoverMultiple,
      now,
    ],
  );
  return row ? BigInt(row.id) : null;
}

/** Ended events not settled yet whose end is at or before `before`. */
export function eventsToSettle(db: Queryable, before: Date) {
  return db.query<{ id: number }>(
    `select id from missions where kind = 'event' and settled_at is null and ends_at <= $1 order by ends_at, id`,
    [before],
  );
}

/** Marks the event settled: true for the first caller only (another waits for its commit, then finds it set). */
export async function markSettled(tx: Transaction, id: number, now: Date): Promise<boolean> {
  const rows = await tx.query(
    'update missions set settled_at = $2 where id = $1 and settled_at is null returning id',
    [id, now],
  );
  return rows.length > 0;
}

export async function insertResult(
  tx: Transaction,
  row: {
    missionId: number;
    rank: number;
    memberId: number;
    value: bigint;
    reachedAt: Date;
    cash: bigint;
    points: bigint;
  },
): Promise<void> {
  await tx.query(
    `insert into mission_results (mission_id, rank, member_id, value, reached_at, cash, points)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.missionId, row.rank, row.memberId, row.value, row.reachedAt, row.cash, row.points],
  );
}

export function resultsOf(db: Queryable, missionId: number) {
  return db.query<{
    rank: number;
    member_id: number;
    username: string;
    value: bigint;
    reached_at: Date;
    cash: bigint;
    points: bigint;
  }>(
    `select r.rank, r.member_id, m.username, r.value, r.reached_at, r.cash, r.points
       from mission_results r join members m on m.id = r.member_id
      where r.mission_id = $1 order by r.rank`,
    [missionId],
  );
}

/** Real members (not trial accounts) among the given ones: the leaderboard ranks only them. */
export function realMembers(db: Queryable, memberIds: readonly number[]) {
  return db.query<{ id: number; username: string }>(
    'select id, username from members where id = any($1::int[]) and type <> 4',
    [memberIds],
  );
}
