import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { walletEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useModuleFlags } from '../auth/queries.ts';
import { type AgentCentrePage, type ContractKinds, visibleAgentPages } from './menu.ts';
import { myContractsQuery } from './queries-a.ts';

/** The consolidated funds answer: balances, and the contract offers and menu switches the agent centre reads. */
const consolidatedQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member', token, 'wallet', 'consolidated'],
    queryFn: ({ signal }) => api(walletEndpoints.consolidatedFunds, { signal }),
    enabled: token !== null,
  });

/** The agent centre's menu for the logged-in agent, and whether everything it depends on has loaded. */
export function useAgentCentreMenu(): { pages: AgentCentrePage[]; loaded: boolean } {
  const { token } = useSession();
  const flags = useModuleFlags();
  const consolidated = useQuery(consolidatedQuery(token));
  // The original's answer has no switch for real-time salary (realtimesalreqtype carries only offers waiting for
  // an answer): whether the agent holds one comes from its own contracts.
  const mine = useQuery(myContractsQuery(token));
  const info = consolidated.data;
  const realtime = (list: { kind: string }[] | undefined) =>
    (list ?? []).some((contract) => contract.kind === 'realtime_salary');
  const contracts: ContractKinds = {
    dividend: (info?.divtypeinfo ?? 0) > 0,
    dailySalary: (info?.dailysalinfotype ?? 0) > 0,
    hourlySalary: (info?.contracthoursalinfo ?? 0) > 0,
    realtimeSalary:
      Object.keys(info?.realtimesalreqtype ?? {}).length > 0 ||
      realtime(mine.data?.held) ||
      realtime(mine.data?.offers),
  };
  // A failed contracts call leaves the menu to the consolidated answer rather than holding it back.
  const loaded = flags.data !== undefined && info !== undefined && (mine.data !== undefined || mine.isError);
  return { pages: visibleAgentPages({ flags: flags.data ?? {}, contracts }), loaded };
}
