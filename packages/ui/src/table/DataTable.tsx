import { type ColumnDef, type RowData, tableFeatures, useTable } from '@tanstack/react-table';

export type { RowData };

import { Fragment, type ReactNode, useMemo } from 'react';

/** A column of a DataTable: its header and how a row fills its cell. */
export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Extra class on the header and cells: 'num' aligns right, 'actions' keeps buttons together. */
  className?: string;
  /** A class that depends on the row (a profit's tone), added to the cell's. */
  cellClassName?: (row: T) => string | undefined;
  /**
   * A fixed accessible name for the cells of this column (e.g. "Actions"), so that buttons or images inside do
   * not lend their names to the cell.
   */
  cellLabel?: string;
}

/** The last column: a row's buttons, under a header and a cell name that only assistive technology reads. */
export function actionsColumn<T>(
  label: string,
  render: (row: T) => ReactNode,
  srOnlyClassName = 'sr-only',
): Column<T> {
  return {
    key: 'actions',
    header: <span className={srOnlyClassName}>{label}</span>,
    className: 'actions',
    cellLabel: label,
    render,
  };
}

/** The class names of the app's stylesheet: the scrolling frame, the table and the caption only screen readers read. */
interface TableClasses {
  wrap: string;
  table: string;
  caption: string;
}

const CONSOLE_CLASSES: TableClasses = { wrap: 'table-wrap', table: 'table', caption: 'sr-only' };

export interface DataTableProps<T extends RowData> {
  /** The table's accessible name (a caption only screen readers read). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Shown in place of the table when there are no rows. */
  empty?: ReactNode;
  /** Class names of the app's stylesheet (the console's by default); `table` may add a modifier. */
  classes?: Partial<TableClasses>;
  /** A class for a row's `tr` (an edited row, an opened row). */
  rowClassName?: (row: T) => string | undefined;
  /**
   * A full-width row under a row (its details), or null for none; `id` names its cell, for the control that opens
   * it (aria-controls).
   */
  detail?: { render: (row: T) => ReactNode; id: (row: T) => string; className?: string };
}

const features = tableFeatures({});

/**
 * The one data table of both front ends, on TanStack Table (core row model: the rows as given; sorting and
 * paging stay on the server). A column header is a `th scope="col"`, the caption names the table, and a column
 * may name its cells (`cellLabel`) so a row's buttons keep their own names.
 */
export function DataTable<T extends RowData>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  classes,
  rowClassName,
  detail,
}: DataTableProps<T>) {
  const names = { ...CONSOLE_CLASSES, ...classes };
  const definitions = useMemo(
    () =>
      columns.map(
        (column): ColumnDef<typeof features, T> => ({
          id: column.key,
          header: () => column.header,
          cell: ({ row }) => column.render(row.original),
        }),
      ),
    [columns],
  );
  const data = useMemo(() => [...rows], [rows]);
  const byId = useMemo(() => new Map(columns.map((column) => [column.key, column])), [columns]);
  const table = useTable({
    features,
    columns: definitions,
    data,
    getRowId: (row) => String(rowKey(row)),
  });

  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <div className={names.wrap}>
      <table className={names.table}>
        <caption className={names.caption}>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={byId.get(header.column.id)?.className}>
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const details = detail?.render(row.original);
            return (
              <Fragment key={row.id}>
                <tr className={rowClassName?.(row.original)}>
                  {row.getAllCells().map((cell) => {
                    const column = byId.get(cell.column.id);
                    const className =
                      [column?.className, column?.cellClassName?.(row.original)].filter(Boolean).join(' ') ||
                      undefined;
                    return (
                      <td key={cell.id} className={className} aria-label={column?.cellLabel}>
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
                {detail && details ? (
                  <tr className={detail.className}>
                    <td colSpan={columns.length} id={detail.id(row.original)}>
                      {details}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
