import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CentrePanel } from '../centre/CentrePanel.tsx';
import { type AgentCentrePage, isAgentCentrePage } from './menu.ts';
import { AGENT_PAGE_SCREENS } from './pages.tsx';
import { useAgentCentreMenu } from './useAgentCentreMenu.ts';

/** The agent centre (§2): an embedded panel that can be closed, opening on the team overview. */
export default function AgentCentre() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pages, loaded } = useAgentCentreMenu();
  const asked = params.get('page');
  const page: AgentCentrePage = isAgentCentrePage(asked) ? asked : 'agentTeamOverview';
  return (
    <CentrePanel
      texts={{
        title: t('agentCentre.title'),
        menu: t('agentCentre.menu'),
        later: t('agentCentre.later'),
        unavailable: t('agentCentre.unavailable'),
      }}
      pageLabel={(key: AgentCentrePage) => t(`agentCentre.pages.${key}`)}
      pages={pages}
      loaded={loaded}
      page={page}
      screens={AGENT_PAGE_SCREENS}
    />
  );
}
