import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { rewardEndpoints } from '../../app/endpoints.ts';

/** The key prefix of everything the rewards centre shows (the member's token in it); /ws rewards.changed refetches it. */
export const rewardsKey = (token: string | null) => ['member', token, 'rewards'] as const;

/** What the member can claim now and received lately. */
export const rewardCentreQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...rewardsKey(token), 'centre'],
    queryFn: ({ signal }) => api(rewardEndpoints.centre, { signal }),
    enabled: token !== null,
  });

/** How many rewards are claimable now, in all and per source (the badges). */
export const rewardCountQuery = (token: string | null, enabled = true) =>
  queryOptions({
    queryKey: [...rewardsKey(token), 'count'],
    queryFn: ({ signal }) => api(rewardEndpoints.count, { signal }),
    enabled: token !== null && enabled,
  });
