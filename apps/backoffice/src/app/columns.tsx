import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { languageLabel } from '../features/content/options.ts';
import { RowButton } from '../ui/Button.tsx';
import { Badge } from '../ui/Card.tsx';
import type { IconName } from '../ui/Icon.tsx';
import { actionsColumn, type Column } from '../ui/Table.tsx';
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

/**
 * A queue's actions: on each row still `open`, a button per decision (its icon, its text, and the name a screen reader
 * hears, which says which row), calling `decide` with the row and the decision.
 */
export function decisionsColumn<T, D extends string>(
  t: TFunction,
  open: (row: T) => boolean,
  decisions: { decision: D; icon: IconName; label: string; named: (row: T) => string }[],
  decide: (row: T, decision: D) => void,
): Column<T> {
  return actionsColumn<T>(t('common.actions'), (row) =>
    open(row)
      ? decisions.map(({ decision, icon, label, named }) => (
          <RowButton key={decision} icon={icon} aria-label={named(row)} onClick={() => decide(row, decision)}>
            {label}
          </RowButton>
        ))
      : null,
  );
}
