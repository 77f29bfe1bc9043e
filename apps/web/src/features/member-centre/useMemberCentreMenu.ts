import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session.ts';
import { memberInfoQuery } from '../auth/member.ts';
import { useModuleFlags } from '../auth/queries.ts';
import { useBalance } from '../wallet/queries.ts';
import { type MemberCentrePage, visiblePages } from './menu.ts';

/**
 * The member centre's menu (§2 visibility rules) for the logged-in member, and whether everything it depends
 * on has loaded. The member centre and the phone's account drawer list the same pages.
 */
export function useMemberCentreMenu(): { pages: MemberCentrePage[]; loaded: boolean } {
  const { token } = useSession();
  const flags = useModuleFlags();
  const info = useQuery(memberInfoQuery(token));
  const balance = useBalance();
  const loaded = flags.data !== undefined && info.data !== undefined && balance.data !== undefined;
  const pages = visiblePages({
    flags: flags.data ?? {},
    singleWallet: (balance.data?.wallets.length ?? 1) <= 1,
    toUpline: info.data?.toUpline === 1,
    memberType: info.data?.type ?? 0,
  });
  return { pages, loaded };
}
