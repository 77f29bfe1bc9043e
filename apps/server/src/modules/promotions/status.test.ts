import type { PromotionStatus } from '@tessera/contract';
import { describe, expect, it } from 'vitest';
import { type MemberFacts, type PromotionFacts, promotionAction, promotionStatus } from './status.ts';

const START = new Date('2026-06-01T00:00:00Z');
const END = new Date('2026-06-30T00:00:00Z');
const DURING = new Date('2026-06-10T00:00:00Z');
const BEFORE = new Date('2026-05-31T23:59:59Z');
const AFTER = new Date('2026-06-30T00:00:00Z');

const promotion = (over: Partial<PromotionFacts> = {}): PromotionFacts => ({
  kind: 'fixed',
  startsAt: START,
  endsAt: END,
  applyUntil: null,
  enabled: true,
  joinRequired: false,
  budgetLeft: 100_000n,
  ...over,
});
const member = (over: Partial<MemberFacts> = {}): MemberFacts => ({
  eligible: true,
  entry: null,
  claimable: null,
  wagering: false,
  ...over,
});
const entry = (status: NonNullable<MemberFacts['entry']>['status']) => ({ status });

/** [what, promotion, member (null: a visitor), now, status, action] */
const TABLE: [string, PromotionFacts, MemberFacts | null, Date, PromotionStatus, string | null][] = [
  ['before the start', promotion(), member({ claimable: 500n }), BEFORE, 'coming_soon', null],
  ['before the start, a visitor', promotion(), null, BEFORE, 'coming_soon', null],
  ['a fixed bonus to claim', promotion(), member({ claimable: 500n }), DURING, 'claim', 'claim'],
  ['a fixed bonus, a visitor', promotion(), null, DURING, 'claim', 'claim'],
  [
    'claimed, wagering open',
    promotion(),
    member({ entry: entry('claimed'), wagering: true }),
    DURING,
    'process',
    null,
  ],
  ['claimed, wagering done', promotion(), member({ entry: entry('claimed') }), DURING, 'claimed', null],
  [
    'budget short of the claim',
    promotion({ budgetLeft: 499n }),
    member({ claimable: 500n }),
    DURING,
    'close',
    null,
  ],
  ['budget spent, a visitor', promotion({ budgetLeft: 0n }), null, DURING, 'close', null],
  ['ended', promotion(), member({ claimable: 500n }), AFTER, 'close', null],
  ['disabled', promotion({ enabled: false }), member({ claimable: 500n }), DURING, 'close', null],
  [
    'ended after taking part',
    promotion(),
    member({ entry: entry('claimed'), wagering: true }),
    AFTER,
    'process',
    null,
  ],
  [
    'outside the audience',
    promotion(),
    member({ eligible: false, claimable: 500n }),
    DURING,
    'application_forbidden',
    null,
  ],
  [
    'daily: claimed today, claimable tomorrow',
    promotion({ kind: 'daily' }),
    member({ claimable: 500n }),
    DURING,
    'claim',
    'claim',
  ],
  ['application: apply', promotion({ kind: 'application' }), member(), DURING, 'join', 'apply'],
  ['application: a visitor', promotion({ kind: 'application' }), null, DURING, 'join', 'apply'],
  [
    'application: past its deadline',
    promotion({ kind: 'application', applyUntil: DURING }),
    member(),
    DURING,
    'registration_closed',
    null,
  ],
  [
    'application: pending',
    promotion({ kind: 'application' }),
    member({ entry: entry('applying') }),
    DURING,
    'applying',
    null,
  ],
  [
    'application: pending after the end',
    promotion({ kind: 'application' }),
    member({ entry: entry('applying') }),
    AFTER,
    'applying',
    null,
  ],
  [
    'application: rejected',
    promotion({ kind: 'application' }),
    member({ entry: entry('rejected') }),
    DURING,
    'rejected',
    null,
  ],
  [
    'application: approved',
    promotion({ kind: 'application' }),
    member({ entry: entry('issued'), claimable: 800n }),
    DURING,
    'issued',
    'claim',
  ],
  [
    'application: approved, claimed after the end',
    promotion({ kind: 'application' }),
    member({ entry: entry('issued') }),
    AFTER,
    'issued',
    'claim',
  ],
  [
    'deposit with join: not joined',
    promotion({ kind: 'deposit', joinRequired: true }),
    member(),
    DURING,
    'join',
    'join',
  ],
  [
    'deposit with join: joining closed',
    promotion({ kind: 'deposit', joinRequired: true, applyUntil: DURING }),
    member(),
    DURING,
    'registration_closed',
    null,
  ],
  [
    'deposit with join: joined, no deposit yet',
    promotion({ kind: 'deposit', joinRequired: true }),
    member({ entry: entry('signed') }),
    DURING,
    'signed',
    null,
  ],
  ['deposit: every member is in', promotion({ kind: 'deposit' }), member(), DURING, 'signed', null],
  ['deposit: a visitor', promotion({ kind: 'deposit' }), null, DURING, 'join', 'join'],
  [
    'deposit: a qualifying deposit',
    promotion({ kind: 'deposit' }),
    member({ claimable: 30_000n }),
    DURING,
    'claim',
    'claim',
  ],
  [
    'deposit: every deposit, the next one',
    promotion({ kind: 'deposit' }),
    member({ entry: entry('claimed'), wagering: true, claimable: 100n }),
    DURING,
    'claim',
    'claim',
  ],
];

describe('promotionStatus', () => {
  it.each(TABLE)('%s', (_what, facts, memberFacts, now, status, action) => {
    const found = promotionStatus(facts, memberFacts, now);
    expect(found).toBe(status);
    expect(promotionAction(facts.kind, found)).toBe(action);
  });

  it('covers every status of §4', () => {
    const seen = new Set(TABLE.map((row) => row[4]));
    expect([...seen].sort()).toEqual(
      [
        'join',
        'claim',
        'applying',
        'close',
        'rejected',
        'issued',
        'claimed',
        'process',
        'signed',
        'coming_soon',
        'registration_closed',
        'application_forbidden',
      ].sort(),
    );
  });
});
