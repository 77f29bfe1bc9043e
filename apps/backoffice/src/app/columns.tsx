import type { TFunction } from 'i18next';
import { Badge } from '../ui/Card.tsx';
import type { Column } from '../ui/Table.tsx';

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
  return { key: 'language', header: t('common.language'), render: (row) => <Badge>{row.language}</Badge> };
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
