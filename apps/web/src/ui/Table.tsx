import type { RowData } from '@tessera/ui/table';
import { type Column, DataTable, type DataTableProps } from '@tessera/ui/table';

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
