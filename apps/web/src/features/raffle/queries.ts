import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { raffleEndpoints, rainEndpoints } from '../../app/endpoints.ts';

/** The key prefix of the prize wheel's data (the member's token in it). */
export const raffleKey = (token: string | null) => ['member', token, 'raffles'] as const;

/** The raffles open now, with the member's tickets, points and draws today. */
export const rafflesQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...raffleKey(token), 'list'],
    queryFn: ({ signal }) => api(raffleEndpoints.list, { signal }),
    enabled: token !== null,
  });

/** The member's physical prizes and their hand-over (under the wheel's key: a spin refreshes it). */
export const rafflePrizesQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...raffleKey(token), 'prizes'],
    queryFn: ({ signal }) => api(raffleEndpoints.prizes, { signal }),
    enabled: token !== null,
  });

/** The red envelope rain's state: asked again when a round opens (/ws rain.round) and every half minute. */
export const RAIN_KEY = ['rain'] as const;
export const rainQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...RAIN_KEY, token],
    queryFn: ({ signal }) => api(rainEndpoints.state, { signal }),
    refetchInterval: 30_000,
  });
