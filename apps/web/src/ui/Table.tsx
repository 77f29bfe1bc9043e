import type { RowData } from '@tessera/ui/table';
import { type Column, DataTable, type DataTableProps } from '@tessera/ui/table';
import type { ReactNode } from 'react';

export type { Column };

/** The player site's tables (records, history): the shared DataTable with the site's class names. */
export function Table<T extends RowData>({ classes, ...props }: DataTableProps<T>) {
  return (
    <DataTable
      {...props}
      classes={{ wrap: 'wallet-table-wrap', table: 'wallet-table', caption: 'visually-hidden', ...classes }}
    />
  );
}

/** A column of numbers or amounts, aligned right: each row's `value` as `format` writes it. */
export function numberColumn<T>(
  key: string,
  header: ReactNode,
  value: (row: T) => number,
  format: (value: number) => ReactNode,
): Column<T> {
  return { key, header, className: 'num', render: (row) => format(value(row)) };
}

/** A column of signed amounts: a gain with its '+' in the "in" tone, a loss in the "out" tone, zero in neither. */
export function signedAmountColumn<T>(
  key: string,
  header: ReactNode,
  value: (row: T) => number,
  format: (value: number) => string,
): Column<T> {
  const tone = (amount: number) =>
    amount === 0 ? 'amount' : amount < 0 ? 'amount amount--out' : 'amount amount--in';
  return {
    key,
    header,
    className: 'num',
    cellClassName: (row) => tone(value(row)),
    render: (row) => `${value(row) > 0 ? '+' : ''}${format(value(row))}`,
  };
}
