import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Extra class on the header and cells: 'num' aligns right, 'actions' keeps buttons together. */
  className?: string;
  /**
   * A fixed accessible name for the cells of this column (e.g. "Actions"), so that buttons or images inside do
   * not lend their names to the cell.
   */
  cellLabel?: string;
}

/** The last column: a row's buttons, under a header and a cell name that only assistive technology reads. */
export function actionsColumn<T>(label: string, render: (row: T) => ReactNode): Column<T> {
  return {
    key: 'actions',
    header: <span className="sr-only">{label}</span>,
    className: 'actions',
    cellLabel: label,
    render,
  };
}

export interface TableProps<T> {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Shown in place of the body when there are no rows. */
  empty?: ReactNode;
}

export function Table<T>({ caption, columns, rows, rowKey, empty }: TableProps<T>) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} className={column.className} aria-label={column.cellLabel}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
