import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CentrePanel } from '../centre/CentrePanel.tsx';
import { useUnreadBadge } from '../inbox/queries.ts';
import { useMissionBadge } from '../missions/queries.ts';
import { isMemberCentrePage, type MemberCentrePage } from './menu.ts';
import { PAGE_SCREENS } from './pages.tsx';
import { useMemberCentreMenu } from './useMemberCentreMenu.ts';

/** The member centre (§2), opening on the security centre. */
export default function MemberCentre() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pages, loaded } = useMemberCentreMenu();
  const badge = useUnreadBadge();
  const missions = useMissionBadge();
  const asked = params.get('page');
  const page: MemberCentrePage = isMemberCentrePage(asked) ? asked : 'securityCenter';
  return (
    <CentrePanel
      texts={{
        title: t('memberCentre.title'),
        menu: t('memberCentre.menu'),
        later: t('memberCentre.later'),
        unavailable: t('memberCentre.unavailable'),
      }}
      pageLabel={(key: MemberCentrePage) => t(`memberCentre.pages.${key}`)}
      pages={pages}
      loaded={loaded}
      page={page}
      screens={PAGE_SCREENS}
      badges={{ messageV2: badge.messages, rewardCenter: badge.rewards, missionLeaderboard: missions }}
      badgeLabel={(count, key) =>
        key === 'rewardCenter'
          ? t('rewards.toClaimCount', { count })
          : key === 'missionLeaderboard'
            ? t('missions.claimableCount', { count })
            : t('inbox.unreadCount', { count })
      }
    />
  );
}
