import type {
  accountsEndpoints,
  agentContractEndpoints,
  agentReportEndpoints,
  agentTreeEndpoints,
  catalogueEndpoints,
  chatEndpoints as chatContractEndpoints,
  contentEndpoints,
  depositPlayerEndpoints,
  Endpoint,
  gamesEndpoints,
  houseEndpoints,
  houseTableEndpoints,
  inboxEndpoints as inboxContractEndpoints,
  kycPlayerEndpoints,
  launchEndpoints,
  lotteryEndpoints as lotteryContractEndpoints,
  missionEndpoints as missionContractEndpoints,
  pointsEndpoints as pointsContractEndpoints,
  promotionEndpoints as promotionContractEndpoints,
  raffleEndpoints as raffleContractEndpoints,
  rebateEndpoints as rebateContractEndpoints,
  recordsEndpoints,
  redEnvelopeEndpoints,
  redEnvelopeRainEndpoints,
  responsibleEndpoints as responsibleContractEndpoints,
  rewardEndpoints as rewardContractEndpoints,
  settlementEndpoints,
  sportsbookEndpoints as sportsbookContractEndpoints,
  supportPlayerEndpoints,
  systemEndpoints,
  vipEndpoints as vipContractEndpoints,
  walletPlayerEndpoints,
  withdrawalPlayerEndpoints,
} from '@tessera/contract';

type ContractEndpoints = typeof systemEndpoints & typeof contentEndpoints & typeof gamesEndpoints;
type AccountEndpoints = typeof accountsEndpoints;
type WalletEndpoints = typeof walletPlayerEndpoints;
type DepositEndpoints = typeof depositPlayerEndpoints;
type WithdrawalEndpoints = typeof withdrawalPlayerEndpoints;
type GameEndpoints = typeof catalogueEndpoints & typeof launchEndpoints & typeof recordsEndpoints;
type HouseEndpoints = typeof houseEndpoints;
type HouseTableEndpoints = typeof houseTableEndpoints;
type LotteryEndpoints = typeof lotteryContractEndpoints;
type SportsbookEndpoints = typeof sportsbookContractEndpoints;

/**
 * An endpoint as the client needs it: its method, path, body type and answer type. The contract's own endpoint objects carry
 * their zod schemas, and importing them would put the whole validation library into the first download; so the
 * site names the method and path here and takes the types (query, body, answer) from the contract.
 * apps/server/test/web-endpoints.test.ts, which runs with the server tests, checks every entry against the contract.
 */
function light<T>(
  method: Endpoint['method'],
  path: string,
  bodyType?: Endpoint['bodyType'],
  idempotent?: 'idempotent',
  answer?: Endpoint['answer'],
): T {
  const endpoint: Pick<Endpoint, 'method' | 'path' | 'access' | 'bodyType' | 'idempotent' | 'answer'> = {
    method,
    path,
    access: 'visitor',
    ...(bodyType ? { bodyType } : {}),
    ...(idempotent ? { idempotent: true } : {}),
    ...(answer ? { answer } : {}),
  };
  return endpoint as T;
}

function endpoint<K extends keyof ContractEndpoints>(
  method: ContractEndpoints[K]['method'],
  path: string,
  answer?: Endpoint['answer'],
): ContractEndpoints[K] {
  return light<ContractEndpoints[K]>(method, path, undefined, undefined, answer);
}

