import { toMajor } from '@tessera/contract';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import * as relations from '../accounts/relations.ts';
import { accountCode, memberAccounts } from './ledger.ts';
import { entriesPage } from './records.ts';
import { currencyOf } from './settings.ts';

/** A member's ledger as the console shows it: every account with its balance, and every entry, newest first. */
export async function memberLedger(
  deps: AppDeps,
  memberId: number,
  paging: { pageNo: number; pageSize: number },
) {
  const member = await relations.relativeById(deps.db, memberId);
  if (!member) throw new AppError('not_found');
  const [currency, accounts] = await Promise.all([currencyOf(deps), memberAccounts(deps.db, memberId)]);
  const entries = await entriesPage(deps.db, currency.digits, memberId, {}, paging, [
    'main',
    'vendor',
    'points',
    'pending',
  ]);
  return {
    memberId,
    username: member.username,
    currency: currency.currency,
    digits: currency.digits,
    accounts: accounts.map((account) => {
      const wallet = account.kind === 'vendor' ? (account.vendor ?? '') : account.kind;
      const ref =
        account.kind === 'vendor' ? { vendor: wallet } : (account.kind as 'main' | 'points' | 'pending');
      return {
        code: accountCode({ member: memberId, wallet: ref }),
        kind: account.kind,
        wallet,
        balance:
          account.kind === 'points' ? Number(account.balance) : toMajor(account.balance, currency.digits),
      };
    }),
    entries,
  };
}
