import { walletPlayerEndpoints } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mainBalance,
  type ProviderWorld,
  startProviderWorld,
  TRANSFER,
} from '../../../../test/factories/game-providers.ts';
import { walletMember } from '../../../../test/factories/wallet.ts';
import { memberAccounts } from '../../wallet/ledger.ts';
import { hub88User } from './hub88.ts';
import * as store from './store.ts';
import { transferWithVendor } from './transfers.ts';

let world: ProviderWorld;
beforeAll(async () => {
  world = await startProviderWorld({ contracts: ['transfer'] });
});
afterAll(async () => {
  await world.close();
});

async function vendorBalance(memberId: number) {
  const accounts = await memberAccounts(world.t.db, memberId);
  return accounts.find((account) => account.kind === 'vendor' && account.vendor === 'FB')?.balance ?? 0n;
}

const status = async (reference: string) => (await store.findTransfer(world.t.db, reference))?.status;
const atProvider = (memberId: number) => world.sim.transferBalance(TRANSFER.operatorId, hub88User(memberId));

describe('transfer mode (FB)', () => {
  it('links the transfer vendor to its provider on sync', async () => {
    const [fb] = await world.t.db.query("select provider from game_vendors where vassalage = 'FB'");
    expect(fb).toEqual({ provider: TRANSFER.code });
  });

  it('moves a deposit into the vendor wallet and sends it to the provider with its reference', async () => {
    const member = await walletMember(world.t, { funds: 100_00n });
    const { reference } = await transferWithVendor(
      world.t.deps,
      member.id,
      { vendor: 'FB', direction: 'deposit', amount: 30_00n },
      world.t.clock.now(),
    );
    expect(await mainBalance(world.t, member.id)).toBe(70_00n);
    await world.t.jobs.runDue();
    expect(await status(reference)).toBe('done');
    expect(await vendorBalance(member.id)).toBe(30_00n);
    expect(atProvider(member.id)).toBe(3_000_000);
    expect(world.sim.transfers().filter((transfer) => transfer.transactionUuid === reference)).toHaveLength(
      1,
    );
  });

  it("carries the player's GCS_walletTransfer to and from FB through the provider, once per idempotency key", async () => {
    const member = await walletMember(world.t, { funds: 100_00n });
    const transfer = (body: object, key: string) =>
      world.t.call({
        method: 'POST',
        url: walletPlayerEndpoints.walletTransfer.path,
        token: member.token,
        headers: { 'idempotency-key': key },
        payload: body,
      });
    const deposit = { fromWallet: 'main', toWallet: 'FB', amount: 25 };
    const first = await transfer(deposit, 'fb-in-1');
    expect(first.status).toBe(200);
    expect(first.body.value.wallets[0]).toMatchObject({ wallet: 'main', balance: 75 });
    expect((await transfer(deposit, 'fb-in-1')).body.value).toEqual(first.body.value);
    await world.t.jobs.runDue();
    expect(atProvider(member.id)).toBe(2_500_000);
    expect(await vendorBalance(member.id)).toBe(25_00n);

    const out = await transfer({ fromWallet: 'FB', toWallet: 'main', amount: 10 }, 'fb-out-1');
    expect(out.status).toBe(200);
    await world.t.jobs.runDue();
    expect(atProvider(member.id)).toBe(1_500_000);
    expect(await mainBalance(world.t, member.id)).toBe(85_00n);
    expect(await vendorBalance(member.id)).toBe(15_00n);
  });

  it('asks for the status of a deposit whose answer never came, and finds it applied: no refund', async () => {
    const member = await walletMember(world.t, { funds: 100_00n });
    world.sim.setDepositFault('hang_up');
    const { reference } = await transferWithVendor(
      world.t.deps,
      member.id,
      { vendor: 'FB', direction: 'deposit', amount: 40_00n },
      world.t.clock.now(),
    );
    await world.t.jobs.runDue();
    expect(await status(reference)).toBe('pending');
    expect(atProvider(member.id)).toBe(4_000_000);
    world.t.clock.advance(world.t.config.gameProviders.transferCheckSeconds * 1000);
    await world.t.jobs.runDue();
    expect(await status(reference)).toBe('done');
    expect(await mainBalance(world.t, member.id)).toBe(60_00n);
    expect(await vendorBalance(member.id)).toBe(40_00n);
    expect(world.sim.transfers().filter((transfer) => transfer.transactionUuid === reference)).toHaveLength(
      1,
    );
  });

  it('refunds a deposit the provider refused to the main wallet', async () => {
    const member = await walletMember(world.t, { funds: 100_00n });
    world.sim.setDepositFault('refuse');
    const { reference } = await transferWithVendor(
      world.t.deps,
      member.id,
      { vendor: 'FB', direction: 'deposit', amount: 25_00n },
      world.t.clock.now(),
    );
    await world.t.jobs.runDue();
    expect(await status(reference)).toBe('refunded');
    expect(await mainBalance(world.t, member.id)).toBe(100_00n);
    expect(await vendorBalance(member.id)).toBe(0n);
    expect(atProvider(member.id)).toBe(0);
  });

  it('withdraws to the main wallet once the provider paid out, and fails a withdrawal beyond its balance', async () => {
    const member = await walletMember(world.t, { funds: 100_00n });
    await transferWithVendor(
      world.t.deps,
      member.id,
      { vendor: 'FB', direction: 'deposit', amount: 50_00n },
      world.t.clock.now(),
    );
    await world.t.jobs.runDue();
    const { reference } = await transferWithVendor(
      world.t.deps,
      member.id,
      { vendor: 'FB', direction: 'withdraw', amount: 20_00n },
      world.t.clock.now(),
    );
    expect(await mainBalance(world.t, member.id)).toBe(50_00n);
    await world.t.jobs.runDue();
    expect(await status(reference)).toBe('done');
    expect(await mainBalance(world.t, member.id)).toBe(70_00n);
    expect(await vendorBalance(member.id)).toBe(30_00n);
    expect(atProvider(member.id)).toBe(3_000_000);
    const { reference: tooMuch } = await transferWithVendor(
      world.t.deps,
      member.id,
      { vendor: 'FB', direction: 'withdraw', amount: 31_00n },
      world.t.clock.now(),
    );
    await world.t.jobs.runDue();
    expect(await status(tooMuch)).toBe('failed');
    expect(await mainBalance(world.t, member.id)).toBe(70_00n);
  });

  it('sends two concurrent deposits one after the other and books no play: the vendor wallet is what the provider holds', async () => {
    const member = await walletMember(world.t, { funds: 40_00n });
    const transfer = (amount: number, key: string) =>
      world.t.call({
        method: 'POST',
        url: walletPlayerEndpoints.walletTransfer.path,
        token: member.token,
        headers: { 'idempotency-key': key },
        payload: { fromWallet: 'main', toWallet: 'FB', amount },
      });
    const answers = await Promise.all([transfer(30, 'fb-both-30'), transfer(10, 'fb-both-10')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    await world.t.jobs.runDue();
    const rows = await world.t.db.query<{ reference: string; status: string }>(
      'select reference, status from provider_transfers where member_id = $1 order by id',
      [member.id],
    );
    expect(rows.map((row) => row.status)).toEqual(['done', 'done']);
    // The provider saw them in the order they were made.
    expect(
      world.sim
        .transfers()
        .filter((sent) => sent.user === hub88User(member.id))
        .map((sent) => sent.transactionUuid),
    ).toEqual(rows.map((row) => row.reference));
    expect(atProvider(member.id)).toBe(4_000_000);
    expect(await vendorBalance(member.id)).toBe(40_00n);
    expect(await mainBalance(world.t, member.id)).toBe(0n);
    const kinds = await world.t.db.query<{ kind: string }>(
      'select distinct kind from ledger_transactions where member_id = $1',
      [member.id],
    );
    expect(kinds.map((row) => row.kind).sort()).toEqual(['deposit', 'wallet_transfer'].sort());
  });

  it("books the player's play at the provider once no transfer is in flight", async () => {
    const member = await walletMember(world.t, { funds: 100_00n });
    const deposit = (amount: bigint) =>
      transferWithVendor(
        world.t.deps,
        member.id,
        { vendor: 'FB', direction: 'deposit', amount },
        world.t.clock.now(),
      );
    await deposit(50_00n);
    await world.t.jobs.runDue();
    // The player lost 12.00 playing at FB.
    world.sim.setTransferBalance(TRANSFER.operatorId, hub88User(member.id), 3_800_000);
    await deposit(5_00n);
    await deposit(5_00n);
    await world.t.jobs.runDue();
    expect(await vendorBalance(member.id)).toBe(48_00n);
    const bets = await world.t.db.query<{ kind: string }>(
      "select kind from ledger_transactions where member_id = $1 and kind in ('bet', 'payout')",
      [member.id],
    );
    expect(bets).toEqual([{ kind: 'bet' }]);
  });

  it("sends a member's next transfer once the job of the one before it dies, and compares no balance while that one is unknown", async () => {
    const member = await walletMember(world.t, { funds: 100_00n });
    const start = (amount: bigint) =>
      transferWithVendor(
        world.t.deps,
        member.id,
        { vendor: 'FB', direction: 'deposit', amount },
        world.t.clock.now(),
      );
    const [provider] = await world.t.db.query<{ base_url: string }>(
      'select base_url from game_providers where code = $1',
      [TRANSFER.code],
    );
    await world.t.db.query("update game_providers set base_url = 'http://127.0.0.1:9' where code = $1", [
      TRANSFER.code,
    ]);
    const { reference: lost } = await start(20_00n);
    const { reference: next } = await start(10_00n);
    try {
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        await world.t.jobs.runDue();
        // The second waits its turn.
        expect(await status(next)).toBe('pending');
        world.t.clock.advance(world.t.config.gameProviders.transferCheckSeconds * 1000);
      }
    } finally {
      await world.t.db.query('update game_providers set base_url = $2 where code = $1', [
        TRANSFER.code,
        provider?.base_url,
      ]);
    }
    await world.t.jobs.runDue();
    expect(await status(lost)).toBe('pending');
    expect(await status(next)).toBe('done');
    expect(atProvider(member.id)).toBe(1_000_000);
    // The provider holds 10.00, the vendor wallet 30.00 (20.00 of it in the unknown transfer): nothing is booked.
    expect(await vendorBalance(member.id)).toBe(30_00n);
    const play = await world.t.db.query(
      "select 1 from ledger_transactions where member_id = $1 and kind in ('bet', 'payout')",
      [member.id],
    );
    expect(play).toEqual([]);
    // A later transfer is not held up by the stalled one either.
    const { reference: later } = await start(5_00n);
    await world.t.jobs.runDue();
    expect(await status(later)).toBe('done');
    expect(atProvider(member.id)).toBe(1_500_000);
  });

  it('refuses a transfer with a vendor that is not in transfer mode', async () => {
    const member = await walletMember(world.t, { funds: 10_00n });
    await expect(
      transferWithVendor(
        world.t.deps,
        member.id,
        { vendor: 'DG', direction: 'deposit', amount: 1_00n },
        world.t.clock.now(),
      ),
    ).rejects.toMatchObject({ code: 'wallet_unknown' });
  });
});
