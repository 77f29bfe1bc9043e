import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../../app/lazyPage.ts';
import type { AgentCentrePage } from './menu.ts';

/** The screen of each agent-centre page, loaded when opened; a page without one shows that it is on its way. */
export const AGENT_PAGE_SCREENS: Partial<Record<AgentCentrePage, LazyExoticComponent<ComponentType>>> = {
  agentAnnouncement: lazyPage(() => import('./pages/AnnouncementPage.tsx')),
  registerCenter: lazyPage(() => import('./pages/RegisterPage.tsx')),
  downlineManagmentView: lazyPage(() => import('./pages/TeamPage.tsx')),
  agentContracts: lazyPage(() => import('./pages/ContractsPage.tsx')),
};
