import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { signInPlaces } from '../accounts/linked-accounts.ts';
import * as relations from '../accounts/relations.ts';
import * as bankStore from './bank-account-store.ts';
import * as ledgerStore from './ledger-store.ts';
import { currencyOf } from './settings.ts';
import { linkedAccounts, moneyTotals } from './withdrawal-risk.ts';

/**
 * The player page's whole picture of one member from the ledger (issue 25 item 2): money per kind over the
 * member's life and over a period (the last 30 days unless given), the bank accounts in use (numbers in full:
 * finance pays to them), where the member signed in from and the members linked to them.
 */
const DAY_MS = 86_400_000;

export async function memberPicture(
  deps: AppDeps,
  memberId: number,
  period: { from?: string | undefined; to?: string | undefined },
  now: Date,
) {
  const { db } = deps;
  if (!(await relations.relativeById(db, memberId))) throw new AppError('not_found');
  const to = period.to ? new Date(period.to) : now;
  const from = period.from ? new Date(period.from) : new Date(to.getTime() - 30 * DAY_MS);
  const [currency, lifetime, within, accounts, places, linked] = await Promise.all([
    currencyOf(deps),
    ledgerStore.memberKindTotals(db, memberId, null, null),
    ledgerStore.memberKindTotals(db, memberId, from, to),
    bankStore.activeAccounts(db, memberId),
    signInPlaces(db, memberId),
    linkedAccounts(db, memberId),
  ]);
  return {
    currency: currency.currency,
    digits: currency.digits,
    lifetime: moneyTotals(lifetime, currency.digits),
    period: moneyTotals(within, currency.digits),
    bankAccounts: accounts.map((account) => ({
      id: account.id,
      bankName: account.bank_name,
      accountNumber: account.account_number,
      payeeName: account.payee_name,
    })),
    places,
    linkedAccounts: linked,
  };
}
