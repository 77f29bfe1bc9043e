import type { Queryable } from '../../db/database.ts';

/** The vip area's SQL: levels, members' growth and rank, growth days, runs, rewards, reviews, labels, referrals. */

export interface LevelDb {
  rank: number;
  name: string;
  growth: bigint;
  keep_growth: bigint;
  level_up_bonus: bigint;
  weekly_reward: bigint;
  weekly_min_valid_bet: bigint;
  monthly_reward: bigint;
  monthly_min_valid_bet: bigint;
  turnover_multiple: number;
}

const LEVEL_COLUMNS = `rank, name, growth, keep_growth, level_up_bonus, weekly_reward, weekly_min_valid_bet,
  monthly_reward, monthly_min_valid_bet, turnover_multiple`;

export function levels(db: Queryable) {
  return db.query<LevelDb>(`select ${LEVEL_COLUMNS} from vip_levels order by rank`);
}

export async function upsertLevel(tx: Queryable, level: LevelDb): Promise<void> {
  await tx.query(
    `insert into vip_levels (${LEVEL_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (rank) do update set name = excluded.name, growth = excluded.growth,
       keep_growth = excluded.keep_growth, level_up_bonus = excluded.level_up_bonus,
       weekly_reward = excluded.weekly_reward, weekly_min_valid_bet = excluded.weekly_min_valid_bet,
       monthly_reward = excluded.monthly_reward, monthly_min_valid_bet = excluded.monthly_min_valid_bet,
       turnover_multiple = excluded.turnover_multiple`,
    [
      level.rank,
      level.name,
      level.growth,
      level.keep_growth,
      level.level_up_bonus,
      level.weekly_reward,
      level.weekly_min_valid_bet,
      level.monthly_reward,
      level.monthly_min_valid_bet,
      level.turnover_multiple,
    ],
  );
}

export async function removeLevel(tx: Queryable, rank: number): Promise<void> {
  await tx.query('delete from vip_levels where rank = $1', [rank]);
}

/** Levels are edited one at a time: the editor's writes queue behind each other (the order check reads them all). */
export async function lockLevels(tx: Queryable): Promise<void> {
  await tx.query('lock table vip_levels in share row exclusive mode');
}

export async function holdersOf(db: Queryable, rank: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from vip_members where rank = $1',
    [rank],
  );
  return row?.count ?? 0;
}

export interface VipMemberDb {
  member_id: number;
  growth: bigint;
  rank: number;
}

export async function vipMember(db: Queryable, memberId: number): Promise<VipMemberDb> {
  const [row] = await db.query<VipMemberDb>(
    'select member_id, growth, rank from vip_members where member_id = $1',
    [memberId],
  );
  return row ?? { member_id: memberId, growth: 0n, rank: 0 };
}

/** A member's growth accrued on the merchant days from `day` (an ISO date) on. */
export async function growthSince(db: Queryable, memberId: number, day: string): Promise<bigint> {
  const [row] = await db.query<{ growth: bigint }>(
    'select coalesce(sum(growth), 0)::bigint as growth from vip_growth_days where member_id = $1 and day >= $2',
    [memberId, day],
  );
  return row?.growth ?? 0n;
}

/** Claims a job's period in the caller's transaction: false when another run has it (or had it). */
export async function claimRun(tx: Queryable, kind: string, period: string, at: Date): Promise<boolean> {
  const rows = await tx.query(
    `insert into vip_runs (kind, period, finished_at) values ($1, $2, $3) on conflict do nothing returning kind`,
    [kind, period, at],
  );
  return rows.length === 1;
}

/** Records a day's growth of members; answers the rows that were new (a day counts once per member). */
export function insertGrowthDays(
  tx: Queryable,
  day: string,
  rows: readonly { memberId: number; deposits: bigint; weightedBet: bigint; growth: bigint }[],
) {
  if (rows.length === 0) return Promise.resolve([]);
  return tx.query<{ member_id: number; growth: bigint }>(
    `insert into vip_growth_days (member_id, day, deposits, weighted_bet, growth)
     select * from unnest($1::int[], array_fill($2::date, array[$6::int]), $3::bigint[], $4::bigint[], $5::bigint[])
     on conflict do nothing returning member_id, growth`,
    [
      rows.map((row) => row.memberId),
      day,
      rows.map((row) => row.deposits.toString()),
      rows.map((row) => row.weightedBet.toString()),
      rows.map((row) => row.growth.toString()),
      rows.length,
    ],
  );
}

export async function addGrowth(tx: Queryable, memberId: number, growth: bigint, at: Date): Promise<void> {
  await tx.query(
    `insert into vip_members (member_id, growth, rank, updated_at) values ($1, $2, 0, $3)
     on conflict (member_id) do update set growth = vip_members.growth + excluded.growth, updated_at = $3`,
    [memberId, growth, at],
  );
}