/** The endpoints of the platform the player site calls (§7), by their name in the contract. */
export const endpoints = {
  status: endpoint<'status'>('GET', '/wps/system/status'),
  whitelabel: endpoint<'whitelabel'>('GET', '/wps/system/whitelabel'),
  modules: endpoint<'modules'>('GET', '/wps/system/module'),
  registerSettings: endpoint<'registerSettings'>('GET', '/wps/system/setting/register'),
  countries: endpoint<'countries'>('GET', '/wps/system/countries'),
  currentCountry: endpoint<'currentCountry'>('GET', '/wps/system/country'),
  domainRoute: endpoint<'domainRoute'>('GET', '/wps/system/domainRoute'),
  routers: endpoint<'routers'>('GET', '/wps/system/routers'),
  helpCenter: endpoint<'helpCenter'>('GET', '/wps/system/helpCenter'),
  announcements: endpoint<'announcements'>('GET', '/wps/relay/MCSFE_getListAnnouncements'),
  banners: endpoint<'banners'>('GET', '/wps/system/banners'),
  notices: endpoint<'notices'>('GET', '/wps/system/notices'),
  /** Answered without the envelope, as the original reads /lgw calls. */
  gameMenus: endpoint<'gameMenus'>('GET', '/lgw/games/game_menus', 'bare'),
};

function account<K extends keyof AccountEndpoints>(
  method: AccountEndpoints[K]['method'],
  path: string,
  bodyType?: 'encrypted' | 'form',
  /** A non-repeatable call: the client sends an Idempotency-Key and may retry it safely. */
  idempotent?: 'idempotent',
): AccountEndpoints[K] {
  return light<AccountEndpoints[K]>(method, path, bodyType, idempotent);
}

/**
 * The accounts area's endpoints (§7 "Login and registration", "With a token"). Encrypted bodies are sealed
 * by the shared client with the server's public key (WebCrypto), which it fetches itself.
 */
export const accountEndpoints = {
  captcha: account<'captcha'>('GET', '/wps/captcha'),
  captchaProvider: account<'captchaProvider'>('GET', '/wps/captcha/provider'),
  login: account<'login'>('POST', '/wps/session/login', 'encrypted'),
  freePlay: account<'freePlay'>('POST', '/wps/session/login/freeplay', undefined, 'idempotent'),
  logout: account<'logout'>('DELETE', '/wps/session/logout'),
  register: account<'register'>('PUT', '/wps/member/register', 'encrypted', 'idempotent'),
  registerMobile: account<'registerMobile'>('PUT', '/wps/member/register/mobile', 'encrypted', 'idempotent'),
  affiliateCheck: account<'affiliateCheck'>('GET', '/wps/agent/affiliate'),
  smsRegister: account<'smsRegister'>('POST', '/wps/verification/sms/register', undefined, 'idempotent'),
  smsRegisterUsername: account<'smsRegisterUsername'>(
    'POST',
    '/wps/verification/sms/register/username',
    undefined,
    'idempotent',
  ),
  smsNoLogin: account<'smsNoLogin'>('POST', '/wps/verification/sms/noLogin', undefined, 'idempotent'),
  forgotPasswordEmail: account<'forgotPasswordEmail'>(
    'POST',
    '/wps/member/password/email',
    'form',
    'idempotent',
  ),
  resetPassword: account<'resetPassword'>('POST', '/wps/member/password/reset', 'encrypted'),
  resetPasswordByPhone: account<'resetPasswordByPhone'>(
    'POST',
    '/wps/member/password/verification',
    'encrypted',
  ),
  changePassword: account<'changePassword'>('POST', '/wps/member/password', 'encrypted'),
  memberInfo: account<'memberInfo'>('GET', '/wps/member/info'),
  mobileSms: account<'mobileSms'>('POST', '/wps/member/mobile/sms', undefined, 'idempotent'),
  bindMobile: account<'bindMobile'>('PUT', '/wps/member/mobile', 'encrypted'),
  mobileChanges: account<'mobileChanges'>('GET', '/wps/member/mobile/changes'),
  avatar: account<'avatar'>('GET', '/wps/relay/MCSFE_getPlayerAvatar'),
  setAvatar: account<'setAvatar'>('POST', '/wps/member/info/icon'),
  setNickname: account<'setNickname'>('POST', '/wps/member/info/nickname'),
  setLanguage: account<'setLanguage'>('PUT', '/wps/member/language'),
};

