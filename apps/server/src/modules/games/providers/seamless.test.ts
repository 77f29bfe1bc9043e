import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { recordsEndpoints, walletPlayerEndpoints } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mainBalance,
  type ProviderWorld,
  playerInGame,
  SEAMLESS,
  startProviderWorld,
} from '../../../../test/factories/game-providers.ts';
import { openTestObligation } from '../../../../test/factories/wallet.ts';
import { TEST_DATABASE } from '../../../../test/harness.ts';

/**
 * Conformance of our seamless wallet to Hub88's Operator Wallet API, over real HTTP: the simulator signs and sends
 * every call as an aggregator would. PHP has 2 decimals: 1.00 PHP is 100 minor units and 100000 Hub88 units.
 */
const HUB = 1000n;
const hub = (minor: bigint) => Number(minor * HUB);

let world: ProviderWorld;

/** What a turnover obligation has been contributed so far (minor units). */
async function contributed(obligation: bigint): Promise<bigint | undefined> {
  const [row] = await world.t.db.query<{ contributed: bigint }>(
    'select contributed from turnover_obligations where id = $1',
    [obligation],
  );
  return row?.contributed;
}
beforeAll(async () => {
  world = await startProviderWorld();
});
afterAll(async () => {
  await world.close();
});

const call = (path: string, body: Record<string, unknown>) =>
  world.sim.walletCall(SEAMLESS.operatorId, path, body);

/** A bet's body for a player's session: stake in minor units. */
function betBody(
  player: { user: string; token: string },
  stake: bigint,
  extra: Record<string, unknown> = {},
) {
  return {
    user: player.user,
    token: player.token,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    round: randomUUID(),
    round_closed: false,
    game_code: 'jdb_lucky_seven',
    currency: 'PHP',
    amount: hub(stake),
    is_free: false,
    ...extra,
  };
}

function winBody(
  player: { user: string; token: string },
  bet: { transaction_uuid: string; round: string },
  paid: bigint,
) {
  return {
    user: player.user,
    token: player.token,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: bet.transaction_uuid,
    round: bet.round,
    round_closed: true,
    game_code: 'jdb_lucky_seven',
    currency: 'PHP',
    amount: hub(paid),
  };
}

async function ledgerPostings(memberId: number) {
  const rows = await world.t.db.query<{ n: number }>(
    "select count(*)::int as n from ledger_transactions where member_id = $1 and idempotency_key like 'game:%'",
    [memberId],
  );
  return rows[0]?.n ?? 0;
}

