import type { Queryable } from '../../db/database.ts';
import { TEAM_MONEY_DAYS, TEAM_OF_AGENT, TEAM_PLAY_DAYS } from './metrics-store.ts';

/**
 * SQL of the team reports. The team is always TEAM_OF_AGENT (metrics-store.ts); the roll-ups give the figures, the
 * rounds and the ledger only the paged lists (team betting, downline account details) and the caller's own income.
 */

export interface TeamMemberDb {
  id: number;
  username: string;
  type: number;
}

export async function memberById(db: Queryable, id: number): Promise<TeamMemberDb | null> {
  const [row] = await db.query<TeamMemberDb>('select id, username, type from members where id = $1', [id]);
  return row ?? null;
}

export interface TeamExtrasDb {
  team_agents: number;
  team_members: number;
  new_signups: number;
  first_deposit_count: number;
  first_deposits: bigint;
  deposit_count: number;
  withdrawals: bigint;
  withdrawal_count: number;
  team_balance: bigint;
}

export interface TeamRangeQuery {
  agentId: number;
  includeAgent: boolean;
  agentTypes: readonly number[];
  fromDay: string;
  toDay: string;
  /** The period's first instant and the instant after it (the merchant's midnights). */
  from: Date;
  to: Date;
}

/** What the team overview shows beyond teamFigures: team size, sign-ups, first deposits, withdrawals, balance. */
export async function teamExtras(db: Queryable, query: TeamRangeQuery): Promise<TeamExtrasDb> {
  const [row] = await db.query<TeamExtrasDb>(
    `with team as (${TEAM_OF_AGENT}),
     downlines as (
       select id, type, created_at from members
        where agent_path @> array[$1::int] and type <> 4 and id <> $1::int
     ), money as (
       select coalesce(sum(deposit_count), 0)::int as deposit_count,
              coalesce(sum(first_deposit_count), 0)::int as first_deposit_count,
              coalesce(sum(first_deposit), 0)::bigint as first_deposits,
              coalesce(sum(withdrawals), 0)::bigint as withdrawals,
              coalesce(sum(withdrawal_count), 0)::int as withdrawal_count
         from (${TEAM_MONEY_DAYS}) d
        where day between $3::date and $4::date
     )
     select (select count(*) filter (where type = any($7::int[])) from downlines)::int as team_agents,
            (select count(*) filter (where type <> all($7::int[])) from downlines)::int as team_members,
            (select count(*) from downlines where created_at >= $5 and created_at < $6)::int as new_signups,
            money.*,
            (select coalesce(sum(balance), 0) from ledger_accounts
              where member_id in (select id from team) and kind in ('main', 'vendor'))::bigint as team_balance
       from money`,
    [query.agentId, query.includeAgent, query.fromDay, query.toDay, query.from, query.to, query.agentTypes],
  );
  if (!row) throw new Error('team extras: no row');
  return row;
}

export interface TeamDayDb {
  day: string;
  valid_bet: bigint;
  payout: bigint;
  deposits: bigint;
  withdrawals: bigint;
  new_signups: number;
}

/** The team's figures per day of the period (only days with something; the service fills the others). */
export async function teamDays(
  db: Queryable,
  query: TeamRangeQuery & { timeZone: string },
): Promise<TeamDayDb[]> {
  return db.query<TeamDayDb>(
    `with play as (
       select day, sum(valid_bet)::bigint as valid_bet, sum(payout)::bigint as payout
         from (${TEAM_PLAY_DAYS}) p where day between $3::date and $4::date
        group by day
     ), money as (
       select day, sum(deposits)::bigint as deposits, sum(withdrawals)::bigint as withdrawals
         from (${TEAM_MONEY_DAYS}) d where day between $3::date and $4::date
        group by day
     ), signups as (
       select (created_at at time zone $7)::date as day, count(*)::int as new_signups
         from members
        where agent_path @> array[$1::int] and type <> 4 and id <> $1::int and created_at >= $5 and created_at < $6
        group by 1
     )
     select to_char(day, 'YYYY-MM-DD') as day, coalesce(play.valid_bet, 0)::bigint as valid_bet,
            coalesce(play.payout, 0)::bigint as payout, coalesce(money.deposits, 0)::bigint as deposits,
            coalesce(money.withdrawals, 0)::bigint as withdrawals, coalesce(signups.new_signups, 0)::int as new_signups
       from play full join money using (day) full join signups using (day)
      order by day`,
    [query.agentId, query.includeAgent, query.fromDay, query.toDay, query.from, query.to, query.timeZone],
  );
}

export interface TeamBetDb {
  id: bigint;
  started_at: Date;
  updated_at: Date;
  username: string;
  game_name: string;
  product: string;
  bet: bigint;
  win: bigint;
  status: 'open' | 'settled' | 'void';
  play_money: boolean;
}

/**
 * A page of the rounds placed in [from, to) by the user (`self`), the user and its direct downlines (`direct`) or
 * its whole branch (`team`), newest first. The user is in the caller's team (checked before).
 */