function wallet<K extends keyof WalletEndpoints>(
  method: WalletEndpoints[K]['method'],
  path: string,
  bodyType?: 'encrypted',
  idempotent?: 'idempotent',
): WalletEndpoints[K] {
  return light<WalletEndpoints[K]>(method, path, bodyType, idempotent);
}

/** The wallet's endpoints: balances, transfers, the account record, profit and loss, the payment password. */
export const walletEndpoints = {
  balance: wallet<'balance'>('GET', '/wps/v2/wallets/balance'),
  consolidatedFunds: wallet<'consolidatedFunds'>('GET', '/wps/member/info/funds/consolidated'),
  walletTransfer: wallet<'walletTransfer'>('POST', '/wps/relay/GCS_walletTransfer', undefined, 'idempotent'),
  transferTargets: wallet<'transferTargets'>('GET', '/wps/wallet/transfer/targets'),
  memberTransfer: wallet<'memberTransfer'>(
    'POST',
    '/wps/relay/MCSFE_processC2CTransaction',
    undefined,
    'idempotent',
  ),
  accountRecord: wallet<'accountRecord'>('GET', '/wps/relay/ODSFE2_MemTransDet'),
  profitAndLoss: wallet<'profitAndLoss'>('GET', '/wps/wallet/profit'),
  paymentPassword: wallet<'paymentPassword'>('POST', '/wps/member/password/payment', 'encrypted'),
};

function deposit<K extends keyof DepositEndpoints>(
  method: DepositEndpoints[K]['method'],
  path: string,
  idempotent?: 'idempotent',
): DepositEndpoints[K] {
  return light<DepositEndpoints[K]>(method, path, undefined, idempotent);
}

/** The deposit page's endpoints (depositv2): channels, a new order, the history and one order. */
export const depositEndpoints = {
  depositChannels: deposit<'depositChannels'>('GET', '/wps/payment/channels'),
  createDeposit: deposit<'createDeposit'>('POST', '/wps/payment/deposits', 'idempotent'),
  deposits: deposit<'deposits'>('GET', '/wps/payment/deposits'),
  deposit: deposit<'deposit'>('GET', '/wps/payment/deposits/:orderNo'),
};

function withdrawal<K extends keyof WithdrawalEndpoints>(
  method: WithdrawalEndpoints[K]['method'],
  path: string,
  bodyType?: 'encrypted' | 'multipart',
  idempotent?: 'idempotent',
): WithdrawalEndpoints[K] {
  return light<WithdrawalEndpoints[K]>(method, path, bodyType, idempotent);
}

/** Withdrawals: bank accounts, the page's limits, requests, history and the confirmation of what arrived. */
export const withdrawalEndpoints = {
  bankAccounts: withdrawal<'bankAccounts'>('GET', '/wps/wallet/bank-accounts'),
  addBankAccount: withdrawal<'addBankAccount'>('POST', '/wps/wallet/bank-accounts'),
  removeBankAccount: withdrawal<'removeBankAccount'>('DELETE', '/wps/wallet/bank-accounts/:id'),
  withdrawalInfo: withdrawal<'withdrawalInfo'>('GET', '/wps/wallet/withdrawal/info'),
  requestWithdrawal: withdrawal<'requestWithdrawal'>(
    'POST',
    '/wps/wallet/withdrawals',
    'encrypted',
    'idempotent',
  ),
  withdrawals: withdrawal<'withdrawals'>('GET', '/wps/wallet/withdrawals'),
  paymentConfirmationList: withdrawal<'paymentConfirmationList'>(
    'GET',
    '/wps/relay/MCSFE_getPaymentConfirmationList',
  ),
  confirmWithdrawal: withdrawal<'confirmWithdrawal'>(
    'POST',
    '/wps/wallet/withdrawals/:orderNo/confirmation',
    'multipart',
  ),
};

/** Identity verification (KYC): the member's status and the document upload. */
export const kycEndpoints = {
  status: light<typeof kycPlayerEndpoints.status>('GET', '/wps/kyc'),
  upload: light<typeof kycPlayerEndpoints.upload>('POST', '/wps/kyc/documents', 'multipart'),
};

