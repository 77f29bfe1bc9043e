import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../../app/lazyPage.ts';
import type { MemberCentrePage } from './menu.ts';

/**
 * The screen of each member-centre page, loaded when opened. Pages with no screen here show a
 * placeholder.
 */
export const PAGE_SCREENS: Partial<Record<MemberCentrePage, LazyExoticComponent<ComponentType>>> = {
  securityCenter: lazyPage(() => import('../wallet/security/SecurityCenterPage.tsx')),
  verification: lazyPage(() => import('../kyc/KycPage.tsx')),
  withdraw: lazyPage(() => import('../wallet/withdraw/WithdrawPage.tsx')),
  transferFund: lazyPage(() => import('../wallet/my-wallet/MyWalletPage.tsx')),
  depositv2: lazyPage(() => import('../wallet/deposit/DepositPage.tsx')),
  transferUpline: lazyPage(() => import('../wallet/transfer-upline/TransferUplinePage.tsx')),
  transactionHistory: lazyPage(() => import('../wallet/records/AccountRecordPage.tsx')),
  personalProfit: lazyPage(() => import('../wallet/profit/ProfitPage.tsx')),
  personalHistoryCopy: lazyPage(() => import('../records/BetRecordPage.tsx')),
  referral: lazyPage(() => import('../vip/ReferralPage.tsx')),
  bonusDetails: lazyPage(() => import('../rebates/RebatesPage.tsx')),
  rewardCenter: lazyPage(() => import('../rewards/RewardsPage.tsx')),
  messageV2: lazyPage(() => import('../inbox/InboxPage.tsx')),
  missionLeaderboard: lazyPage(() => import('../missions/MissionsPage.tsx')),
  responsibleGaming: lazyPage(() => import('../responsible/ResponsibleGamingPage.tsx')),
};
