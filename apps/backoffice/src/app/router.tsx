import type { ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { AccountPage } from '../features/account/AccountPage.tsx';
import { AgentPage } from '../features/agents/AgentPage.tsx';
import { AgentTreePage } from '../features/agents/AgentTreePage.tsx';
import { BillsPage } from '../features/agents/BillsPage.tsx';
import { ContractTemplatesPage } from '../features/agents/ContractTemplatesPage.tsx';
import { DividendQueuePage } from '../features/agents/DividendQueuePage.tsx';
import { SettlementRunsPage } from '../features/agents/SettlementRunsPage.tsx';
import { AnnouncementsPage } from '../features/announcements/AnnouncementsPage.tsx';
import { AuditPage } from '../features/audit/AuditPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { SetupPage } from '../features/auth/SetupPage.tsx';
import { BannersPage } from '../features/banners/BannersPage.tsx';
import { ChatRoomsPage } from '../features/chat/ChatRoomsPage.tsx';
import { ChatSettingsPage } from '../features/chat/ChatSettingsPage.tsx';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { DepositsPage } from '../features/deposits/DepositsPage.tsx';
import { GatewayCallbacksPage } from '../features/deposits/GatewayCallbacksPage.tsx';
import { PaymentChannelsPage } from '../features/deposits/PaymentChannelsPage.tsx';
import { DomainsPage } from '../features/domains/DomainsPage.tsx';
import { GamesPage } from '../features/games/GamesPage.tsx';
import { GameVendorsPage } from '../features/games/GameVendorsPage.tsx';
import { HouseGamesPage } from '../features/games/HouseGamesPage.tsx';
import { HouseTablesPage } from '../features/games/HouseTablesPage.tsx';
import { OpenRoundsPage } from '../features/games/OpenRoundsPage.tsx';
import { HelpPage } from '../features/help/HelpPage.tsx';
import { BroadcastsPage } from '../features/inbox/BroadcastsPage.tsx';
import { FeedbackPage } from '../features/inbox/FeedbackPage.tsx';
import { JobsPage } from '../features/jobs/JobsPage.tsx';
import { KycPage } from '../features/kyc/KycPage.tsx';
import { LoginFailuresPage } from '../features/login-failures/LoginFailuresPage.tsx';
import { LotteryDrawsPage } from '../features/lottery/LotteryDrawsPage.tsx';
import { LotteryGamesPage } from '../features/lottery/LotteryGamesPage.tsx';
import { LotteryOddsPage } from '../features/lottery/LotteryOddsPage.tsx';
import { MissionsPage } from '../features/missions/MissionsPage.tsx';
import { ModuleFlagsPage } from '../features/modules/ModuleFlagsPage.tsx';
import { NoticesPage } from '../features/notices/NoticesPage.tsx';
import { OperatorsPage } from '../features/operators/OperatorsPage.tsx';
import { MailOutboxPage } from '../features/outbox/MailOutboxPage.tsx';
import { SmsOutboxPage } from '../features/outbox/SmsOutboxPage.tsx';
import { PlayerPage } from '../features/players/PlayerPage.tsx';
import { PlayersPage } from '../features/players/PlayersPage.tsx';
import { MallItemsPage } from '../features/points/MallItemsPage.tsx';
import { PointsSettingsPage } from '../features/points/PointsSettingsPage.tsx';
import { RedemptionsPage } from '../features/points/RedemptionsPage.tsx';
import { ApplicationsPage } from '../features/promotions/ApplicationsPage.tsx';
import { BlacklistPage } from '../features/promotions/BlacklistPage.tsx';
import { PromotionsPage } from '../features/promotions/PromotionsPage.tsx';
import { HandoversPage } from '../features/raffle/HandoversPage.tsx';
import { RafflesPage } from '../features/raffle/RafflesPage.tsx';
import { RainPage } from '../features/raffle/RainPage.tsx';
import { RebateRatesPage } from '../features/rebates/RebateRatesPage.tsx';
import { RebatesPage } from '../features/rebates/RebatesPage.tsx';
import { RegisterRulesPage } from '../features/register-rules/RegisterRulesPage.tsx';
import { GamesReportPage } from '../features/reports/GamesReportPage.tsx';
import { MoneyReportPage } from '../features/reports/MoneyReportPage.tsx';
import { PlayersReportPage } from '../features/reports/PlayersReportPage.tsx';
import { ResourcesPage } from '../features/resources/ResourcesPage.tsx';
import { ExclusionsPage } from '../features/responsible/ExclusionsPage.tsx';
import { ResponsibleSettingsPage } from '../features/responsible/ResponsibleSettingsPage.tsx';
import { RiskFlagsPage } from '../features/risk/RiskFlagsPage.tsx';
import { RiskRulesPage } from '../features/risk/RiskRulesPage.tsx';
import { SecurityPage } from '../features/security/SecurityPage.tsx';
import { SettingsPage } from '../features/settings/SettingsPage.tsx';
import { SportsbookEventPage } from '../features/sportsbook/SportsbookEventPage.tsx';
import { SportsbookEventsPage } from '../features/sportsbook/SportsbookEventsPage.tsx';
import { SportsbookSettingsPage } from '../features/sportsbook/SportsbookSettingsPage.tsx';
import { SportsbookTicketsPage } from '../features/sportsbook/SportsbookTicketsPage.tsx';
import { SupportPage } from '../features/support/SupportPage.tsx';
import { MemberLabelsPage } from '../features/vip/MemberLabelsPage.tsx';
import { VipLevelsPage } from '../features/vip/VipLevelsPage.tsx';
import { AdjustmentRequestsPage } from '../features/wallet/AdjustmentRequestsPage.tsx';
import { CashierSettingsPage } from '../features/wallet/CashierSettingsPage.tsx';
import { ReconciliationPage } from '../features/wallet/ReconciliationPage.tsx';
import { WithdrawalsPage } from '../features/withdrawals/WithdrawalsPage.tsx';
import type { PageId } from './access.ts';
import { NotFoundPage, RequireAuth, RequirePage } from './guards.tsx';
import { setNavigator } from './navigation.ts';

const BASENAME = '/backoffice';

const page = (id: PageId, element: ReactNode) => <RequirePage page={id}>{element}</RequirePage>;

export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    { path: '/setup', element: <SetupPage /> },
    {
      path: '/',
      element: <RequireAuth />,
      children: [
        { index: true, element: page('dashboard', <DashboardPage />) },
        { path: 'reports/money', element: page('reports.money', <MoneyReportPage />) },
        { path: 'reports/games', element: page('reports.games', <GamesReportPage />) },
        { path: 'reports/players', element: page('reports.players', <PlayersReportPage />) },
        { path: 'players', element: page('players', <PlayersPage />) },
        { path: 'players/:id', element: page('players', <PlayerPage />) },
        { path: 'kyc', element: page('kyc', <KycPage />) },
        { path: 'vip/levels', element: page('vipLevels', <VipLevelsPage />) },
        { path: 'vip/labels', element: page('memberLabels', <MemberLabelsPage />) },
        { path: 'rebates/rates', element: page('rebateRates', <RebateRatesPage />) },
        { path: 'rebates', element: page('rebates', <RebatesPage />) },
        { path: 'responsible/exclusions', element: page('responsibleExclusions', <ExclusionsPage />) },
        { path: 'responsible/settings', element: page('responsibleSettings', <ResponsibleSettingsPage />) },
        { path: 'promotions/applications', element: page('promotionApplications', <ApplicationsPage />) },
        { path: 'promotions/blacklist', element: page('promotionBlacklist', <BlacklistPage />) },
        { path: 'promotions', element: page('promotions', <PromotionsPage />) },
        { path: 'raffles/handovers', element: page('raffleHandovers', <HandoversPage />) },
        { path: 'raffles', element: page('raffles', <RafflesPage />) },
        { path: 'red-envelope-rain', element: page('rain', <RainPage />) },
        { path: 'points/settings', element: page('pointsSettings', <PointsSettingsPage />) },
        { path: 'points/items', element: page('mallItems', <MallItemsPage />) },
        { path: 'points/redemptions', element: page('redemptions', <RedemptionsPage />) },
        { path: 'missions', element: page('missions', <MissionsPage />) },
        { path: 'sms-outbox', element: page('smsOutbox', <SmsOutboxPage />) },
        { path: 'mail-outbox', element: page('mailOutbox', <MailOutboxPage />) },
        { path: 'login-failures', element: page('loginFailures', <LoginFailuresPage />) },
        { path: 'jobs', element: page('jobs', <JobsPage />) },
        { path: 'wallet/deposits', element: page('deposits', <DepositsPage />) },
        { path: 'wallet/payment-channels', element: page('paymentChannels', <PaymentChannelsPage />) },
        { path: 'wallet/gateway-callbacks', element: page('gatewayCallbacks', <GatewayCallbacksPage />) },
        { path: 'wallet/withdrawals', element: page('withdrawals', <WithdrawalsPage />) },
        { path: 'wallet/adjustments', element: page('adjustmentRequests', <AdjustmentRequestsPage />) },
        { path: 'risk/flags', element: page('riskFlags', <RiskFlagsPage />) },
        { path: 'risk/rules', element: page('riskRules', <RiskRulesPage />) },
        { path: 'wallet/reconciliation', element: page('reconciliation', <ReconciliationPage />) },
        { path: 'wallet/settings', element: page('cashierSettings', <CashierSettingsPage />) },
        { path: 'game-vendors', element: page('gameVendors', <GameVendorsPage />) },
        { path: 'games', element: page('games', <GamesPage />) },
        { path: 'house-games', element: page('houseGames', <HouseGamesPage />) },
        { path: 'house-tables', element: page('houseTables', <HouseTablesPage />) },
        { path: 'game-rounds/open', element: page('openRounds', <OpenRoundsPage />) },
        { path: 'lottery/games', element: page('lotteryGames', <LotteryGamesPage />) },
        { path: 'lottery/odds', element: page('lotteryOdds', <LotteryOddsPage />) },
        { path: 'lottery/draws', element: page('lotteryDraws', <LotteryDrawsPage />) },
        { path: 'sportsbook/events', element: page('sportsbookEvents', <SportsbookEventsPage />) },
        { path: 'sportsbook/events/:id', element: page('sportsbookEvents', <SportsbookEventPage />) },
        { path: 'sportsbook/tickets', element: page('sportsbookTickets', <SportsbookTicketsPage />) },
        { path: 'sportsbook/settings', element: page('sportsbookSettings', <SportsbookSettingsPage />) },
        { path: 'agents/tree', element: page('agents.tree', <AgentTreePage />) },
        { path: 'agents/contracts', element: page('agents.templates', <ContractTemplatesPage />) },
        { path: 'agents/dividends', element: page('agents.dividends', <DividendQueuePage />) },
        { path: 'agents/settlement-runs', element: page('agents.runs', <SettlementRunsPage />) },
        { path: 'agents/bills', element: page('agents.bills', <BillsPage />) },
        { path: 'agents/tree/:id', element: page('agents.tree', <AgentPage />) },
        { path: 'settings', element: page('settings', <SettingsPage />) },
        { path: 'modules', element: page('modules', <ModuleFlagsPage />) },
        { path: 'register-rules', element: page('registerRules', <RegisterRulesPage />) },
        { path: 'banners', element: page('banners', <BannersPage />) },
        { path: 'notices', element: page('notices', <NoticesPage />) },
        { path: 'announcements', element: page('announcements', <AnnouncementsPage />) },
        { path: 'help', element: page('help', <HelpPage />) },
        { path: 'inbox', element: page('broadcasts', <BroadcastsPage />) },
        { path: 'feedback', element: page('feedback', <FeedbackPage />) },
        { path: 'chat-rooms', element: page('chatRooms', <ChatRoomsPage />) },
        { path: 'chat-settings', element: page('chatSettings', <ChatSettingsPage />) },
        { path: 'support', element: page('support', <SupportPage />) },
        { path: 'resources', element: page('resources', <ResourcesPage />) },
        { path: 'domains', element: page('domains', <DomainsPage />) },
        { path: 'operators', element: page('operators', <OperatorsPage />) },
        { path: 'audit', element: page('audit', <AuditPage />) },
        { path: 'security', element: page('security', <SecurityPage />) },
        { path: 'account', element: page('account', <AccountPage />) },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: BASENAME },
);

setNavigator((to) => void router.navigate(to, { replace: true }));
