import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.ts';
import {
  capExceeds,
  capFromInput,
  exceeds,
  rateAt,
  type Tier,
  tierReached,
  tiersFromInput,
} from './contracts-rules.ts';

/** VND has no minor digits: the design note's worked examples are in VND. */
const VND = 0;

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, fields: error.fields };
    throw error;
  }
  throw new Error('not refused');
};

// The worked LOTT dividend table of §A4 (rates in %).
const dividendTable = tiersFromInput(
  'dividend',
  [
    { minimumBet: 300_000_000, netLoss: 10_000_000, activeMember: 5, rate: 10 },
    { minimumBet: 1_000_000_000, netLoss: 50_000_000, activeMember: 15, rate: 20 },
    { minimumBet: 3_000_000_000, netLoss: 150_000_000, activeMember: 30, rate: 30 },
    { minimumBet: 10_000_000_000, netLoss: 500_000_000, activeMember: 60, rate: 40 },
  ],
  VND,
);
const dailyTable = tiersFromInput(
  'daily_salary',
  [
    { minimumBet: 10_000_000, activeMember: 3, rate: 0.3 },
    { minimumBet: 50_000_000, activeMember: 10, rate: 0.5 },
    { minimumBet: 200_000_000, activeMember: 20, rate: 0.8 },
  ],
  VND,
);
const percent = (rate: bigint) => Number(rate) / 10_000;
const daily = (rates: [number, number, number][]): Tier[] =>
  tiersFromInput(
    'daily_salary',
    rates.map(([minimumBet, activeMember, rate]) => ({ minimumBet, activeMember, rate })),
    VND,
  );

describe('contract tiers', () => {
  it('stores money in minor units and a percentage in millionths', () => {
    expect(dailyTable[0]).toEqual({
      minimumBet: 10_000_000n,
      netLoss: 0n,
      activeMember: 3,
      rateType: 'P',
      rate: 3_000n,
    });
    const fixed = tiersFromInput('daily_salary', [{ minimumBet: 100, rateType: 'F', rate: 12.5 }], 2);
    expect(fixed[0]).toMatchObject({ minimumBet: 10_000n, rateType: 'F', rate: 1_250n });
  });

  it('picks the highest tier whose thresholds all hold (§A4 worked examples)', () => {
    // A: turnover 1.2 bn, net loss 80 m, 18 active: tier 2, 20 % of 80 m = 16 m.
    const a = tierReached(dividendTable, {
      turnover: 1_200_000_000n,
      netLoss: 80_000_000n,
      activeMembers: 18,
    });
    expect(a?.index).toBe(1);
    expect((80_000_000n * (a?.tier.rate ?? 0n)) / 1_000_000n).toBe(16_000_000n);
    // Enough turnover and net loss for tier 3 but only 18 active members: still tier 2.
    expect(
      tierReached(dividendTable, { turnover: 5_000_000_000n, netLoss: 200_000_000n, activeMembers: 18 })
        ?.index,
    ).toBe(1);
    expect(tierReached(dividendTable, { turnover: 1n, netLoss: 1n, activeMembers: 100 })).toBeNull();
    // Daily salary: 80 m valid bet and 12 active is tier 2 (0.5 %): 400,000.
    const salary = rateAt(dailyTable, { turnover: 80_000_000n, netLoss: 0n, activeMembers: 12 });
    expect((80_000_000n * salary) / 1_000_000n).toBe(400_000n);
    expect(percent(rateAt(dailyTable, { turnover: 30_000_000n, netLoss: 0n, activeMembers: 3 }))).toBe(0.3);
  });

  it('refuses tiers that do not rise, rates out of range, and shapes that do not fit the kind', () => {
    expect(
      refusal(() =>
        daily([
          [10, 3, 0.5],
          [10, 3, 0.8],
        ]),
      ),
    ).toEqual({
      code: 'contract_tiers_not_ascending',
      fields: { 'tiers.1.minimumBet': 'contract_tiers_not_ascending' },
    });
    expect(
      refusal(() =>
        daily([
          [10, 3, 0.5],
          [5, 9, 0.8],
        ]),
      ).code,
    ).toBe('contract_tiers_not_ascending');
    expect(
      refusal(() =>
        daily([
          [10, 3, 0.5],
          [20, 3, 0.4],
        ]),
      ),
    ).toEqual({
      code: 'contract_tiers_not_ascending',
      fields: { 'tiers.1.rate': 'contract_tiers_not_ascending' },
    });
    expect(refusal(() => daily([[10, 3, 100.5]])).code).toBe('contract_tier_rate_invalid');
    expect(refusal(() => daily([[10, 3, 0]])).code).toBe('contract_tier_rate_invalid');
    expect(refusal(() => daily([[10, 3, 0.00001]])).code).toBe('contract_tier_rate_invalid');
    expect(daily([[10, 3, 100]])[0]?.rate).toBe(1_000_000n);
    expect(
      refusal(() => tiersFromInput('dividend', [{ minimumBet: 1, rateType: 'F', rate: 5 }], 2)).code,
    ).toBe('contract_tiers_shape');
    expect(
      refusal(() => tiersFromInput('realtime_salary', [{ rate: 0.5 }, { minimumBet: 1, rate: 0.6 }], 2)).code,
    ).toBe('contract_tiers_shape');
    expect(refusal(() => tiersFromInput('realtime_salary', [{ minimumBet: 1, rate: 0.5 }], 2)).code).toBe(
      'contract_tiers_shape',
    );
    expect(
      refusal(() =>
        tiersFromInput(
          'daily_salary',
          [
            { minimumBet: 1, rate: 0.5 },
            { minimumBet: 2, rateType: 'F', rate: 5 },
          ],
          2,
        ),
      ).fields,
    ).toEqual({ 'tiers.1.rateType': 'contract_tiers_shape' });
    expect(refusal(() => tiersFromInput('daily_salary', [{ minimumBet: 0.001, rate: 1 }], 2)).code).toBe(
      'contract_tiers_shape',
    );
    expect(tiersFromInput('realtime_salary', [{ rate: 0.8 }], 2)).toHaveLength(1);
  });
});