/** The lobbies, the game frame and the betting record: the catalogue, favourites, recent games and launches. */
export const gameEndpoints = {
  gameList: light<GameEndpoints['gameList']>('GET', '/wps/relay/GCSGAME_gameList'),
  hotGames: light<GameEndpoints['hotGames']>('GET', '/wps/relay/GCSGAME_hotGamesV2'),
  gameVendors: light<GameEndpoints['gameVendors']>('GET', '/wps/relay/GCSGAME_gameVendor'),
  favouriteIds: light<GameEndpoints['favouriteIds']>('GET', '/wps/relay/MCSFE_getFavoriteGames'),
  favourites: light<GameEndpoints['favourites']>('GET', '/wps/relay/MCSFE_getFavoriteGamesList'),
  addFavourite: light<GameEndpoints['addFavourite']>('POST', '/wps/relay/MCSFE_addFavoriteGameV2'),
  removeFavourite: light<GameEndpoints['removeFavourite']>('DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2'),
  recentGames: light<GameEndpoints['recentGames']>('GET', '/wps/relay/GCS_recentGame'),
  winnerBoard: light<GameEndpoints['winnerBoard']>('GET', '/wps/relay/ODSFE2_getWinnerBoard'),
  jackpot: light<GameEndpoints['jackpot']>('GET', '/wps/relay/VIS_getJackpot'),
  rooms: light<GameEndpoints['rooms']>('GET', '/wps/relay/GLS2_roomList'),
  launchGame: light<GameEndpoints['launchGame']>('GET', '/wps/game/launchGame'),
  launchFb: light<GameEndpoints['launchFb']>('GET', '/wps/relay/GCS_gameLaunchFB'),
  trialLaunch: light<GameEndpoints['trialLaunch']>('GET', '/wps/relay/GCS_gameTrialLaunch'),
  betRecords: light<GameEndpoints['betRecords']>('GET', '/wps/game/bets'),
};

/** The house's game frames (/house/…): their frame API, called with the game session's token. */
export const houseFrameEndpoints = {
  openSession: light<HouseEndpoints['openSession']>('POST', '/house/api/session'),
  slot: light<HouseEndpoints['slot']>('GET', '/house/api/slots/game'),
  spin: light<HouseEndpoints['spin']>('POST', '/house/api/slots/spin', undefined, 'idempotent'),
  freeSpins: light<HouseEndpoints['freeSpins']>(
    'POST',
    '/house/api/slots/free-spins',
    undefined,
    'idempotent',
  ),
  fish: light<HouseEndpoints['fish']>('GET', '/house/api/fish/game'),
  shoot: light<HouseEndpoints['shoot']>('POST', '/house/api/fish/shoot', undefined, 'idempotent'),
  fairness: light<HouseEndpoints['fairness']>('GET', '/house/api/fairness'),
  setClientSeed: light<HouseEndpoints['setClientSeed']>(
    'PUT',
    '/house/api/fairness/client-seed',
    undefined,
    'idempotent',
  ),
  rotateSeed: light<HouseEndpoints['rotateSeed']>(
    'POST',
    '/house/api/fairness/rotate',
    undefined,
    'idempotent',
  ),
  rounds: light<HouseEndpoints['rounds']>('GET', '/house/api/rounds'),
  lastRounds: light<HouseEndpoints['lastRounds']>('GET', '/house/api/rounds/last'),
  round: light<HouseEndpoints['round']>('GET', '/house/api/rounds/:id'),
};

/** The house's shared tables (/house/baccarat/…, /house/roulette/…): their frame API. */
export const houseTableFrameEndpoints = {
  table: light<HouseTableEndpoints['table']>('GET', '/house/api/tables/table'),
  state: light<HouseTableEndpoints['state']>('GET', '/house/api/tables/state'),
  bet: light<HouseTableEndpoints['bet']>('POST', '/house/api/tables/bets', undefined, 'idempotent'),
  bets: light<HouseTableEndpoints['bets']>('GET', '/house/api/tables/bets'),
  round: light<HouseTableEndpoints['round']>('GET', '/house/api/tables/rounds/:round'),
};

