import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { languageLabel } from '../features/content/options.ts';
import { Badge } from '../ui/Card.tsx';
import type { Column } from '../ui/Table.tsx';
import { formatDateTime } from './dates.ts';

// The columns that several lists show alike.

export function titleColumn<T extends { title: string }>(t: TFunction): Column<T> {
  return {
    key: 'title',
    header: t('common.title'),
    render: (row) => (
      <span className="title-cell">
        <span className="cell-strong">{row.title}</span>
      </span>
    ),
  };
}

export function languageColumn<T extends { language: string }>(t: TFunction): Column<T> {
  return {
    key: 'language',
    header: t('common.language'),
    render: (row) => <Badge>{languageLabel(t, row.language)}</Badge>,
  };
}

export function sortColumn<T extends { sort: number }>(t: TFunction): Column<T> {
  return { key: 'sort', header: t('common.sortOrder'), className: 'num', render: (row) => row.sort };
}

export function enabledColumn<T extends { enabled: boolean }>(t: TFunction): Column<T> {
  return {
    key: 'enabled',
    header: t('common.status'),
    render: (row) =>
      row.enabled ? (
        <Badge tone="success">{t('common.enabled')}</Badge>
      ) : (
        <Badge>{t('common.disabled')}</Badge>
      ),
  };
}

/** A column of instants in the operator's language, with what else the cell says (an address) below. */
export function dateTimeColumn<T>(
  key: string,
  header: string,
  language: string,
  at: (row: T) => string | null,
  below?: (row: T) => ReactNode,
): Column<T> {
  return {
    key,
    header,
    render: (row) => (
      <>
        <span className="nowrap muted">{formatDateTime(at(row), language)}</span>
        {below ? <span className="cell-below">{below(row)}</span> : null}
      </>
    ),
  };
}

/** A column of short codes or addresses, in the monospaced face ("—" when empty). */
export function monoColumn<T>(key: string, header: string, value: (row: T) => string): Column<T> {
  return { key, header, render: (row) => <span className="mono">{value(row) || '—'}</span> };
}
