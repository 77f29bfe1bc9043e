import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { rebateEndpoints } from '../../app/endpoints.ts';

/** The key prefix of everything the rebate page shows (the member's token in it). */
export const rebatesKey = (token: string | null) => ['member', token, 'rebates'] as const;

/** Today's accrual per product and the rates of the member's level. */
export const rebateOverviewQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...rebatesKey(token), 'overview'],
    queryFn: ({ signal }) => api(rebateEndpoints.overview, { signal }),
    enabled: token !== null,
  });

export const rebateHistoryQuery = (token: string | null, paging: { pageNo: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...rebatesKey(token), 'history', paging],
    queryFn: ({ signal }) => api(rebateEndpoints.history, { query: paging, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
