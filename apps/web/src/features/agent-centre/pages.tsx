import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../../app/lazyPage.ts';
import type { AgentCentrePage } from './menu.ts';

const records = () => import('./pages/RecordsPage.tsx');

/** The screen of each agent-centre page, loaded when opened; a page without one shows that it is on its way. */
export const AGENT_PAGE_SCREENS: Partial<Record<AgentCentrePage, LazyExoticComponent<ComponentType>>> = {
  agentAnnouncement: lazyPage(() => import('./pages/AnnouncementPage.tsx')),
  registerCenter: lazyPage(() => import('./pages/RegisterPage.tsx')),
  downlineManagmentView: lazyPage(() => import('./pages/TeamPage.tsx')),
  agentContracts: lazyPage(() => import('./pages/ContractsPage.tsx')),

  agentTeamOverview: lazyPage(() => import('./pages/OverviewPage.tsx')),
  personalHistoryCopy: lazyPage(() => import('./pages/TeamBetsPage.tsx')),
  palStatementsAgentCopy: lazyPage(() => import('./pages/UserLossPage.tsx')),
  agentRevenueReport: lazyPage(() => import('./pages/IncomePage.tsx')),
  agentDownlineTransactionDetailsCopy: lazyPage(() => import('./pages/DownlineTransactionsPage.tsx')),
  agentRedRain: lazyPage(() => import('./pages/RedEnvelopePage.tsx')),
  agentDividendRecordCopy: lazyPage(() => records().then((m) => ({ default: m.DividendRecords }))),
  agentDailyWages2: lazyPage(() => records().then((m) => ({ default: m.DailyWageRecords }))),
  agentHourSalary: lazyPage(() => records().then((m) => ({ default: m.HourlySalaryRecords }))),
  agentRealtimeSalary: lazyPage(() => records().then((m) => ({ default: m.RealtimeSalaryRecords }))),
};