/** Members whose growth reaches a level above theirs, with the highest such rank; locked for the promotion. */
export function promotable(tx: Queryable) {
  return tx.query<{ member_id: number; rank: number; target: number; growth: bigint }>(
    `select m.member_id, m.rank, max(l.rank) as target, m.growth from vip_members m
       join vip_levels l on l.rank > m.rank and l.growth <= m.growth
      group by m.member_id, m.rank, m.growth order by m.member_id`,
  );
}

export async function setRank(
  tx: Queryable,
  memberId: number,
  rank: number,
  growth: bigint | null,
  at: Date,
): Promise<void> {
  await tx.query(
    `insert into vip_members (member_id, growth, rank, updated_at) values ($1, coalesce($3, 0), $2, $4)
     on conflict (member_id) do update set rank = $2, growth = coalesce($3, vip_members.growth), updated_at = $4`,
    [memberId, rank, growth, at],
  );
}

/** Members above rank 0 and their growth in the days from..to (the monthly review). */
export function rankedWithGrowth(db: Queryable, from: string, to: string) {
  return db.query<{ member_id: number; rank: number; growth: bigint; period_growth: bigint }>(
    `select m.member_id, m.rank, m.growth,
            coalesce((select sum(g.growth) from vip_growth_days g
                       where g.member_id = m.member_id and g.day between $1 and $2), 0)::bigint as period_growth
       from vip_members m where m.rank > 0 order by m.member_id`,
    [from, to],
  );
}

export async function insertReview(
  tx: Queryable,
  review: { memberId: number; month: string; before: number; after: number; growth: bigint; at: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `insert into vip_reviews (member_id, month, rank_before, rank_after, growth, reviewed_at)
     values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning member_id`,
    [review.memberId, review.month, review.before, review.after, review.growth, review.at],
  );
  return rows.length === 1;
}

/** Ranks of members (0 for those without a row). */
export async function ranksOf(db: Queryable, memberIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db.query<{ member_id: number; rank: number }>(
    'select member_id, rank from vip_members where member_id = any($1::int[])',
    [memberIds],
  );
  return new Map(rows.map((row) => [row.member_id, row.rank]));
}

export interface RewardDb {
  id: bigint;
  member_id: number;
  kind: 'level_up' | 'weekly' | 'monthly';
  period: string;
  rank: number;
  amount: bigint;
  turnover_multiple: number;
  status: 'available' | 'claimed';
  created_at: Date;
  claimed_at: Date | null;
}

const REWARD_COLUMNS =
  'id, member_id, kind, period, rank, amount, turnover_multiple, status, created_at, claimed_at';

/** A reward, once per member, kind and period: null when it already exists. */
export async function insertReward(
  tx: Queryable,
  reward: Omit<RewardDb, 'id' | 'claimed_at' | 'created_at'>,
  at: Date,
): Promise<RewardDb | null> {
  const [row] = await tx.query<RewardDb>(
    `insert into vip_rewards (member_id, kind, period, rank, amount, turnover_multiple, status, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing returning ${REWARD_COLUMNS}`,
    [
      reward.member_id,
      reward.kind,
      reward.period,
      reward.rank,
      reward.amount,
      reward.turnover_multiple,
      reward.status,
      at,
    ],
  );
  return row ?? null;
}

export async function rewardForUpdate(tx: Queryable, memberId: number, id: number): Promise<RewardDb | null> {
  const [row] = await tx.query<RewardDb>(
    `select ${REWARD_COLUMNS} from vip_rewards where id = $1 and member_id = $2 for update`,
    [id, memberId],
  );
  return row ?? null;
}

export async function markClaimed(tx: Queryable, id: bigint, transactionId: bigint, at: Date) {
  const [row] = await tx.query<RewardDb>(
    `update vip_rewards set status = 'claimed', claimed_at = $3, transaction_id = $2 where id = $1
     returning ${REWARD_COLUMNS}`,
    [id, transactionId, at],
  );
  return row as RewardDb;
}

export function rewardsOf(db: Queryable, memberId: number, limit = 50) {
  return db.query<RewardDb>(
    `select ${REWARD_COLUMNS} from vip_rewards where member_id = $1 order by id desc limit $2`,
    [memberId, limit],
  );
}

/** The member's rewards still to claim, oldest first. */
export function availableRewardsOf(db: Queryable, memberId: number) {
  return db.query<RewardDb>(
    `select ${REWARD_COLUMNS} from vip_rewards where member_id = $1 and status = 'available' order by id`,
    [memberId],
  );
}

/** The member's rewards received (claimed, or paid at a promotion) since the instant, newest first. */
export function rewardsClaimedSince(db: Queryable, memberId: number, since: Date, limit: number) {
  return db.query<RewardDb>(
    `select ${REWARD_COLUMNS} from vip_rewards where member_id = $1 and status = 'claimed' and claimed_at >= $2
      order by claimed_at desc, id desc limit $3`,
    [memberId, since, limit],
  );
}

