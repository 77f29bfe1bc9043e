import {
  accountsConsoleEndpoints,
  agentContractConsoleEndpoints,
  agentTreeConsoleEndpoints,
  backofficeEndpoints,
  chatConsoleEndpoints,
  depositConsoleEndpoints,
  type Endpoint,
  gamesConsoleEndpoints,
  houseConsoleEndpoints,
  houseTableConsoleEndpoints,
  inboxConsoleEndpoints,
  kycConsoleEndpoints,
  lotteryConsoleEndpoints,
  missionConsoleEndpoints,
  type OperatorRole,
  pointsConsoleEndpoints,
  promotionConsoleEndpoints,
  raffleConsoleEndpoints,
  rainConsoleEndpoints,
  rebateConsoleEndpoints,
  reportConsoleEndpoints,
  responsibleConsoleEndpoints,
  riskConsoleEndpoints,
  settlementConsoleEndpoints,
  sportsbookConsoleEndpoints,
  supportConsoleEndpoints,
  vipConsoleEndpoints,
  walletConsoleEndpoints,
  withdrawalConsoleEndpoints,
} from '@tessera/contract';
import type { IconName } from '../ui/Icon.tsx';

export type PageId =
  | 'dashboard'
  | 'settings'
  | 'modules'
  | 'registerRules'
  | 'banners'
  | 'notices'
  | 'announcements'
  | 'help'
  | 'broadcasts'
  | 'feedback'
  | 'chatRooms'
  | 'chatSettings'
  | 'support'
  | 'resources'
  | 'domains'
  | 'operators'
  | 'audit'
  | 'players'
  | 'kyc'
  | 'smsOutbox'
  | 'mailOutbox'
  | 'loginFailures'
  | 'security'
  | 'jobs'
  | 'account'
  | 'cashierSettings'
  | 'reconciliation'
  | 'deposits'
  | 'paymentChannels'
  | 'gatewayCallbacks'
  | 'withdrawals'
  | 'adjustmentRequests'
  | 'riskFlags'
  | 'riskRules'
  | 'gameVendors'
  | 'games'
  | 'houseGames'
  | 'houseTables'
  | 'openRounds'
  | 'lotteryGames'
  | 'lotteryOdds'
  | 'lotteryDraws'
  | 'sportsbookEvents'
  | 'sportsbookTickets'
  | 'sportsbookSettings'
  | 'agents.tree'
  | 'agents.templates'
  | 'agents.dividends'
  | 'agents.runs'
  | 'agents.bills'
  | 'vipLevels'
  | 'memberLabels'
  | 'rebates'
  | 'rebateRates'
  | 'responsibleExclusions'
  | 'responsibleSettings'
  | 'promotions'
  | 'promotionApplications'
  | 'promotionBlacklist'
  | 'raffles'
  | 'raffleHandovers'
  | 'rain'
  | 'pointsSettings'
  | 'mallItems'
  | 'redemptions'
  | 'missions'
  | 'reports.money'
  | 'reports.games'
  | 'reports.players';

export type NavSection =
  | 'overview'
  | 'reports'
  | 'accounts'
  | 'wallet'
  | 'games'
  | 'lottery'
  | 'sportsbook'
  | 'agents'
  | 'configuration'
  | 'content'
  | 'administration';

export interface PageDefinition {
  id: PageId;
  path: string;
  icon: IconName;
  section: NavSection;
  /** Roles besides the owner that may open the page; the owner may open every page. */
  roles: readonly OperatorRole[];
}

/** The roles besides the owner that the contract lets call an endpoint (the owner may call every one). */
function rolesOf(endpoint: Pick<Endpoint, 'access'>): readonly OperatorRole[] {
  const { access } = endpoint;
  return typeof access === 'object' ? access.operator.filter((role) => role !== 'owner') : [];
}

/** Whether the operator's role may call an endpoint: the server decides, the console only mirrors it. */
export function mayCall(role: OperatorRole | undefined, endpoint: Pick<Endpoint, 'access'>): boolean {
  if (!role) return false;
  return role === 'owner' || rolesOf(endpoint).includes(role);
}

const accounts = accountsConsoleEndpoints;
const OPERATIONS: readonly OperatorRole[] = ['operations'];
const CONTENT: readonly OperatorRole[] = ['operations', 'support'];

