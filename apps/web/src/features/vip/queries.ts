import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { vipEndpoints } from '../../app/endpoints.ts';

export const vipKey = (token: string | null) => ['member', token, 'vip'] as const;

/** /vip: the levels, this member's level, growth, period bets and rewards. */
export const vipQuery = (token: string | null) =>
  queryOptions({
    queryKey: vipKey(token),
    queryFn: ({ signal }) => api(vipEndpoints.vip, { signal }),
    enabled: token !== null,
  });

/** The member centre's referral page: the code, the rules and the friends. */
export const referralQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member', token, 'referral'] as const,
    queryFn: ({ signal }) => api(vipEndpoints.referral, { signal }),
    enabled: token !== null,
  });
