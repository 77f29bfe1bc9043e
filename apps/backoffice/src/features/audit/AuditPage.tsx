import { type AuditEntry, backofficeEndpoints } from '@tessera/contract';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, fromLocalInput } from '../../app/dates.ts';
import { SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, usePageQuery, useUrlSearch } from '../../app/searchList.ts';
import { Badge } from '../../ui/Card.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { TextField } from '../../ui/TextField.tsx';
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
  const search = useUrlSearch(FILTERS, () => setExpanded(new Set()));
  const { applied } = search;
  const audit = usePageQuery('audit', backofficeEndpoints.audit, {
    pageNo: search.pageNo,
    pageSize: search.pageSize,
    operator: optional(applied.operator),
    entity: optional(applied.entity),
    action: optional(applied.action),
    q: optional(applied.q),
    from: fromLocalInput(applied.from) ?? undefined,
    to: fromLocalInput(applied.to) ?? undefined,
  });
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <SearchListPage
      title={t('nav.audit')}
      description={t('audit.description')}
      search={search}
      searchLabel={t('audit.apply')}
      query={audit}
      empty={{ icon: 'audit', title: t('audit.empty'), filteredTitle: t('audit.emptyFiltered') }}
      filters={
        <>
          <TextField
            label={t('audit.search')}
            type="search"
            placeholder={t('audit.searchPlaceholder')}
            maxLength={100}
            fieldClassName="search-wide"
            {...search.control('q')}
          />
          <TextField label={t('audit.operator')} maxLength={40} {...search.control('operator')} />
          <TextField
            label={t('audit.entity')}
            maxLength={40}
            placeholder="banner"
            {...search.control('entity')}
          />
          <TextField
            label={t('audit.action')}
            maxLength={40}
            placeholder="update"
            {...search.control('action')}
          />
          <TextField label={t('audit.from')} type="datetime-local" {...search.control('from')} />
          <TextField label={t('audit.to')} type="datetime-local" {...search.control('to')} />
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