function lottery<K extends keyof LotteryEndpoints>(
  method: LotteryEndpoints[K]['method'],
  path: string,
  kind?: 'idempotent' | 'bare',
): LotteryEndpoints[K] {
  return kind === 'bare'
    ? light<LotteryEndpoints[K]>(method, path, undefined, undefined, 'bare')
    : light<LotteryEndpoints[K]>(method, path, undefined, kind);
}

/** The lottery screens: menus, results and draws (the /lgw calls answer bare), a game's betting view and tickets. */
export const lotteryEndpoints = {
  vnGameMenu: lottery<'vnGameMenu'>('GET', '/lgw/vn/games/game_menu', 'bare'),
  vnRecentMenu: lottery<'vnRecentMenu'>('GET', '/lgw/vn/games/game_menu/recent', 'bare'),
  games: lottery<'games'>('GET', '/lgw/games', 'bare'),
  openedNumeros: lottery<'openedNumeros'>('GET', '/lgw/vn/numeros/opened/game', 'bare'),
  draws: lottery<'draws'>('GET', '/lgw/draw', 'bare'),
  draw: lottery<'draw'>('GET', '/wps/lottery/draws/:gameId/:numero'),
  gameDetail: lottery<'gameDetail'>('GET', '/wps/lottery/games/:gameId'),
  placeBet: lottery<'placeBet'>('POST', '/wps/lottery/bets', 'idempotent'),
  myBets: lottery<'myBets'>('GET', '/wps/lottery/bets'),
  cancelBet: lottery<'cancelBet'>('POST', '/wps/lottery/bets/:ticketNo/cancel', 'idempotent'),
};

function sportsbook<K extends keyof SportsbookEndpoints>(
  method: SportsbookEndpoints[K]['method'],
  path: string,
  idempotent?: 'idempotent',
): SportsbookEndpoints[K] {
  return light<SportsbookEndpoints[K]>(method, path, undefined, idempotent);
}

/** The in-house sportsbook: sports, events with their markets, bets and the member's tickets. */
export const sportsbookEndpoints = {
  sports: sportsbook<'sports'>('GET', '/wps/sportsbook/sports'),
  events: sportsbook<'events'>('GET', '/wps/sportsbook/events'),
  event: sportsbook<'event'>('GET', '/wps/sportsbook/events/:id'),
  placeBet: sportsbook<'placeBet'>('POST', '/wps/sportsbook/bets', 'idempotent'),
  myBets: sportsbook<'myBets'>('GET', '/wps/sportsbook/bets'),
  myBet: sportsbook<'myBet'>('GET', '/wps/sportsbook/bets/:ticketNo'),
  preferences: sportsbook<'preferences'>('GET', '/wps/sportsbook/preferences'),
  savePreferences: sportsbook<'savePreferences'>('PUT', '/wps/sportsbook/preferences'),
};

type AgentCentreAEndpoints = typeof agentTreeEndpoints & typeof agentContractEndpoints;

function agentA<K extends keyof AgentCentreAEndpoints>(
  method: AgentCentreAEndpoints[K]['method'],
  path: string,
  idempotent?: 'idempotent',
): AgentCentreAEndpoints[K] {
  return light<AgentCentreAEndpoints[K]>(method, path, undefined, idempotent);
}

/**
 * The agent centre's team, registration, affiliate links and contracts (register downline, team management,
 * contracts), and the click a visit through an affiliate link counts.
 */
