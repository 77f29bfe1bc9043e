import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DepositStatus, DepositView } from '@tessera/contract';
import { api } from '../../../app/api.ts';
import { depositEndpoints } from '../../../app/endpoints.ts';

// Under the wallet's key (['member', token, 'wallet']): a posting pushed over /ws refetches them with the balance.

export const depositChannelsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member', token, 'wallet', 'deposit', 'channels'],
    queryFn: ({ signal }) => api(depositEndpoints.depositChannels, { signal }),
    enabled: token !== null,
  });

/** While an order of the page is pending, its status is asked for again (the server settles it by itself). */
const PENDING_REFRESH_MS = 5000;

export const depositHistoryQuery = (
  token: string | null,
  filter: { pageNo: number; pageSize: number; status?: DepositStatus | undefined },
) =>
  queryOptions({
    queryKey: ['member', token, 'wallet', 'deposit', 'history', filter],
    queryFn: ({ signal }) => api(depositEndpoints.deposits, { query: filter, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((row) => row.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

/**
 * One order. Placed on this page (`until: 'payment'`): asked for until the gateway's payment page is known (often, at
 * first) or the order ends; a gateway that does not answer is asked about less often while the server keeps
 * trying. Back from the gateway (`until: 'settled'`): asked for until the gateway's result has arrived.
 */
export const depositOrderQuery = (
  token: string | null,
  orderNo: string | null,
  until: 'payment' | 'settled' = 'payment',
) =>
  queryOptions({
    queryKey: ['member', token, 'wallet', 'deposit', 'order', orderNo],
    queryFn: ({ signal }) => api(depositEndpoints.deposit, { params: { orderNo: orderNo ?? '' }, signal }),
    enabled: token !== null && orderNo !== null,
    retry: false,
    refetchInterval: (query) => {
      const order: DepositView | undefined = query.state.data;
      if (order?.status !== 'pending') return false;
      if (until === 'settled') return 2000;
      if (order.paymentUrl) return false;
      return order.gatewayMessage === 'gateway_unavailable' ? 3000 : 700;
    },
  });
