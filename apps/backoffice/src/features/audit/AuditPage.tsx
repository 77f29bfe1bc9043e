import { type AuditEntry, backofficeEndpoints } from '@tessera/contract';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, instantRange } from '../../app/dates.ts';
import { FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import { Badge } from '../../ui/Card.tsx';
import { Icon } from '../../ui/Icon.tsx';
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
        <div className="table-wrap">
          <table className="table audit-table">
            <caption className="sr-only">{t('nav.audit')}</caption>
            <thead>
              <tr>
                <th scope="col" className="audit-expand-col">
                  <span className="sr-only">{t('audit.details')}</span>
                </th>
                <th scope="col">{t('audit.time')}</th>
                <th scope="col">{t('audit.operator')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.entity')}</th>
                <th scope="col">{t('audit.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <AuditRow
                  key={entry.id}
                  entry={entry}
                  open={expanded.has(entry.id)}
                  onToggle={() => toggle(entry.id)}
                  time={formatDateTime(entry.createdAt, i18n.language)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SearchListPage>
  );
}

function AuditRow({
  entry,
  open,
  onToggle,
  time,
}: {
  entry: AuditEntry;
  open: boolean;
  onToggle: () => void;
  time: string;
}) {
  const { t } = useTranslation();
  const detailsId = `audit-details-${entry.id}`;
  return (
    <Fragment>
      <tr className={open ? 'audit-row-open' : undefined}>
        <td className="audit-expand-col">
          <button
            type="button"
            className="btn btn-sm btn-ghost audit-toggle"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={t('audit.detailsFor', { id: entry.id })}
            onClick={onToggle}
          >
            <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
            <span>{t('audit.details')}</span>
          </button>
        </td>
        <td className="nowrap muted">{time}</td>
        <td>
          <span className="cell-strong">{entry.operatorUsername || '—'}</span>
        </td>
        <td>
          <Badge tone={actionTone(entry.action)}>{entry.action}</Badge>
        </td>
        <td>
          <span className="mono">{entry.entity}</span>
          {entry.entityId ? <span className="subtle mono"> #{entry.entityId}</span> : null}
        </td>
        <td className="mono muted">{entry.ip || '—'}</td>
      </tr>
      {open ? (
        <tr className="audit-details-row">
          <td colSpan={6} id={detailsId}>
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
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
