import type { Queryable } from '../../db/database.ts';

/**
 * The betting-record rounds (`game_rounds`), SQL only. Only the round owner (round-owner.ts) writes through it: a
 * round's row, its ledger posting and its turnover change together there, in the caller's transaction.
 */

/** What `roundsTurnover` reads of a round (`r`, its game's vendor `v`). */
const TURNOVER_COLUMNS = `r.id, r.member_id, r.status, r.play_money,
  greatest(r.bet - r.low_risk_stake, 0) as valid_stake, r.turnover_counted, v.game_type as product_type, r.bet, r.win`;

/**
 * Adds a stake or a win to the member's round of the game, opening the round on its first transaction (a win without
 * a bet, a free round's, opens it too); a closed round is settled.
 */
export async function addToRound(
  tx: Queryable,
  round: {
    memberId: number;
    gameId: number;
    ref: string;
    currency: string;
    closed: boolean;
    /** Played with a trial account's play money (only a new round takes it); money when left out. */
    playMoney?: boolean;
  },
  amounts: { bet: bigint; win: bigint; lowRiskStake?: bigint },
  now: Date,
): Promise<bigint> {
  return (await addToRoundRead(tx, round, amounts, now)).id;
}

/** `addToRound`, answering the round as written, as `roundTurnover` reads it: the round owner reads it no more. */
export async function addToRoundRead(
  tx: Queryable,
  round: Parameters<typeof addToRound>[1],
  amounts: { bet: bigint; win: bigint; lowRiskStake?: bigint },
  now: Date,
): Promise<RoundTurnoverDb> {
  const [row] = await tx.query<RoundTurnoverDb>(
    `with r as (
       insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at,
         play_money, low_risk_stake)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $10, coalesce($11, 0))
       on conflict (member_id, game_id, round_ref) do update
         set bet = game_rounds.bet + excluded.bet, win = game_rounds.win + excluded.win,
             updated_at = excluded.updated_at, status = case when $9 then 'settled' else game_rounds.status end,
             low_risk_stake = coalesce($11, game_rounds.low_risk_stake)
       returning *)
     select ${TURNOVER_COLUMNS}
     from r join games g on g.id = r.game_id join game_vendors v on v.id = g.vendor_id`,
    [
      round.memberId,
      round.gameId,
      round.ref,
      round.currency,
      amounts.bet,
      amounts.win,
      round.closed ? 'settled' : 'open',
      now,
      round.closed,
      round.playMoney ?? false,
      amounts.lowRiskStake ?? null,
    ],
  );
  if (!row) throw new Error('the round was not written');
  return row;
}

/** Records the operator who settled the round; it is closed (void when nothing is left staked or won). */
/** Whether the member's round of this game and reference was already opened. */
export async function roundExists(tx: Queryable, round: { memberId: number; gameId: number; ref: string }) {
  const rows = await tx.query(
    'select 1 from game_rounds where member_id = $1 and game_id = $2 and round_ref = $3',
    [round.memberId, round.gameId, round.ref],
  );
  return rows.length > 0;
}

export async function markRoundSettledBy(tx: Queryable, id: bigint, operatorId: number, now: Date) {
  await tx.query(
    `update game_rounds set settled_by = $2, updated_at = $3,
       status = case when status <> 'open' then status when bet = 0 and win = 0 then 'void' else 'settled' end
     where id = $1`,
    [id, operatorId, now],
  );
}

/** Takes a reversed bet or win out of its round; a round left with nothing staked or won is void. */
export async function reverseInRound(
  tx: Queryable,
  id: bigint,
  part: { bet: bigint; win: bigint },
  now: Date,
) {
  await tx.query(
    `update game_rounds set bet = greatest(bet - $2::bigint, 0), win = greatest(win - $3::bigint, 0), updated_at = $4,
       status = case when greatest(bet - $2::bigint, 0) = 0 and greatest(win - $3::bigint, 0) = 0 then 'void'
                     else status end
     where id = $1`,
    [id, part.bet, part.win, now],
  );
}

/** Settles a batch of rounds, each with its win added (the lottery's tickets of a draw), in one statement. */
export async function settleRounds(tx: Queryable, rounds: { id: bigint; win: bigint }[], now: Date) {
  if (rounds.length === 0) return;
  await tx.query(
    `update game_rounds r set win = r.win + v.win, status = 'settled', updated_at = $3
     from unnest($1::bigint[], $2::bigint[]) as v(id, win)
     where r.id = v.id`,
    [rounds.map((round) => round.id.toString()), rounds.map((round) => round.win.toString()), now],
  );
}

/** What a round's turnover depends on: settled or not, play money, its valid stake, its product type. */
export interface RoundTurnoverDb {
  id: bigint;
  member_id: number;
  status: 'open' | 'settled' | 'void';
  play_money: boolean;
  /** The stake less its low-risk part. */
  valid_stake: bigint;
  turnover_counted: bigint;
  product_type: string;
  /** The round's whole stake and payout (the risk area's big-win rule reads them). */
  bet: bigint;
  win: bigint;
}

/** roundTurnover of many rounds in one statement (a settled batch). */
export function roundsTurnover(tx: Queryable, ids: bigint[]): Promise<RoundTurnoverDb[]> {
  return tx.query<RoundTurnoverDb>(
    `select ${TURNOVER_COLUMNS}
     from game_rounds r join games g on g.id = r.game_id join game_vendors v on v.id = g.vendor_id
     where r.id = any($1::bigint[])`,
    [ids],
  );
}

/**
 * What each round now counts towards turnover, in one statement. From arrays (unnest), not a JSON document: the
 * planner knows how many rows arrays hold and looks each round up by its key, where a JSON document's 100 rows
 * guessed made it read the whole table (2.5 ms a round under the soak, a quarter of the database's time).
 */
export async function setTurnoverCounted(tx: Queryable, rounds: { id: bigint; counted: bigint }[]) {
  if (rounds.length === 0) return;
  await tx.query(
    `update game_rounds r set turnover_counted = v.counted
     from unnest($1::bigint[], $2::bigint[]) as v(id, counted)
     where r.id = v.id and r.turnover_counted <> v.counted`,
    [rounds.map((round) => round.id.toString()), rounds.map((round) => round.counted.toString())],
  );
}
