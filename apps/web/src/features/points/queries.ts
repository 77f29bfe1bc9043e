import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { pointEndpoints } from '../../app/endpoints.ts';

/** The key prefix of everything /pointMall shows (the member's token in it). */
export const pointsKey = (token: string | null) => ['member', token, 'points'] as const;

export const pointBalanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...pointsKey(token), 'balance'],
    queryFn: ({ signal }) => api(pointEndpoints.balance, { signal }),
    enabled: token !== null,
  });

export const pointConfigQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...pointsKey(token), 'config'],
    queryFn: ({ signal }) => api(pointEndpoints.config, { signal }),
    enabled: token !== null,
  });

export const mallQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...pointsKey(token), 'catalogue'],
    queryFn: ({ signal }) => api(pointEndpoints.catalogue, { signal }),
    enabled: token !== null,
  });

export const redeemHistoryQuery = (token: string | null, paging: { pageNo: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...pointsKey(token), 'history', paging],
    queryFn: ({ signal }) => api(pointEndpoints.history, { query: paging, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