export const agentCentreAEndpoints = {
  team: agentA<'team'>('GET', '/wps/agent/team'),
  teamMember: agentA<'teamMember'>('GET', '/wps/agent/team/:id'),
  registerDownline: agentA<'registerDownline'>('POST', '/wps/agent/downlines', 'idempotent'),
  links: agentA<'links'>('GET', '/wps/agent/links'),
  createLink: agentA<'createLink'>('POST', '/wps/agent/links', 'idempotent'),
  removeLink: agentA<'removeLink'>('DELETE', '/wps/agent/links/:id'),
  linkClick: agentA<'linkClick'>('POST', '/wps/agent/affiliate/click'),
  mine: agentA<'mine'>('GET', '/wps/v2/agent/contracts'),
  history: agentA<'history'>('GET', '/wps/v2/agent/contracts/history'),
  detail: agentA<'detail'>('GET', '/wps/v2/agent/contracts/:id'),
  offer: agentA<'offer'>('POST', '/wps/v2/agent/contracts/offers', 'idempotent'),
  answer: agentA<'answer'>('POST', '/wps/v2/agent/contracts/:id/answer', 'idempotent'),
  requestTermination: agentA<'requestTermination'>(
    'POST',
    '/wps/v2/agent/contracts/:id/termination',
    'idempotent',
  ),
};

type AgentReportEndpoints = typeof agentReportEndpoints &
  typeof settlementEndpoints &
  typeof redEnvelopeEndpoints;

/**
 * The agent centre's reports and records (team overview, betting, loss, income, account details; bills) and the
 * red envelope (send and history; its recipients are chosen from agentCentreAEndpoints.team).
 */
export const agentReportCentreEndpoints = {
  teamOverview: light<AgentReportEndpoints['teamOverview']>('GET', '/wps/agent/report/overview'),
  teamBets: light<AgentReportEndpoints['teamBets']>('GET', '/wps/agent/report/bets'),
  userLoss: light<AgentReportEndpoints['userLoss']>('GET', '/wps/agent/report/loss'),
  myIncome: light<AgentReportEndpoints['myIncome']>('GET', '/wps/agent/report/income'),
  downlineTransactions: light<AgentReportEndpoints['downlineTransactions']>(
    'GET',
    '/wps/agent/report/transactions',
  ),
  agentBills: light<AgentReportEndpoints['agentBills']>('GET', '/wps/v2/agent/bills'),
  send: light<AgentReportEndpoints['send']>('POST', '/wps/agent/red-envelopes', undefined, 'idempotent'),
  history: light<AgentReportEndpoints['history']>('GET', '/wps/agent/red-envelopes'),
};

type VipEndpoints = typeof vipContractEndpoints;

/** The VIP page (levels, progress, rewards and their claim) and the member centre's referral page. */
export const vipEndpoints = {
  vip: light<VipEndpoints['vip']>('GET', '/wps/vip'),
  claimVipReward: light<VipEndpoints['claimVipReward']>(
    'POST',
    '/wps/vip/rewards/:id/claim',
    undefined,
    'idempotent',
  ),
  referral: light<VipEndpoints['referral']>('GET', '/wps/referral'),
};

type RebateEndpoints = typeof rebateContractEndpoints;

/** The member centre's rebate page (bonusDetails): today's accrual and the rates, the history, the claim. */
export const rebateEndpoints = {
  overview: light<RebateEndpoints['overview']>('GET', '/wps/rebates'),
  history: light<RebateEndpoints['history']>('GET', '/wps/rebates/history'),
  claim: light<RebateEndpoints['claim']>('POST', '/wps/rebates/:id/claim', undefined, 'idempotent'),
};

type PromotionEndpoints = typeof promotionContractEndpoints;

/** /promotions and /promoDetail: the list by category, one promotion with this member's state, its actions. */
export const promotionEndpoints = {
  list: light<PromotionEndpoints['list']>('GET', '/wps/promotions'),
  detail: light<PromotionEndpoints['detail']>('GET', '/wps/promotions/:id'),
  join: light<PromotionEndpoints['join']>('POST', '/wps/promotions/:id/join', undefined, 'idempotent'),
  claim: light<PromotionEndpoints['claim']>('POST', '/wps/promotions/:id/claim', undefined, 'idempotent'),
  apply: light<PromotionEndpoints['apply']>('POST', '/wps/promotions/:id/application', 'multipart'),
};