export interface LabelDb {
  id: number;
  name: string;
  color: string;
  members: number;
}

export function labels(db: Queryable) {
  return db.query<LabelDb>(
    `select d.id, d.name, d.color, (select count(*)::int from member_label_assignments a where a.label_id = d.id) as members
       from member_label_defs d order by lower(d.name)`,
  );
}

export async function label(db: Queryable, id: number): Promise<LabelDb | null> {
  const [row] = await db.query<LabelDb>(
    `select d.id, d.name, d.color, (select count(*)::int from member_label_assignments a where a.label_id = d.id) as members
       from member_label_defs d where d.id = $1`,
    [id],
  );
  return row ?? null;
}

export async function insertLabel(tx: Queryable, name: string, color: string, at: Date): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    'insert into member_label_defs (name, color, created_at) values ($1, $2, $3) returning id',
    [name, color, at],
  );
  return row?.id as number;
}

/** Removes a label; answers the members who held it. */
export async function removeLabel(tx: Queryable, id: number): Promise<number[]> {
  const holders = await tx.query<{ member_id: number }>(
    'select member_id from member_label_assignments where label_id = $1 for update',
    [id],
  );
  await tx.query('delete from member_label_defs where id = $1', [id]);
  return holders.map((row) => row.member_id);
}

export async function assign(tx: Queryable, memberId: number, labelId: number, operatorId: number, at: Date) {
  await tx.query(
    `insert into member_label_assignments (member_id, label_id, operator_id, assigned_at) values ($1, $2, $3, $4)
     on conflict do nothing`,
    [memberId, labelId, operatorId, at],
  );
}

export async function unassign(tx: Queryable, memberId: number, labelId: number) {
  await tx.query('delete from member_label_assignments where member_id = $1 and label_id = $2', [
    memberId,
    labelId,
  ]);
}

export function labelsOfMember(db: Queryable, memberId: number) {
  return db.query<{ id: number; name: string; color: string }>(
    `select d.id, d.name, d.color from member_label_assignments a join member_label_defs d on d.id = a.label_id
      where a.member_id = $1 order by lower(d.name)`,
    [memberId],
  );
}

export interface ReferralRewardDb {
  referee_id: number;
  referrer_id: number;
  status: 'paid' | 'refused';
  reason: string;
  amount: bigint;
  deposits: bigint;
}

export function referralRewardsOf(db: Queryable, referrerId: number) {
  return db.query<ReferralRewardDb>(
    'select referee_id, referrer_id, status, reason, amount, deposits from referral_rewards where referrer_id = $1',
    [referrerId],
  );
}

/** The referrer's rewards paid since the instant, newest first. */
export function referralRewardsPaidSince(db: Queryable, referrerId: number, since: Date, limit: number) {
  return db.query<ReferralRewardDb & { decided_at: Date }>(
    `select referee_id, referrer_id, status, reason, amount, deposits, decided_at from referral_rewards
      where referrer_id = $1 and status = 'paid' and decided_at >= $2 order by decided_at desc limit $3`,
    [referrerId, since, limit],
  );
}

export async function decided(db: Queryable, refereeIds: readonly number[]): Promise<Set<number>> {
  const rows = await db.query<{ referee_id: number }>(
    'select referee_id from referral_rewards where referee_id = any($1::int[])',
    [refereeIds],
  );
  return new Set(rows.map((row) => row.referee_id));
}

/** Holds the referrer's rewards while one is decided (the cap counts what is paid). */
export async function lockReferrer(tx: Queryable, referrerId: number): Promise<void> {
  await tx.query("select pg_advisory_xact_lock(hashtext('vip.referral'), $1)", [referrerId]);
}

export async function paidCount(tx: Queryable, referrerId: number): Promise<number> {
  const [row] = await tx.query<{ count: number }>(
    "select count(*)::int as count from referral_rewards where referrer_id = $1 and status = 'paid'",
    [referrerId],
  );
  return row?.count ?? 0;
}

/** Records the decision on a friend, once: false when it was already decided. */
export async function insertReferralDecision(
  tx: Queryable,
  row: {
    refereeId: number;
    referrerId: number;
    status: 'paid' | 'refused';
    reason: string;
    amount: bigint;
    deposits: bigint;
    at: Date;
  },
): Promise<boolean> {
  const rows = await tx.query(
    `insert into referral_rewards (referee_id, referrer_id, status, reason, amount, deposits, decided_at)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning referee_id`,
    [row.refereeId, row.referrerId, row.status, row.reason, row.amount, row.deposits, row.at],
  );
  return rows.length === 1;
}

export async function setReferralPosting(
  tx: Queryable,
  refereeId: number,
  transactionId: bigint,
): Promise<void> {
  await tx.query('update referral_rewards set transaction_id = $2 where referee_id = $1', [
    refereeId,
    transactionId,
  ]);
}
