import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { WithdrawalStatus } from '@tessera/contract';
import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { api } from '../../../app/api.ts';
import { withdrawalEndpoints } from '../../../app/endpoints.ts';
import { schemaMessage } from '../form.ts';

/** Everything of withdrawals sits under the wallet's key, so a posting's refresh of the wallet reaches it. */
const key = (token: string | null) => ['member', token, 'wallet', 'withdraw'] as const;

/** The withdrawal page's facts: balance, limits, turnover, payment password, bank accounts. */
export const withdrawalInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...key(token), 'info'],
    queryFn: ({ signal }) => api(withdrawalEndpoints.withdrawalInfo, { signal }),
    enabled: token !== null,
  });

export const withdrawalHistoryQuery = (
  token: string | null,
  filter: { pageNo: number; pageSize: number; status?: WithdrawalStatus | undefined },
) =>
  queryOptions({
    queryKey: [...key(token), 'history', filter],
    queryFn: ({ signal }) => api(withdrawalEndpoints.withdrawals, { query: filter, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

/** Approved withdrawals waiting for the member to say what arrived (MCSFE_getPaymentConfirmationList). */
export const confirmationListQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...key(token), 'confirmations'],
    queryFn: ({ signal }) =>
      api(withdrawalEndpoints.paymentConfirmationList, { query: { pageNo: 1, pageSize: 20 }, signal }),
    enabled: token !== null,
  });

/** A text field's message from the contract's schema, with the payee name's own (§5 real-name rule). */
export function textMessage(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message === 'real_name') return t('withdraw.errors.realName');
  if (error.type === 'too_small') return t('validation.required');
  if (error.type === 'too_big') return t('withdraw.errors.tooLong');
  return schemaMessage(t, error);
}