describe('seamless wallet (Hub88 Operator Wallet API)', () => {
  it('answers the balance and the user of a live session', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 100_00n);
    const balance = await call('/user/balance', {
      user: player.user,
      token: player.token,
      request_uuid: 'r-1',
      game_code: 'jdb_lucky_seven',
    });
    expect(balance.status).toBe(200);
    expect(balance.answer).toEqual({
      user: player.user,
      status: 'RS_OK',
      request_uuid: 'r-1',
      currency: 'PHP',
      balance: 10_000_000,
    });
    const info = await call('/user/info', { user: player.user, request_uuid: 'r-2' });
    expect(info.answer).toMatchObject({ user: player.user, status: 'RS_OK', request_uuid: 'r-2' });
  });

  it('books a bet and its win once each, in a settled round, with the stake counted as turnover', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 100_00n);
    const obligation = await openTestObligation(world.t, { memberId: player.member.id, amount: 50_00n });
    const bet = betBody(player, 10_00n);
    const placed = await call('/transaction/bet', bet);
    // The round is open: its stake counts nothing yet.
    expect(await contributed(obligation)).toBe(0n);
    expect(placed.answer).toMatchObject({ status: 'RS_OK', balance: hub(90_00n), currency: 'PHP' });
    const paid = await call('/transaction/win', winBody(player, bet, 25_00n));
    expect(paid.answer).toMatchObject({ status: 'RS_OK', balance: hub(115_00n) });
    expect(await mainBalance(world.t, player.member.id)).toBe(115_00n);
    const [round] = await world.t.db.query<{ bet: bigint; win: bigint; status: string }>(
      'select bet, win, status from game_rounds where member_id = $1',
      [player.member.id],
    );
    expect(round).toEqual({ bet: 10_00n, win: 25_00n, status: 'settled' });
    expect(await contributed(obligation)).toBe(10_00n);
    // The member's profit and loss and betting record show the round.
    const profit = await world.t.get(
      `${walletPlayerEndpoints.profitAndLoss.path}?period=today`,
      player.member.token,
    );
    expect(profit.body.value).toMatchObject({ bets: 10, payouts: 25, profit: 15 });
    const record = await world.t.get(recordsEndpoints.betRecords.path, player.member.token);
    expect(record.body.value.list[0]).toMatchObject({ bet: 10, win: 25, profit: 15, status: 'settled' });
  });

  it('answers a duplicate delivery with the first answer and moves the money once', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    const exchanges = await world.sim.round({
      session: player.session,
      stake: hub(5_00n),
      outcome: 'lose',
      scenario: 'duplicate',
    });
    const [bet1, bet2, win1, win2] = exchanges.map((exchange) => exchange.answer);
    expect(bet1).toMatchObject({ status: 'RS_OK', balance: hub(45_00n) });
    expect({ ...bet2, request_uuid: bet1?.request_uuid }).toEqual(bet1);
    expect(win1).toMatchObject({ status: 'RS_OK', balance: hub(45_00n) });
    expect(win2).toEqual(win1);
    expect(await mainBalance(world.t, player.member.id)).toBe(45_00n);
    expect(await ledgerPostings(player.member.id)).toBe(1);
  });

  it('refuses the same transaction id with another request as a duplicate transaction', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    const bet = betBody(player, 5_00n);
    await call('/transaction/bet', bet);
    const other = await call('/transaction/bet', { ...bet, request_uuid: randomUUID(), amount: hub(6_00n) });
    expect(other.answer).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION', balance: hub(45_00n) });
    expect(await mainBalance(world.t, player.member.id)).toBe(45_00n);
  });

  it('refuses a win before its bet, and pays it once the bet has arrived', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    const exchanges = await world.sim.round({
      session: player.session,
      stake: hub(5_00n),
      outcome: 'win',
      scenario: 'win_before_bet',
    });
    const [early, bet, win] = exchanges.map((exchange) => exchange.answer);
    expect(early).toMatchObject({ status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: hub(50_00n) });
    expect(bet).toMatchObject({ status: 'RS_OK', balance: hub(45_00n) });
    const paid = BigInt(exchanges[2]?.request.amount as number) / HUB;
    expect(paid).toBeGreaterThan(0n);
    expect(win).toMatchObject({ status: 'RS_OK', balance: hub(45_00n + paid) });
    expect(await mainBalance(world.t, player.member.id)).toBe(45_00n + paid);
  });

  it('rolls a bet back: the stake returns, the round is void and the turnover forgets it', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    const obligation = await openTestObligation(world.t, { memberId: player.member.id, amount: 50_00n });
    const exchanges = await world.sim.round({
      session: player.session,
      stake: hub(8_00n),
      scenario: 'rollback',
    });
    expect(exchanges.map((exchange) => exchange.answer?.status)).toEqual(['RS_OK', 'RS_OK']);
    expect(exchanges[1]?.answer?.balance).toBe(hub(50_00n));
    expect(await mainBalance(world.t, player.member.id)).toBe(50_00n);
    const [round] = await world.t.db.query<{ bet: bigint; status: string }>(
      'select bet, status from game_rounds where member_id = $1',
      [player.member.id],
    );
    expect(round).toEqual({ bet: 0n, status: 'void' });
    expect(await contributed(obligation)).toBe(0n);
    // A second rollback of the same bet moves nothing more.
    const again = await call('/transaction/rollback', {
      user: player.user,
      token: player.token,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: exchanges[0]?.request.transaction_uuid,
    });
    expect(again.answer).toMatchObject({ status: 'RS_OK', balance: hub(50_00n) });
    expect(await mainBalance(world.t, player.member.id)).toBe(50_00n);
  });

  it('answers OK to a rollback of a transaction it never saw, and refuses that transaction when it arrives', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    const bet = betBody(player, 5_00n);
    const rolledBack = await call('/transaction/rollback', {
      user: player.user,
      token: player.token,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
    });
    expect(rolledBack.answer).toMatchObject({ status: 'RS_OK', balance: hub(50_00n) });
    const late = await call('/transaction/bet', bet);
    expect(late.answer).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: hub(50_00n) });
    expect(await mainBalance(world.t, player.member.id)).toBe(50_00n);
  });

  it('refuses a request whose signature does not verify, or that has none', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    const body = JSON.stringify(betBody(player, 5_00n));
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const url = `${world.siteUrl}/providers/hub88/${SEAMLESS.code}/transaction/bet`;
    for (const signature of [sign('sha256', Buffer.from(body), stranger).toString('base64'), undefined]) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-hub88-signature': signature } : {}),
        },
        body,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'RS_ERROR_INVALID_SIGNATURE' });
    }
    expect(await mainBalance(world.t, player.member.id)).toBe(50_00n);
  });

  it('refuses a bet beyond the balance with RS_ERROR_NOT_ENOUGH_MONEY and the balance', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 20_00n);
    const refused = await call('/transaction/bet', betBody(player, 20_01n));
    expect(refused.answer).toEqual({
      user: player.user,
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      request_uuid: refused.request.request_uuid,
      currency: 'PHP',
      balance: hub(20_00n),
    });
    expect(await mainBalance(world.t, player.member.id)).toBe(20_00n);
  });

  it('refuses a bet above an open bonus’s max stake with the protocol’s refusal and the balance, and takes one within it', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 100_00n);
    await openTestObligation(world.t, {
      memberId: player.member.id,
      amount: 50_00n,
      source: 'bonus',
      multiple: 5,
      maxStake: 10_00n,
    });
    const refused = await call('/transaction/bet', betBody(player, 10_01n));
    expect(refused.answer).toEqual({
      user: player.user,
      status: 'RS_ERROR_UNKNOWN',
      request_uuid: refused.request.request_uuid,
      currency: 'PHP',
      balance: hub(100_00n),
    });
    expect(await mainBalance(world.t, player.member.id)).toBe(100_00n);
    const taken = await call('/transaction/bet', betBody(player, 10_00n));
    expect(taken.answer).toMatchObject({ status: 'RS_OK', balance: hub(90_00n) });
  });

  it('refuses a bet on an expired token, but takes the win and the rollback of that session', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    const bet = betBody(player, 10_00n);
    const other = betBody(player, 5_00n);
    await call('/transaction/bet', bet);
    await call('/transaction/bet', other);
    world.t.clock.advance(world.t.config.gameProviders.sessionHours * 3_600_000 + 1000);
    const late = await call('/transaction/bet', betBody(player, 1_00n));
    expect(late.answer).toMatchObject({ status: 'RS_ERROR_TOKEN_EXPIRED' });
    const paid = await call('/transaction/win', winBody(player, bet, 30_00n));
    expect(paid.answer).toMatchObject({ status: 'RS_OK', balance: hub(65_00n) });
    const rolledBack = await call('/transaction/rollback', {
      user: player.user,
      token: player.token,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: other.transaction_uuid,
    });
    expect(rolledBack.answer).toMatchObject({ status: 'RS_OK', balance: hub(70_00n) });
  });

  it('refuses an unknown token, another currency, and an amount finer than the currency holds', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    const unknown = await call('/transaction/bet', betBody(player, 1_00n, { token: 'not-a-session-token' }));
    expect(unknown.answer).toMatchObject({ status: 'RS_ERROR_INVALID_TOKEN' });
    const currency = await call('/transaction/bet', betBody(player, 1_00n, { currency: 'USD' }));
    expect(currency.answer).toMatchObject({ status: 'RS_ERROR_WRONG_CURRENCY', balance: hub(50_00n) });
    const fine = await call('/transaction/bet', betBody(player, 1_00n, { amount: 100_001 }));
    expect(fine.answer).toMatchObject({ status: 'RS_ERROR_WRONG_TYPES' });
    const malformed = await call('/transaction/bet', { user: player.user, request_uuid: 'r' });
    expect(malformed.answer).toMatchObject({ status: 'RS_ERROR_WRONG_TYPES', request_uuid: 'r' });
    expect(await mainBalance(world.t, player.member.id)).toBe(50_00n);
  });

  it('answers RS_ERROR_WRONG_TYPES to a signed call whose transaction ids hold a NUL or a lone surrogate, and books nothing', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    const nulBet = await call(
      '/transaction/bet',
      betBody(player, 1_00n, { transaction_uuid: 'tx\u0000one' }),
    );
    expect(nulBet.status).toBe(200);
    expect(nulBet.answer).toMatchObject({ status: 'RS_ERROR_WRONG_TYPES' });
    const bet = betBody(player, 2_00n);
    expect((await call('/transaction/bet', bet)).answer).toMatchObject({ status: 'RS_OK' });
    const nulWin = await call('/transaction/win', {
      ...winBody(player, bet, 1_00n),
      reference_transaction_uuid: `${bet.transaction_uuid}\u0000`,
    });
    expect(nulWin.answer).toMatchObject({ status: 'RS_ERROR_WRONG_TYPES' });
    const nulRollback = await call('/transaction/rollback', {
      user: player.user,
      token: player.token,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: `\u0000${bet.transaction_uuid}`,
    });
    expect(nulRollback.answer).toMatchObject({ status: 'RS_ERROR_WRONG_TYPES' });
    const surrogate = await call('/transaction/bet', betBody(player, 1_00n, { round: 'r\ud800' }));
    expect(surrogate.answer).toMatchObject({ status: 'RS_ERROR_WRONG_TYPES' });
    expect(await mainBalance(world.t, player.member.id)).toBe(48_00n);
    expect(await ledgerPostings(player.member.id)).toBe(1);
  });

  it('gets a win whose answer was lost again, with the same transaction id, until acknowledged: paid once', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    world.sim.dropAnswers('/transaction/win', 2);
    const before = world.sim.redeliveries().length;
    const [bet, win] = await world.sim.round({ session: player.session, stake: hub(5_00n), outcome: 'win' });
    expect(bet?.answer).toMatchObject({ status: 'RS_OK' });
    expect(win?.dropped).toBe(true);
    await world.sim.redelivered();
    const again = world.sim.redeliveries().slice(before);
    expect(again.map((exchange) => exchange.dropped ?? false)).toEqual([true, false]);
    for (const exchange of again)
      expect(exchange.request.transaction_uuid).toBe(win?.request.transaction_uuid);
    const paid = BigInt(Number(win?.request.amount)) / HUB;
    expect(again[1]?.answer).toMatchObject({ status: 'RS_OK', balance: hub(45_00n + paid) });
    expect(await mainBalance(world.t, player.member.id)).toBe(45_00n + paid);
    const [round] = await world.t.db.query<{ status: string }>(
      'select status from game_rounds where member_id = $1',
      [player.member.id],
    );
    expect(round?.status).toBe('settled');
  });

  it('answers a retry after a lost answer with the first answer, without a second debit', async () => {
    const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
    const exchanges = await world.sim.round({
      session: player.session,
      stake: hub(7_00n),
      outcome: 'lose',
      scenario: 'timeout_after_commit',
    });
    const [lost, retried, win] = exchanges;
    expect(lost?.dropped).toBe(true);
    expect(lost?.answer).toMatchObject({ status: 'RS_OK', balance: hub(43_00n) });
    expect(retried?.answer).toMatchObject({ status: 'RS_OK', balance: hub(43_00n) });
    expect(win?.answer).toMatchObject({ status: 'RS_OK', balance: hub(43_00n) });
    expect(await mainBalance(world.t, player.member.id)).toBe(43_00n);
    expect(await ledgerPostings(player.member.id)).toBe(1);
  });

  describe.runIf(TEST_DATABASE === 'postgres')('under concurrency (PostgreSQL)', () => {
    it('never takes a balance below zero and books each transaction once', async () => {
      const player = await playerInGame(world, 'jdb_lucky_seven', 50_00n);
      const bets = Array.from({ length: 20 }, () => betBody(player, 10_00n));
      // Each bet is also delivered twice at the same time.
      const answers = await Promise.all([...bets, ...bets].map((bet) => call('/transaction/bet', bet)));
      const statuses = answers.map((exchange) => exchange.answer?.status);
      const accepted = new Set(
        answers
          .filter((exchange) => exchange.answer?.status === 'RS_OK')
          .map((e) => e.request.transaction_uuid),
      );
      expect(accepted.size).toBe(5);
      expect(statuses.every((status) => status === 'RS_OK' || status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toBe(
        true,
      );
      expect(await mainBalance(world.t, player.member.id)).toBe(0n);
      expect(await ledgerPostings(player.member.id)).toBe(5);
    });
  });
});
