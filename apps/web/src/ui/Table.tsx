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

/** A signed amount's tone: a gain "in", a loss "out", zero neither. */
const toneOf = (amount: number) =>
  amount === 0 ? 'amount' : amount < 0 ? 'amount amount--out' : 'amount amount--in';

/**
 * A column of numbers or amounts, aligned right: each row's `value` as `format` writes it; a `signed` one shows a
 * gain with its '+', in the tone of its sign.
 */
export function numberColumn<T>(
  key: string,
  header: ReactNode,
  value: (row: T) => number,
  format: (value: number) => ReactNode,
  options: { signed?: boolean } = {},
): Column<T> {
  if (!options.signed) return { key, header, className: 'num', render: (row) => format(value(row)) };
  return {
    key,
    header,
    className: 'num',
    cellClassName: (row) => toneOf(value(row)),
    render: (row) => (
      <>
        {value(row) > 0 ? '+' : ''}
        {format(value(row))}
      </>
    ),
  };
}
