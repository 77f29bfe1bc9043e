import type { ReactNode } from 'react';
import { classNames } from './classNames.ts';

export interface DetailItem {
  label: string;
  /** Empty ('' or null) shows as a dash. */
  value: ReactNode;
  /** Codes and addresses: the value in the monospaced face. */
  mono?: boolean;
}

/** Labelled values of one record, as a description list: the label above its value, in columns. */
export function DetailList({ items, className }: { items: readonly DetailItem[]; className?: string }) {
  return (
    <dl className={classNames('detail-list', className)}>
      {items.map((item) => (
        <div key={item.label} className="detail-item">
          <dt className="detail-label">{item.label}</dt>
          <dd className={classNames('detail-value', item.mono && 'mono')}>
            {item.value === '' || item.value == null ? '—' : item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
