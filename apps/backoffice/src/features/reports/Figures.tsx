import type { ReactNode } from 'react';
import { Card } from '../../ui/Card.tsx';
import { Table } from '../../ui/Table.tsx';

/** The headline figures of a report or the dashboard: a list named `label`, a label and a value per item. */
export function Figures({
  label,
  items,
}: {
  label: string;
  items: ReadonlyArray<{
    key: string;
    label: string;
    value: ReactNode;
    tone?: 'positive' | 'negative' | undefined;
  }>;
}) {
  return (
    <ul className="report-figures" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="report-figure">
          <span className="report-figure-label">{item.label}</span>
          <span className={`report-figure-value${item.tone ? ` report-figure-${item.tone}` : ''}`}>
            {item.value}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A signed amount's tone: what the house won is positive. */
export const toneOf = (value: number) => (value < 0 ? 'negative' : value > 0 ? 'positive' : undefined);

/** A report's table under a visible title (its caption, which names the table for assistive technology too). */
export function ReportTable<T extends object>(props: Parameters<typeof Table<T>>[0]) {
  return (
    <Card title={props.caption} className="report-table">
      <Table {...props} />
    </Card>
  );
}