describe('the dominance test of the differential rule (§A5)', () => {
  const parent = daily([
    [10_000_000, 3, 0.3],
    [50_000_000, 10, 0.5],
    [200_000_000, 20, 0.8],
  ]);

  it('lets a child pay as much or less at every breakpoint', () => {
    expect(exceeds(parent, parent)).toBe(false);
    expect(exceeds(daily([[10_000_000, 3, 0.3]]), parent)).toBe(false);
    // Lower rates, or the same rates behind higher thresholds.
    expect(
      exceeds(
        daily([
          [20_000_000, 5, 0.3],
          [80_000_000, 10, 0.5],
        ]),
        parent,
      ),
    ).toBe(false);
  });

  it('finds a child that pays more anywhere, including between the parent breakpoints', () => {
    // More at the top tier only.
    expect(
      exceeds(
        daily([
          [10_000_000, 3, 0.3],
          [200_000_000, 20, 0.9],
        ]),
        parent,
      ),
    ).toBe(true);
    // The same rate reached at a lower threshold (30 m instead of 50 m): more on 30..50 m.
    expect(
      exceeds(
        daily([
          [10_000_000, 3, 0.3],
          [30_000_000, 10, 0.5],
        ]),
        parent,
      ),
    ).toBe(true);
    // The same rate with fewer active members required.
    expect(exceeds(daily([[50_000_000, 5, 0.5]]), parent)).toBe(true);
    // A child that starts below the parent's first tier.
    expect(exceeds(daily([[5_000_000, 3, 0.1]]), parent)).toBe(true);
    // The real-time example: B at 0.5 % under A at 0.8 % is fine; 0.9 % is not.
    const realtime = (rate: number) => tiersFromInput('realtime_salary', [{ rate }], VND);
    expect(exceeds(realtime(0.5), realtime(0.8))).toBe(false);
    expect(exceeds(realtime(0.9), realtime(0.8))).toBe(true);
  });

  it('counts a fixed amount against a percentage as exceeding (they cannot be compared)', () => {
    const fixed = tiersFromInput(
      'daily_salary',
      [{ minimumBet: 50_000_000, activeMember: 10, rateType: 'F', rate: 1 }],
      VND,
    );
    expect(exceeds(fixed, parent)).toBe(true);
  });
});

describe("the daily salary's cap (amountLimit)", () => {
  it('takes a cap on daily salary only, above zero, in minor units', () => {
    expect(capFromInput('daily_salary', 250_000, VND)).toBe(250_000n);
    expect(capFromInput('daily_salary', 12.34, 2)).toBe(1234n);
    expect(capFromInput('daily_salary', null, VND)).toBeNull();
    expect(capFromInput('dividend', undefined, VND)).toBeNull();
    for (const [kind, value] of [
      ['dividend', 1000],
      ['hourly_salary', 1000],
      ['daily_salary', 0],
      ['daily_salary', 1.5],
    ] as const) {
      expect(refusal(() => capFromInput(kind, value, VND))).toEqual({
        code: 'contract_cap_invalid',
        fields: { amountLimit: 'contract_cap_invalid' },
      });
    }
  });

  it("refuses a child's cap above its parent's, or no cap under a capped parent", () => {
    expect(capExceeds(200_000n, 250_000n)).toBe(false);
    expect(capExceeds(250_000n, 250_000n)).toBe(false);
    expect(capExceeds(250_001n, 250_000n)).toBe(true);
    expect(capExceeds(null, 250_000n)).toBe(true);
    expect(capExceeds(900_000n, null)).toBe(false);
    expect(capExceeds(null, null)).toBe(false);
  });
});
