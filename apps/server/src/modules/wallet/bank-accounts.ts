import { type BankAccount, type BankAccountBody, MAX_BANK_ACCOUNTS } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { write } from '../../platform/write.ts';
import { assertNotExcludedIdentity } from '../responsible/controls.ts';
import * as store from './bank-account-store.ts';

/** All but the last four digits hidden: the member's own pages never show the whole number again. */
export function maskAccountNumber(number: string): string {
  return number.length <= 4 ? number : `${'*'.repeat(Math.min(number.length - 4, 8))}${number.slice(-4)}`;
}

const bankAccountView = (row: store.BankAccountDb): BankAccount => ({
  id: row.id,
  bankName: row.bank_name,
  accountNumber: maskAccountNumber(row.account_number),
  payeeName: row.payee_name,
  createdAt: row.created_at.toISOString(),
});

/** The bank accounts a member withdraws to (removed ones are not listed). */
export async function bankAccounts(db: Queryable, memberId: number): Promise<BankAccount[]> {
  return (await store.activeAccounts(db, memberId)).map(bankAccountView);
}

/** One of the member's bank accounts, or bank_account_unknown. */
export async function ownBankAccount(db: Queryable, memberId: number, id: number) {
  const found = await store.activeAccount(db, memberId, id);
  if (!found) throw new AppError('bank_account_unknown', { bankAccountId: 'invalid_value' });
  return found;
}

/**
 * Adds a bank account: the payee name is a real name without accents (§5, checked by the contract), the number
 * digits only; at most MAX_BANK_ACCOUNTS, and a number once. Spaces inside the payee name are kept single.
 */
export async function addBankAccount(
  deps: AppDeps,
  memberId: number,
  input: BankAccountBody,
  now: Date,
): Promise<BankAccount> {
  await assertNotExcludedIdentity(deps.db, { accountNumber: input.accountNumber, memberId }, now);
  const added = await write(deps.db, { isolation: 'read committed' }, (tx) =>
    store.insertAccount(
      tx,
      {
        memberId,
        bankName: input.bankName.replace(/\s+/g, ' '),
        accountNumber: input.accountNumber,
        payeeName: input.payeeName,
        at: now,
      },
      MAX_BANK_ACCOUNTS,
    ),
  );
  if (added === null) throw new AppError('bank_account_limit');
  if (added === 'exists') throw new AppError('bank_account_exists', { accountNumber: 'taken' });
  return bankAccountView(added);
}

export async function removeBankAccount(deps: AppDeps, memberId: number, id: number, now: Date) {
  const removed = await write(deps.db, { isolation: 'read committed' }, (tx) =>
    store.removeAccount(tx, memberId, id, now),
  );
  if (!removed) throw new AppError('not_found');
  return { ok: true as const };
}
