/** The agent centre's pages (§2, and the original's agent menu), in menu order. */
const AGENT_CENTRE_PAGES = [
  'agentTeamOverview',
  'agentAnnouncement',
  'registerCenter',
  'downlineManagmentView',
  'agentContracts',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentRedRain',
  'agentDividendRecordCopy',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
] as const;
export type AgentCentrePage = (typeof AGENT_CENTRE_PAGES)[number];

export function isAgentCentrePage(value: string | null): value is AgentCentrePage {
  return (AGENT_CENTRE_PAGES as readonly string[]).includes(value ?? '');
}

/** The kinds of contract an agent may hold or be offered. */
export interface ContractKinds {
  dividend: boolean;
  dailySalary: boolean;
  hourlySalary: boolean;
  realtimeSalary: boolean;
}

export interface AgentMenuConditions {
  flags: Record<string, boolean>;
  /** The kinds the agent holds or is offered (the consolidated answer's switches). */
  contracts: ContractKinds;
}

/**
 * Which pages the menu shows (the original's agent menu): each page under its site-wide flag; the register centre
 * only with one of its tools (downline registration, affiliate links); team betting with both of its flags; the
 * contract pages only when the agent holds or is offered a contract of that kind. Account details and the
 * announcement always show.
 */
export function visibleAgentPages(conditions: AgentMenuConditions): AgentCentrePage[] {
  const on = (modId: string) => conditions.flags[modId] === true;
  const { contracts } = conditions;
  const anyContract =
    contracts.dividend || contracts.dailySalary || contracts.hourlySalary || contracts.realtimeSalary;
  const rules: Record<AgentCentrePage, boolean> = {
    agentTeamOverview: on('AGEINFO3'),
    agentAnnouncement: true,
    registerCenter: on('REGCEN') && (on('AGEREGDOWN3') || on('CREATEAFF3')),
    downlineManagmentView: on('DOWNMAN'),
    agentContracts: on('AGENTPOLICY3') && anyContract,
    personalHistoryCopy: on('TRANSBETREPMEM3') && on('TEAMBETTING3'),
    palStatementsAgentCopy: on('AGETEAMPNL3'),
    agentRevenueReport: on('AGEREV3'),
    agentDownlineTransactionDetailsCopy: true,
    agentRedRain: on('AGENTRANSMULTDOWN3'),
    agentDividendRecordCopy: on('DIVIDEND') && contracts.dividend,
    agentDailyWages2: on('DAYSAL') && contracts.dailySalary,
    agentHourSalary: on('HOURSAL3') && contracts.hourlySalary,
    agentRealtimeSalary: on('RTSALARY3') && contracts.realtimeSalary,
  };
  return AGENT_CENTRE_PAGES.filter((page) => rules[page]);
}