type RewardEndpoints = typeof rewardContractEndpoints;

/** The member centre's rewards centre (rewardCenter): what to claim, what was received, the badge's count. */
export const rewardEndpoints = {
  centre: light<RewardEndpoints['centre']>('GET', '/wps/rewards'),
  count: light<RewardEndpoints['count']>('GET', '/wps/rewards/count'),
  claim: light<RewardEndpoints['claim']>('POST', '/wps/rewards/:source/:id/claim', undefined, 'idempotent'),
};

type RaffleEndpoints = typeof raffleContractEndpoints;
type RainEndpoints = typeof redEnvelopeRainEndpoints;

/** The prize wheel (raffles, the member's tickets and points, a draw) and the red envelope rain (state, grab). */
export const raffleEndpoints = {
  list: light<RaffleEndpoints['list']>('GET', '/wps/raffles'),
  draw: light<RaffleEndpoints['draw']>('POST', '/wps/raffles/:id/draw', undefined, 'idempotent'),
  prizes: light<RaffleEndpoints['prizes']>('GET', '/wps/raffles/prizes'),
};
export const rainEndpoints = {
  state: light<RainEndpoints['state']>('GET', '/wps/red-envelope-rain'),
  grab: light<RainEndpoints['grab']>('POST', '/wps/red-envelope-rain/:id/grab', undefined, 'idempotent'),
  round: light<RainEndpoints['round']>('GET', '/wps/red-envelope-rain/:id'),
};

type PointsEndpoints = typeof pointsContractEndpoints;

/** /pointMall: the balance, the rules, the catalogue, the redeem record, conversion and redemption (encrypted). */
export const pointEndpoints = {
  balance: light<PointsEndpoints['balance']['MCS2']>('GET', '/wps/relay/MCS2_getPointBalance'),
  config: light<PointsEndpoints['config']['MCS2']>('GET', '/wps/relay/MCS2_getPointConfig'),
  catalogue: light<PointsEndpoints['catalogue']['MCS2']>('GET', '/wps/relay/MCS2_getPointReward'),
  history: light<PointsEndpoints['history']['MCS2']>('GET', '/wps/relay/MCS2_getRedeemPointList'),
  convert: light<PointsEndpoints['convert']['MCS2']>(
    'POST',
    '/wps/relay/passwordCheck/MCS2_convertPoint',
    'encrypted',
    'idempotent',
  ),
  redeem: light<PointsEndpoints['redeem']['MCS2']>(
    'POST',
    '/wps/relay/passwordCheck/MCS2_redeemPointReward',
    'encrypted',
    'idempotent',
  ),
};

type MissionEndpoints = typeof missionContractEndpoints;

/** The member centre's missions page (missionLeaderboard): missions with progress, claims, leaderboards, the badge. */
export const missionEndpoints = {
  list: light<MissionEndpoints['list']>('GET', '/wps/missions'),
  claimable: light<MissionEndpoints['claimable']>('GET', '/wps/missions/claimable'),
  claim: light<MissionEndpoints['claim']>(
    'POST',
    '/wps/missions/:id/milestones/:index/claim',
    undefined,
    'idempotent',
  ),
  leaderboard: light<MissionEndpoints['leaderboard']>('GET', '/wps/missions/:id/leaderboard'),
};

type InboxEndpoints = typeof inboxContractEndpoints;

/** The member centre's inbox (messageV2), its unread badge and the feedback form. */
export const inboxEndpoints = {
  unreadCount: light<InboxEndpoints['unreadCount']>('GET', '/wps/relay/CSP_unreadCount'),
  inbox: light<InboxEndpoints['inbox']>('GET', '/wps/relay/CSP_getInbox'),
  read: light<InboxEndpoints['read']>('POST', '/wps/inbox/read'),
  readAll: light<InboxEndpoints['readAll']>('POST', '/wps/inbox/read-all'),
  remove: light<InboxEndpoints['remove']>('DELETE', '/wps/inbox/messages/:id'),
  feedback: light<InboxEndpoints['feedback']>('PUT', '/wps/feedback', undefined, 'idempotent'),
};

