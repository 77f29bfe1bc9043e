import type { ComponentType, LazyExoticComponent } from 'react';
import type { AgentCentrePage } from './menu.ts';

/** The screen of each agent-centre page, loaded when opened; a page without one shows that it is on its way. */
export const AGENT_PAGE_SCREENS: Partial<Record<AgentCentrePage, LazyExoticComponent<ComponentType>>> = {};
