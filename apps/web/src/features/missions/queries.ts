import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { missionEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { accountKind } from '../auth/gate.ts';
import { useFlag } from '../auth/queries.ts';

/** The key prefix of everything the missions page shows (the member's token in it). */
export const missionsKey = (token: string | null) => ['member', token, 'missions'] as const;

/** The open missions with this member's progress in their current periods. */
export const missionsQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...missionsKey(token), 'list'],
    queryFn: ({ signal }) => api(missionEndpoints.list, { signal }),
    enabled: token !== null,
  });

export const leaderboardQuery = (token: string | null, id: number) =>
  queryOptions({
    queryKey: [...missionsKey(token), 'leaderboard', id],
    queryFn: ({ signal }) => api(missionEndpoints.leaderboard, { params: { id }, signal }),
    enabled: token !== null,
  });

/** Milestones reached and not claimed (the menu badge). */
const claimableQuery = (token: string | null, enabled = true) =>
  queryOptions({
    queryKey: [...missionsKey(token), 'claimable'],
    queryFn: async ({ signal }) => (await api(missionEndpoints.claimable, { signal })).count,
    enabled: token !== null && enabled,
  });

/**
 * The missions menu badge: how many milestones wait for their claim (0 while missions are off, for visitors and
 * trial accounts). A hook of its own, so a badge total elsewhere can add it.
 */
export function useMissionBadge(): number {
  const session = useSession();
  const kind = accountKind(session);
  const on = useFlag('MISSION3') && (kind === 'member' || kind === 'agent');
  const { data = 0 } = useQuery(claimableQuery(session.token, on));
  return on ? data : 0;
}
