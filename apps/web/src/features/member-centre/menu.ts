import { MEMBER_TYPES } from '@tessera/contract';

/** The member centre's pages (§2), in menu order. */
const MEMBER_CENTRE_PAGES = [
  'securityCenter',
  'verification',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'responsibleGaming',
] as const;
export type MemberCentrePage = (typeof MEMBER_CENTRE_PAGES)[number];

export function isMemberCentrePage(value: string | null): value is MemberCentrePage {
  return (MEMBER_CENTRE_PAGES as readonly string[]).includes(value ?? '');
}

/** What the menu's visibility depends on (§2 member centre). */
export interface MenuConditions {
  flags: Record<string, boolean>;
  /** The merchant wallet is single: no wallets to move money between. */
  singleWallet: boolean;
  /** The member's toUpline flag. */
  toUpline: boolean;
  /** isAgent of §3. */
  memberType: number;
}

/**
 * Which pages the menu shows (§2): site-wide flags for reward center, mail center, deposit and withdraw (both
 * hidden under the credit-margin flag), player rebate, referral and missions; my wallet unless the wallet is
 * single; transfer to upline only with toUpline 1, not for a type-2 agent, and with the transfer-up feature on.
 */
export function visiblePages(conditions: MenuConditions): MemberCentrePage[] {
  const on = (modId: string) => conditions.flags[modId] === true;
  const cash = !on('CREDITMARGIN3');
  const rules: Record<MemberCentrePage, boolean> = {
    securityCenter: true,
    // Identity verification (KYC): real members only (a trial account has no identity to verify).
    verification: conditions.memberType !== MEMBER_TYPES.trial,
    transferFund: !conditions.singleWallet && on('FUNDTRANS3'),
    depositv2: cash && on('DEPOSIT3'),
    withdraw: cash && on('WITHDRAW3'),
    transferUpline:
      conditions.toUpline && conditions.memberType !== MEMBER_TYPES.subAgent && on('TRANSFERUP3'),
    personalHistoryCopy: true,
    transactionHistory: on('MEMTRANS3'),
    personalProfit: true,
    bonusDetails: on('PLAYERREBATE3'),
    rewardCenter: on('REWARDCENTER3'),
    referral: on('REFERRAL3'),
    missionLeaderboard: on('MISSION3'),
    messageV2: on('MAILCENTER3'),
    // Responsible gaming: every real member, always.
    responsibleGaming: true,
  };
  return MEMBER_CENTRE_PAGES.filter((page) => rules[page]);
}
