import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Balances, formatMoney, type LedgerKind } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { walletEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { getSiteLanguage, localeOf } from '../../i18n/language.ts';

/** The member's balances; the token is part of the key, so members never share a cache entry. */
export const balanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member', token, 'wallet', 'balance'],
    queryFn: ({ signal }) => api(walletEndpoints.balance, { signal }),
    enabled: token !== null,
  });

export function useBalance() {
  const { token } = useSession();
  return useQuery(balanceQuery(token));
}

/** The key prefix of everything the wallet shows, refetched after a posting. */
export const walletKey = (token: string | null) => ['member', token, 'wallet'] as const;

/** The balance pushed over /ws after a posting, written into the cached balances at once. */
export function withPushedBalance(balances: Balances | undefined, sumBalance: number): Balances | undefined {
  return balances ? { ...balances, sumBalance } : balances;
}

export const transferTargetsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member', token, 'wallet', 'targets'],
    queryFn: ({ signal }) => api(walletEndpoints.transferTargets, { signal }),
    enabled: token !== null,
  });

export interface RecordFilter {
  type?: LedgerKind | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  pageNo: number;
  pageSize: number;
}

export const accountRecordQuery = (token: string | null, filter: RecordFilter) =>
  queryOptions({
    queryKey: ['member', token, 'wallet', 'record', filter],
    queryFn: ({ signal }) => api(walletEndpoints.accountRecord, { query: filter, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

export const profitQuery = (token: string | null, period: string) =>
  queryOptions({
    queryKey: ['member', token, 'wallet', 'profit', period],
    queryFn: ({ signal }) =>
      api(walletEndpoints.profitAndLoss, {
        query: { period: period as 'today' },
        signal,
      }),
    enabled: token !== null,
  });

/** A money amount as people read it in the site language: grouped, with the currency's decimals. */
export function money(amount: number, digits: number): string {
  return formatMoney(amount, digits, localeOf(getSiteLanguage()));
}
