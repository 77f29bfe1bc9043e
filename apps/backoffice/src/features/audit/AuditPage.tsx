import { type AuditEntry, backofficeEndpoints } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, instantRange } from '../../app/dates.ts';
import { FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import { Badge } from '../../ui/Card.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import './audit.css';

const FILTERS = ['operator', 'entity', 'action', 'q', 'from', 'to'] as const;

function actionTone(action: string): 'success' | 'danger' | 'warning' | 'accent' {
  const lower = action.toLowerCase();
  if (/(create|add|insert|setup)/.test(lower)) return 'success';
  if (/(delete|remove)/.test(lower)) return 'danger';
  if (/(login|logout|session)/.test(lower)) return 'accent';
  return 'warning';
}

function json(value: unknown): string {
  if (value === undefined || value === null) return '—';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const audit = useSearchList(
    backofficeEndpoints.audit,
    FILTERS,
    (applied) => ({
      operator: optional(applied.operator),
      entity: optional(applied.entity),
      action: optional(applied.action),
      q: optional(applied.q),
      ...instantRange(applied),
    }),
    () => setExpanded(new Set()),
  );
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<AuditEntry>[] = [
    {
      key: 'expand',
      header: <span className="sr-only">{t('audit.details')}</span>,
      className: 'audit-expand-col',
      render: (entry) => {
        const open = expanded.has(entry.id);
        return (
          <button
            type="button"
            className="btn btn-sm btn-ghost audit-toggle"
            aria-expanded={open}
            aria-controls={detailsId(entry)}
            aria-label={t('audit.detailsFor', { id: entry.id })}
            onClick={() => toggle(entry.id)}
          >
            <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
            <span>{t('audit.details')}</span>
          </button>
        );
      },
    },
    {
      key: 'time',
      header: t('audit.time'),
      cellClassName: () => 'nowrap muted',
      render: (entry) => formatDateTime(entry.createdAt, i18n.language),
    },
    {
      key: 'operator',
      header: t('audit.operator'),
      render: (entry) => <span className="cell-strong">{entry.operatorUsername || '—'}</span>,
    },
    {
      key: 'action',
      header: t('audit.action'),
      render: (entry) => <Badge tone={actionTone(entry.action)}>{entry.action}</Badge>,
    },
    {
      key: 'entity',
      header: t('audit.entity'),
      render: (entry) => (
        <>
          <span className="mono">{entry.entity}</span>
          {entry.entityId ? <span className="subtle mono"> #{entry.entityId}</span> : null}
        </>
      ),
    },
    {
      key: 'ip',
      header: t('audit.ip'),
      cellClassName: () => 'mono muted',
      render: (entry) => entry.ip || '—',
    },
  ];

  return (
    <SearchListPage
      page="audit"
      list={audit}
      searchLabel={t('audit.apply')}
      filters={
        <>
          <FilterText
            name="q"
            type="search"
            label={t('audit.search')}
            placeholder={t('audit.searchPlaceholder')}
          />
          <FilterText name="operator" maxLength={40} />
          <FilterText name="entity" maxLength={40} placeholder="banner" />
          <FilterText name="action" maxLength={40} placeholder="update" />
          <FilterText name="from" type="datetime-local" />
          <FilterText name="to" type="datetime-local" />
        </>
      }
    >
      {(entries) => (
        <Table
          caption={t('nav.audit')}
          classes={{ table: 'table audit-table' }}
          columns={columns}
          rows={entries}
          rowKey={(entry) => entry.id}
          rowClassName={(entry) => (expanded.has(entry.id) ? 'audit-row-open' : undefined)}
          detail={{
            id: detailsId,
            className: 'audit-details-row',
            render: (entry) => (expanded.has(entry.id) ? <AuditDetails entry={entry} /> : null),
          }}
        />
      )}
    </SearchListPage>
  );
}

const detailsId = (entry: AuditEntry) => `audit-details-${entry.id}`;

/** An entry's values before and after, side by side. */
function AuditDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <div className="audit-diff">
      <figure className="audit-diff-side">
        <figcaption className="audit-diff-title">{t('audit.before')}</figcaption>
        <pre className="code-block">{json(entry.before)}</pre>
      </figure>
      <figure className="audit-diff-side">
        <figcaption className="audit-diff-title">{t('audit.after')}</figcaption>
        <pre className="code-block">{json(entry.after)}</pre>
      </figure>
    </div>
  );
}
