import { describe, expect, it } from 'vitest';
import {
  capped,
  carriedIn,
  contractYield,
  parseTiers,
  realtimeDifferential,
  spread,
  type Tier,
  tierReached,
} from './settlement-rules.ts';

/** The worked examples of design note §A4 (VND, no minor digits). */
const pct = (percent: number) => BigInt(Math.round(percent * 10_000));
const tier = (minimumBet: number, netLoss: number, activeMember: number, percent: number): Tier => ({
  minimumBet: BigInt(minimumBet),
  netLoss: BigInt(netLoss),
  activeMember,
  rateType: 'P',
  rate: pct(percent),
});

const LOTT_DIVIDEND = [
  tier(300_000_000, 10_000_000, 5, 10),
  tier(1_000_000_000, 50_000_000, 15, 20),
  tier(3_000_000_000, 150_000_000, 30, 30),
  tier(10_000_000_000, 500_000_000, 60, 40),
];
const DAILY_SALARY = [
  tier(10_000_000, 0, 3, 0.3),
  tier(50_000_000, 0, 10, 0.5),
  tier(200_000_000, 0, 20, 0.8),
];

describe('settlement arithmetic (design note §A4)', () => {
  it('chooses the highest tier whose conditions all hold, and none when the lowest fails', () => {
    const a = { turnover: 1_200_000_000n, netLoss: 80_000_000n, activeMembers: 18 };
    expect(tierReached(LOTT_DIVIDEND, a)).toBe(1);
    // Turnover and net loss of tier 3, but only 18 active members: still tier 2.
    expect(tierReached(LOTT_DIVIDEND, { ...a, turnover: 4_000_000_000n, netLoss: 200_000_000n })).toBe(1);
    expect(tierReached(LOTT_DIVIDEND, { ...a, activeMembers: 4 })).toBeNull();
    expect(contractYield(LOTT_DIVIDEND, { ...a, activeMembers: 4 }, a.netLoss)).toEqual({
      tier: null,
      gross: 0n,
    });
  });

  it('pays a dividend agent its spread: 16,000,000 − 4,500,000 = 11,500,000', () => {
    const a = contractYield(
      LOTT_DIVIDEND,
      { turnover: 1_200_000_000n, netLoss: 80_000_000n, activeMembers: 18 },
      80_000_000n,
    );
    expect(a).toEqual({ tier: 1, gross: 16_000_000n });
    // B holds its own contract at 15 % (below A's, the differential rule) and reaches it.
    const bContract = [tier(300_000_000, 10_000_000, 5, 15)];
    const b = contractYield(
      bContract,
      { turnover: 400_000_000n, netLoss: 30_000_000n, activeMembers: 6 },
      30_000_000n,
    );
    expect(b.gross).toBe(4_500_000n);
    expect(spread(a.gross, [b.gross])).toBe(11_500_000n);
  });

  it('pays a daily salary agent its spread: 400,000 − 90,000 = 310,000, and a fixed rate as the amount', () => {
    const a = contractYield(
      DAILY_SALARY,
      { turnover: 80_000_000n, netLoss: -5_000_000n, activeMembers: 12 },
      80_000_000n,
    );
    expect(a).toEqual({ tier: 1, gross: 400_000n });
    const b = contractYield(
      [tier(10_000_000, 0, 3, 0.3)],
      { turnover: 30_000_000n, netLoss: 0n, activeMembers: 4 },
      30_000_000n,
    );
    expect(b.gross).toBe(90_000n);
    expect(spread(a.gross, [b.gross])).toBe(310_000n);
    const fixed = parseTiers([
      { minimumBet: '10000000', netLoss: '0', activeMember: 3, rateType: 'F', rate: '250000' },
    ]);
    expect(
      contractYield(fixed, { turnover: 80_000_000n, netLoss: 0n, activeMembers: 12 }, 80_000_000n).gross,
    ).toBe(250_000n);
  });

  it('caps a daily salary agent after the spread: 310,000 capped at 250,000 pays 250,000, its downline unaffected', () => {
    const a = contractYield(
      DAILY_SALARY,
      { turnover: 80_000_000n, netLoss: 0n, activeMembers: 12 },
      80_000_000n,
    );
    const b = contractYield(
      [tier(10_000_000, 0, 3, 0.3)],
      { turnover: 30_000_000n, netLoss: 0n, activeMembers: 4 },
      30_000_000n,
    );
    // A's cap applies to A's spread (not to its gross of 400,000, which would leave 310,000 untouched).
    expect(capped(spread(a.gross, [b.gross]), 250_000n)).toEqual({ amount: 250_000n, uncapped: 310_000n });
    // B (no cap of its own, or one it does not reach) keeps its 90,000: A's cap is not B's.
    expect(capped(spread(b.gross, []), null)).toEqual({ amount: 90_000n, uncapped: null });
    expect(capped(spread(b.gross, []), 100_000n)).toEqual({ amount: 90_000n, uncapped: null });
    // A cap at or above the spread changes nothing.
    expect(capped(310_000n, 310_000n)).toEqual({ amount: 310_000n, uncapped: null });
  });

  it('shares a real-time bet along the path (5,000 / 3,000), which over a whole window is the spread', () => {
    // A at 0.8 %, B at 0.5 %, a member under B bets 1,000,000 valid.
    expect(realtimeDifferential(1_000_000n, [pct(0.8), pct(0.5)])).toEqual([3_000n, 5_000n]);
    // Over a window: B's team (the member) bet 1,000,000, and A's own direct member 2,000,000 more.
    const flat = (percent: number) => [tier(0, 0, 0, percent)];
    const measures = (turnover: bigint) => ({ turnover, netLoss: 0n, activeMembers: 1 });
    const aGross = contractYield(flat(0.8), measures(3_000_000n), 3_000_000n).gross;
    const bGross = contractYield(flat(0.5), measures(1_000_000n), 1_000_000n).gross;
    const perBet =
      (realtimeDifferential(1_000_000n, [pct(0.8), pct(0.5)])[0] ?? 0n) +
      (realtimeDifferential(2_000_000n, [pct(0.8)])[0] ?? 0n);
    expect(spread(aGross, [bGross])).toBe(perBet);
    expect(perBet).toBe(19_000n);
    expect(bGross).toBe(realtimeDifferential(1_000_000n, [pct(0.8), pct(0.5)])[1]);
  });

  it('carries a negative dividend period into the next within the month, or as the contract says', () => {
    const negative = { netLossAfterCarry: -20_000_000n, sameMonth: true };
    expect(carriedIn('month', negative)).toBe(-20_000_000n);
    expect(carriedIn('month', { ...negative, sameMonth: false })).toBe(0n);
    expect(carriedIn('forever', { ...negative, sameMonth: false })).toBe(-20_000_000n);
    expect(carriedIn('none', negative)).toBe(0n);
    expect(carriedIn('month', { netLossAfterCarry: 5_000_000n, sameMonth: true })).toBe(0n);
    expect(carriedIn('month', null)).toBe(0n);
    // The second half-month's 80,000,000 net loss less the first half's 20,000,000 still reaches tier 2 on 60 m.
    const second = { turnover: 1_200_000_000n, netLoss: 80_000_000n - 20_000_000n, activeMembers: 18 };
    expect(contractYield(LOTT_DIVIDEND, second, second.netLoss)).toEqual({ tier: 1, gross: 12_000_000n });
  });
});