type ResponsibleEndpoints = typeof responsibleContractEndpoints;

/** The member centre's Responsible gaming page: limits, reality check, time-out and self-exclusion. */
export const responsibleEndpoints = {
  overview: light<ResponsibleEndpoints['overview']>('GET', '/wps/responsible'),
  setLimit: light<ResponsibleEndpoints['setLimit']>('PUT', '/wps/responsible/limits/:kind'),
  confirmLimit: light<ResponsibleEndpoints['confirmLimit']>('POST', '/wps/responsible/limits/:kind/confirm'),
  cancelPending: light<ResponsibleEndpoints['cancelPending']>(
    'DELETE',
    '/wps/responsible/limits/:kind/pending',
  ),
  setRealityCheck: light<ResponsibleEndpoints['setRealityCheck']>('PUT', '/wps/responsible/reality-check'),
  acknowledgeRealityCheck: light<ResponsibleEndpoints['acknowledgeRealityCheck']>(
    'POST',
    '/wps/responsible/reality-check/ack',
  ),
  timeOut: light<ResponsibleEndpoints['timeOut']>(
    'POST',
    '/wps/responsible/time-out',
    undefined,
    'idempotent',
  ),
  selfExclude: light<ResponsibleEndpoints['selfExclude']>(
    'POST',
    '/wps/responsible/self-exclusion',
    undefined,
    'idempotent',
  ),
  reopen: light<ResponsibleEndpoints['reopen']>('POST', '/wps/responsible/reopen'),
};

type ChatEndpoints = typeof chatContractEndpoints;

/** The chat room's floating window (CBS_modelList, CBS_groupPermission, messages) and the live chat. */
export const chatEndpoints = {
  rooms: light<ChatEndpoints['modelList']>('GET', '/wps/relay/CBS_modelList'),
  permissions: light<ChatEndpoints['groupPermission']>('GET', '/wps/relay/CBS_groupPermission'),
  unread: light<ChatEndpoints['roomUnread']>('GET', '/wps/chat/unread'),
  messages: light<ChatEndpoints['messages']>('GET', '/wps/chat/rooms/:id/messages'),
  send: light<ChatEndpoints['send']>('POST', '/wps/chat/rooms/:id/messages', undefined, 'idempotent'),
  read: light<ChatEndpoints['read']>('POST', '/wps/chat/rooms/:id/read'),
  share: light<ChatEndpoints['share']>('POST', '/wps/chat/rooms/:id/shares', undefined, 'idempotent'),
  follow: light<ChatEndpoints['follow']>('GET', '/wps/chat/rooms/:id/messages/:messageId/follow'),
  liveLaunch: light<ChatEndpoints['liveLaunch']>('GET', '/wps/chat/live'),
};

type SupportEndpoints = typeof supportPlayerEndpoints;

/** The built-in customer service's chat (issue 26): the conversation, messages, read receipts, typing, rating. */
export const supportEndpoints = {
  chat: light<SupportEndpoints['chat']>('GET', '/wps/support/chat'),
  send: light<SupportEndpoints['send']>('POST', '/wps/support/messages', undefined, 'idempotent'),
  sendImages: light<SupportEndpoints['sendImages']>('POST', '/wps/support/images', 'multipart'),
  image: light<SupportEndpoints['image']>('GET', '/wps/support/images/:id'),
  read: light<SupportEndpoints['read']>('POST', '/wps/support/read'),
  typing: light<SupportEndpoints['typing']>('POST', '/wps/support/typing'),
  rate: light<SupportEndpoints['rate']>('POST', '/wps/support/conversations/:id/rating'),
};
