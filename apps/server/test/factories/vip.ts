import type { Queryable } from '../../src/db/database.ts';
import { openSession } from '../../src/platform/sessions.ts';
import type { TestApp } from '../harness.ts';

/** Helpers for the VIP and referral tests: settings, members' levels and growth, referred friends. */

export async function saveVipSettings(db: Queryable, value: Record<string, unknown>): Promise<void> {
  await db.query(
    `insert into site_settings (key, value) values ('vip', $1) on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(value)],
  );
}

/** Puts a member at a level with some growth, as the VIP job would have. */
export async function setVipLevel(
  db: Queryable,
  memberId: number,
  rank: number,
  growth: bigint,
): Promise<void> {
  await db.query(
    `insert into vip_members (member_id, growth, rank, updated_at) values ($1, $2, $3, now())
     on conflict (member_id) do update set growth = $2, rank = $3`,
    [memberId, growth, rank],
  );
  await db.query('update members set club_rank = $2, club_label = $3 where id = $1', [
    memberId,
    rank,
    `VIP${rank}`,
  ]);
}

export async function addGrowthDay(
  db: Queryable,
  memberId: number,
  day: string,
  growth: bigint,
): Promise<void> {
  await db.query(
    `insert into vip_growth_days (member_id, day, deposits, weighted_bet, growth) values ($1, $2, 0, 0, $3)`,
    [memberId, day, growth],
  );
}

let friends = 0;

/** A member who registered with the referrer's code at `at`, from its own address unless told. */
export async function referredFriend(
  db: Queryable,
  referrerId: number,
  at: Date,
  facts: { ip?: string; mobile?: string; device?: string } = {},
): Promise<number> {
  friends += 1;
  const [row] = await db.query<{ id: number }>(
    `insert into members (username, type, referred_by, created_at, register_ip, mobile, country_dialing_code,
                          last_login_device)
     values ($1, 0, $2, $3, $4, $5, case when $5::text is null then null else '84' end, $6) returning id`,
    [
      `friend${process.pid % 10_000}n${friends}`,
      referrerId,
      at,
      facts.ip ?? `10.0.${friends}.1`,
      facts.mobile ?? null,
      facts.device ?? '',
    ],
  );
  return row?.id as number;
}

/** A fresh session of an existing member, at the test clock's time. */
export async function signIn(t: TestApp, memberId: number): Promise<string> {
  const session = await openSession(
    t.db,
    { kind: 'member', id: memberId },
    t.config.memberSession,
    t.clock.now(),
    '127.0.0.1',
    t.deps.rng,
  );
  return session.token;
}