export async function teamBets(
  db: Queryable,
  query: {
    userId: number;
    scope: 'self' | 'direct' | 'team';
    from: Date;
    to: Date;
    product: string | null;
    status: string | null;
    language: string;
    offset: number;
    limit: number;
  },
): Promise<{ rows: TeamBetDb[]; total: number }> {
  const params = [
    query.userId,
    query.scope,
    query.from,
    query.to,
    query.product,
    query.status,
    query.language,
    query.limit,
    query.offset,
  ];
  const where = `from game_rounds r
     join members m on m.id = r.member_id
     join games g on g.id = r.game_id
     join game_vendors v on v.id = g.vendor_id
    where m.agent_path @> array[$1::int] and m.type <> 4
      and ($2::text = 'team' or m.id = $1::int or ($2::text = 'direct' and m.upline_id = $1::int))
      and r.started_at >= $3 and r.started_at < $4
      and ($5::text is null or v.game_type = $5::text) and ($6::text is null or r.status = $6::text)`;
  const rows = await db.query<TeamBetDb>(
    `select r.id, r.started_at, r.updated_at, m.username,
            coalesce(g.names ->> $7::text, g.names ->> 'EN', g.code) as game_name, v.game_type as product,
            r.bet, r.win, r.status, r.play_money
       ${where}
      order by r.started_at desc, r.id desc limit $8 offset $9`,
    params,
  );
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total ${where}`,
    params.slice(0, 6),
  );
  return { rows, total: count?.total ?? 0 };
}

export interface LossRowDb {
  member_id: number;
  username: string;
  type: number;
  self: boolean;
  members: number;
  valid_bet: bigint;
  payout: bigint;
  rebates: bigint;
  bonuses: bigint;
}

/**
 * The user loss statement of a user of the team: one row for the user's own play (when its play counts, includeAgent)
 * and one per direct downline summing that downline's whole branch; every row, sorted (the user first, then by
 * username). The service pages them and totals them.
 */
export async function lossRows(
  db: Queryable,
  query: { userId: number; includeAgent: boolean; fromDay: string; toDay: string; product: string | null },
): Promise<LossRowDb[]> {
  return db.query<LossRowDb>(
    `with team as (
       select id, case when id = $1::int then $1::int else agent_path[array_position(agent_path, $1::int) + 1] end
                as head
         from members
        where agent_path @> array[$1::int] and type <> 4 and ($2::boolean or id <> $1::int)
     ), play as (
       select t.head, sum(p.valid_bet)::bigint as valid_bet, sum(p.payout)::bigint as payout
         from agent_play_days p join team t on t.id = p.member_id
        where p.day between $3::date and $4::date and ($5::text is null or p.product = $5::text)
        group by t.head
     ), money as (
       select t.head, sum(d.rebates)::bigint as rebates, sum(d.bonuses)::bigint as bonuses
         from agent_money_days d join team t on t.id = d.member_id
        where d.day between $3::date and $4::date and $5::text is null
        group by t.head
     ), heads as (
       select head, count(*)::int as members from team group by head
     )
     select m.id as member_id, m.username, m.type, m.id = $1::int as self, heads.members,
            coalesce(play.valid_bet, 0)::bigint as valid_bet, coalesce(play.payout, 0)::bigint as payout,
            coalesce(money.rebates, 0)::bigint as rebates, coalesce(money.bonuses, 0)::bigint as bonuses
       from heads join members m on m.id = heads.head
       left join play using (head) left join money using (head)
      order by m.id <> $1::int, lower(m.username)`,
    [query.userId, query.includeAgent, query.fromDay, query.toDay, query.product],
  );
}

export interface IncomeDb {
  kind: string;
  credit: bigint;
  debit: bigint;
}

/** What moved the member's main wallet in [from, to), per kind of posting: credits and debits apart. */
export async function mainWalletByKind(
  db: Queryable,
  query: { memberId: number; from: Date; to: Date; kinds: readonly string[] },
): Promise<IncomeDb[]> {
  return db.query<IncomeDb>(
    `select t.kind, coalesce(sum(e.amount) filter (where e.amount > 0), 0)::bigint as credit,
            coalesce(-sum(e.amount) filter (where e.amount < 0), 0)::bigint as debit
       from ledger_accounts a
       join ledger_entries e on e.account_id = a.id
       join ledger_transactions t on t.id = e.transaction_id
      where a.member_id = $1 and a.kind = 'main' and e.created_at >= $2 and e.created_at < $3
        and t.kind = any($4::text[])
      group by t.kind`,
    [query.memberId, query.from, query.to, query.kinds],
  );
}

export interface DownlineEntryDb {
  id: bigint;
  created_at: Date;
  username: string;
  kind: string;
  account_kind: string;
  vendor: string | null;
  amount: bigint;
  balance_after: bigint;
}

/**
 * A page of the ledger lines of the agent's downlines' spendable wallets (main and game) in [from, to), newest first:
 * one downline's (memberId) or the whole branch's without the agent itself.
 */
export async function downlineEntries(
  db: Queryable,
  query: {
    agentId: number;
    memberId: number | null;
    kind: string | null;
    from: Date;
    to: Date;
    offset: number;
    limit: number;
  },
): Promise<{ rows: DownlineEntryDb[]; total: number }> {
  const params = [query.agentId, query.memberId, query.kind, query.from, query.to, query.limit, query.offset];
  const where = `from members m
     join ledger_accounts a on a.member_id = m.id and a.kind in ('main', 'vendor')
     join ledger_entries e on e.account_id = a.id
     join ledger_transactions t on t.id = e.transaction_id
    where m.agent_path @> array[$1::int] and m.id <> $1::int and m.type <> 4
      and ($2::int is null or m.id = $2::int) and ($3::text is null or t.kind = $3::text)
      and e.created_at >= $4 and e.created_at < $5`;
  const rows = await db.query<DownlineEntryDb>(
    `select e.id, e.created_at, m.username, t.kind, a.kind as account_kind, a.vendor, e.amount,
            e.balance_after
       ${where}
      order by e.created_at desc, e.id desc limit $6 offset $7`,
    params,
  );
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total ${where}`,
    params.slice(0, 5),
  );
  return { rows, total: count?.total ?? 0 };
}