/** The console's pages, in navigation order. The server enforces access; this only mirrors it. */
export const PAGES: readonly PageDefinition[] = [
  {
    id: 'dashboard',
    path: '/',
    icon: 'dashboard',
    section: 'overview',
    roles: ['operations', 'finance', 'support'],
  },
  {
    id: 'reports.money',
    path: '/reports/money',
    icon: 'deposit',
    section: 'reports',
    roles: rolesOf(reportConsoleEndpoints.money),
  },
  {
    id: 'reports.games',
    path: '/reports/games',
    icon: 'games',
    section: 'reports',
    roles: rolesOf(reportConsoleEndpoints.games),
  },
  {
    id: 'reports.players',
    path: '/reports/players',
    icon: 'user',
    section: 'reports',
    roles: rolesOf(reportConsoleEndpoints.players),
  },
  { id: 'players', path: '/players', icon: 'user', section: 'accounts', roles: rolesOf(accounts.players) },
  { id: 'kyc', path: '/kyc', icon: 'shield', section: 'accounts', roles: rolesOf(kycConsoleEndpoints.queue) },
  {
    id: 'smsOutbox',
    path: '/sms-outbox',
    icon: 'message',
    section: 'accounts',
    roles: rolesOf(accounts.smsOutbox),
  },
  {
    id: 'mailOutbox',
    path: '/mail-outbox',
    icon: 'mail',
    section: 'accounts',
    roles: rolesOf(accounts.mailOutbox),
  },
  {
    id: 'loginFailures',
    path: '/login-failures',
    icon: 'lock',
    section: 'accounts',
    roles: rolesOf(accounts.loginFailures),
  },
  {
    id: 'vipLevels',
    path: '/vip/levels',
    icon: 'ticket',
    section: 'accounts',
    roles: rolesOf(vipConsoleEndpoints.levels),
  },
  {
    id: 'memberLabels',
    path: '/vip/labels',
    icon: 'hash',
    section: 'accounts',
    roles: rolesOf(vipConsoleEndpoints.labels),
  },
  {
    id: 'rebateRates',
    path: '/rebates/rates',
    icon: 'percent',
    section: 'accounts',
    roles: rolesOf(rebateConsoleEndpoints.settings),
  },
  {
    id: 'rebates',
    path: '/rebates',
    icon: 'gift',
    section: 'accounts',
    roles: rolesOf(rebateConsoleEndpoints.list),
  },
  {
    id: 'responsibleExclusions',
    path: '/responsible/exclusions',
    icon: 'shield',
    section: 'accounts',
    roles: rolesOf(responsibleConsoleEndpoints.exclusions),
  },
  {
    id: 'responsibleSettings',
    path: '/responsible/settings',
    icon: 'settings',
    section: 'configuration',
    roles: rolesOf(responsibleConsoleEndpoints.settings),
  },
  {
    id: 'promotions',
    path: '/promotions',
    icon: 'gift',
    section: 'accounts',
    roles: rolesOf(promotionConsoleEndpoints.list),
  },
  {
    id: 'promotionApplications',
    path: '/promotions/applications',
    icon: 'inbox',
    section: 'accounts',
    roles: rolesOf(promotionConsoleEndpoints.applications),
  },
  {
    id: 'promotionBlacklist',
    path: '/promotions/blacklist',
    icon: 'lock',
    section: 'accounts',
    roles: rolesOf(promotionConsoleEndpoints.blacklist),
  },
  {
    id: 'raffles',
    path: '/raffles',
    icon: 'ticket',
    section: 'accounts',
    roles: rolesOf(raffleConsoleEndpoints.list),
  },
  {
    id: 'raffleHandovers',
    path: '/raffles/handovers',
    icon: 'gift',
    section: 'accounts',
    roles: rolesOf(raffleConsoleEndpoints.handovers),
  },
  {
    id: 'rain',
    path: '/red-envelope-rain',
    icon: 'gift',
    section: 'accounts',
    roles: rolesOf(rainConsoleEndpoints.schedules),
  },
  {
    id: 'pointsSettings',
    path: '/points/settings',
    icon: 'percent',
    section: 'accounts',
    roles: rolesOf(pointsConsoleEndpoints.settings),
  },
  {
    id: 'mallItems',
    path: '/points/items',
    icon: 'gift',
    section: 'accounts',
    roles: rolesOf(pointsConsoleEndpoints.items),
  },
  {
    id: 'redemptions',
    path: '/points/redemptions',
    icon: 'ticket',
    section: 'accounts',
    roles: rolesOf(pointsConsoleEndpoints.redemptions),
  },
  {
    id: 'missions',
    path: '/missions',
    icon: 'ticket',
    section: 'accounts',
    roles: rolesOf(missionConsoleEndpoints.list),
  },
  {
    id: 'deposits',
    path: '/wallet/deposits',
    icon: 'deposit',
    section: 'wallet',
    roles: rolesOf(depositConsoleEndpoints.deposits),
  },
  {
    id: 'paymentChannels',
    path: '/wallet/payment-channels',
    icon: 'card',
    section: 'wallet',
    roles: rolesOf(depositConsoleEndpoints.channels.list),
  },
  {
    id: 'gatewayCallbacks',
    path: '/wallet/gateway-callbacks',
    icon: 'webhook',
    section: 'wallet',
    roles: rolesOf(depositConsoleEndpoints.callbacks),
  },
  {
    id: 'withdrawals',
    path: '/wallet/withdrawals',
    icon: 'inbox',
    section: 'wallet',
    roles: rolesOf(withdrawalConsoleEndpoints.queue),
  },
  {
    id: 'adjustmentRequests',
    path: '/wallet/adjustments',
    icon: 'key',
    section: 'wallet',
    roles: rolesOf(walletConsoleEndpoints.adjustmentRequests),
  },
  {
    id: 'riskFlags',
    path: '/risk/flags',
    icon: 'alert',
    section: 'wallet',
    roles: rolesOf(riskConsoleEndpoints.flags),
  },
  {
    id: 'riskRules',
    path: '/risk/rules',
    icon: 'shield',
    section: 'wallet',
    roles: rolesOf(riskConsoleEndpoints.settings),
  },
  {
    id: 'reconciliation',
    path: '/wallet/reconciliation',
    icon: 'check',
    section: 'wallet',
    roles: rolesOf(walletConsoleEndpoints.reconciliations),
  },
  {
    id: 'cashierSettings',
    path: '/wallet/settings',
    icon: 'settings',
    section: 'wallet',
    roles: rolesOf(walletConsoleEndpoints.settings),
  },
  {
    id: 'gameVendors',
    path: '/game-vendors',
    icon: 'games',
    section: 'games',
    roles: rolesOf(gamesConsoleEndpoints.vendors),
  },
  {
    id: 'games',
    path: '/games',
    icon: 'games',
    section: 'games',
    roles: rolesOf(gamesConsoleEndpoints.games),
  },
  {
    id: 'houseGames',
    path: '/house-games',
    icon: 'games',
    section: 'games',
    roles: rolesOf(houseConsoleEndpoints.games),
  },
  {
    id: 'houseTables',
    path: '/house-tables',
    icon: 'games',
    section: 'games',
    roles: rolesOf(houseTableConsoleEndpoints.tables),
  },
  {
    id: 'openRounds',
    path: '/game-rounds/open',
    icon: 'games',
    section: 'games',
    roles: rolesOf(gamesConsoleEndpoints.openRounds),
  },
  {
    id: 'lotteryGames',
    path: '/lottery/games',
    icon: 'ticket',
    section: 'lottery',
    roles: rolesOf(lotteryConsoleEndpoints.games),
  },
  {
    id: 'lotteryOdds',
    path: '/lottery/odds',
    icon: 'percent',
    section: 'lottery',
    roles: rolesOf(lotteryConsoleEndpoints.odds),
  },
  {
    id: 'lotteryDraws',
    path: '/lottery/draws',
    icon: 'hash',
    section: 'lottery',
    roles: rolesOf(lotteryConsoleEndpoints.draws),
  },
  {
    id: 'sportsbookEvents',
    path: '/sportsbook/events',
    icon: 'trophy',
    section: 'sportsbook',
    roles: rolesOf(sportsbookConsoleEndpoints.events),
  },
  {
    id: 'sportsbookTickets',
    path: '/sportsbook/tickets',
    icon: 'ticket',
    section: 'sportsbook',
    roles: rolesOf(sportsbookConsoleEndpoints.tickets),
  },
  {
    id: 'sportsbookSettings',
    path: '/sportsbook/settings',
    icon: 'settings',
    section: 'sportsbook',
    roles: rolesOf(sportsbookConsoleEndpoints.settings),
  },
  {
    id: 'agents.tree',
    path: '/agents/tree',
    icon: 'operators',
    section: 'agents',
    roles: rolesOf(agentTreeConsoleEndpoints.tree),
  },
  {
    id: 'agents.templates',
    path: '/agents/contracts',
    icon: 'rules',
    section: 'agents',
    roles: rolesOf(agentContractConsoleEndpoints.templates),
  },
  {
    id: 'agents.dividends',
    path: '/agents/dividends',
    icon: 'check',
    section: 'agents',
    roles: rolesOf(settlementConsoleEndpoints.dividendQueue),
  },
  {
    id: 'agents.runs',
    path: '/agents/settlement-runs',
    icon: 'activity',
    section: 'agents',
    roles: rolesOf(settlementConsoleEndpoints.runs),
  },
  {
    id: 'agents.bills',
    path: '/agents/bills',
    icon: 'audit',
    section: 'agents',
    roles: rolesOf(settlementConsoleEndpoints.bills),
  },
  { id: 'settings', path: '/settings', icon: 'settings', section: 'configuration', roles: OPERATIONS },
  { id: 'modules', path: '/modules', icon: 'modules', section: 'configuration', roles: OPERATIONS },
  {
    id: 'registerRules',
    path: '/register-rules',
    icon: 'rules',
    section: 'configuration',
    roles: OPERATIONS,
  },
  { id: 'domains', path: '/domains', icon: 'domains', section: 'configuration', roles: OPERATIONS },
  { id: 'banners', path: '/banners', icon: 'banners', section: 'content', roles: OPERATIONS },
  { id: 'notices', path: '/notices', icon: 'notices', section: 'content', roles: CONTENT },
  { id: 'announcements', path: '/announcements', icon: 'announcements', section: 'content', roles: CONTENT },
  { id: 'help', path: '/help', icon: 'help', section: 'content', roles: CONTENT },
  {
    id: 'broadcasts',
    path: '/inbox',
    icon: 'inbox',
    section: 'content',
    roles: rolesOf(inboxConsoleEndpoints.sendBroadcast),
  },
  {
    id: 'feedback',
    path: '/feedback',
    icon: 'message',
    section: 'content',
    roles: rolesOf(inboxConsoleEndpoints.feedback),
  },
  {
    id: 'chatRooms',
    path: '/chat-rooms',
    icon: 'message',
    section: 'content',
    roles: rolesOf(chatConsoleEndpoints.rooms),
  },
  {
    id: 'chatSettings',
    path: '/chat-settings',
    icon: 'settings',
    section: 'configuration',
    roles: rolesOf(chatConsoleEndpoints.settings),
  },
  {
    id: 'support',
    path: '/support',
    icon: 'message',
    section: 'overview',
    roles: rolesOf(supportConsoleEndpoints.queues),
  },
  { id: 'resources', path: '/resources', icon: 'downloads', section: 'content', roles: OPERATIONS },
  { id: 'operators', path: '/operators', icon: 'operators', section: 'administration', roles: [] },
  { id: 'audit', path: '/audit', icon: 'audit', section: 'administration', roles: [] },
  {
    id: 'jobs',
    path: '/jobs',
    icon: 'activity',
    section: 'administration',
    roles: rolesOf(backofficeEndpoints.jobs),
  },
  {
    id: 'security',
    path: '/security',
    icon: 'key',
    section: 'administration',
    roles: rolesOf(accounts.encryptionKey),
  },
  {
    id: 'account',
    path: '/account',
    icon: 'user',
    section: 'administration',
    roles: ['operations', 'finance', 'support'],
  },
];

export const NAV_SECTIONS: readonly NavSection[] = [
  'overview',
  'reports',
  'accounts',
  'wallet',
  'games',
  'lottery',
  'sportsbook',
  'agents',
  'configuration',
  'content',
  'administration',
];

export function canUse(role: OperatorRole | undefined, page: PageId): boolean {
  if (!role) return false;
  if (role === 'owner') return true;
  return PAGES.find((definition) => definition.id === page)?.roles.includes(role) ?? false;
}
