import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditEntry, backofficeEndpoints } from '@tessera/contract';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../app/api.ts';
import { formatDateTime, fromLocalInput } from '../../app/dates.ts';
import { QueryView } from '../../app/QueryView.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import './audit.css';

const FILTERS = ['operator', 'entity', 'action', 'q', 'from', 'to'] as const;
type FilterName = (typeof FILTERS)[number];
type Filters = Record<FilterName, string>;
const PAGE_SIZES = ['20', '50', '100'];

function readFilters(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters;
}

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
  const [params, setParams] = useSearchParams();
  const applied = readFilters(params);
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = PAGE_SIZES.includes(params.get('size') ?? '') ? Number(params.get('size')) : 20;
  const [draft, setDraft] = useState<Filters>(applied);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());

  const query = {
    pageNo,
    pageSize,
    operator: applied.operator || undefined,
    entity: applied.entity || undefined,
    action: applied.action || undefined,
    q: applied.q || undefined,
    from: fromLocalInput(applied.from) ?? undefined,
    to: fromLocalInput(applied.to) ?? undefined,
  };
  const audit = useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => call(backofficeEndpoints.audit, { query, signal }),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
    setExpanded(new Set());
  };
  const apply = () => update({ ...draft, page: '' });
  const reset = () => {
    const empty = Object.fromEntries(FILTERS.map((name) => [name, ''])) as Filters;
    setDraft(empty);
    update({ ...empty, page: '' });
  };
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const setField = (name: FilterName) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  const filtered = FILTERS.some((name) => applied[name]);

  return (
    <>
      <PageHeader title={t('nav.audit')} description={t('audit.description')} />
      <div className="stack-lg">
        <Card>
          <form
            className="audit-filters"
            aria-label={t('audit.filters')}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              apply();
            }}
          >
            <TextField
              label={t('audit.search')}
              type="search"
              placeholder={t('audit.searchPlaceholder')}
              value={draft.q}
              maxLength={100}
              onChange={setField('q')}
              fieldClassName="audit-q"
            />
            <TextField
              label={t('audit.operator')}
              value={draft.operator}
              maxLength={40}
              onChange={setField('operator')}
            />
            <TextField
              label={t('audit.entity')}
              value={draft.entity}
              maxLength={40}
              placeholder="banner"
              onChange={setField('entity')}
            />
            <TextField
              label={t('audit.action')}
              value={draft.action}
              maxLength={40}
              placeholder="update"
              onChange={setField('action')}
            />
            <TextField
              label={t('audit.from')}
              type="datetime-local"
              value={draft.from}
              onChange={setField('from')}
            />
            <TextField
              label={t('audit.to')}
              type="datetime-local"
              value={draft.to}
              onChange={setField('to')}
            />
            <div className="audit-filter-actions">
              <Button type="submit" variant="primary" icon={<Icon name="search" />}>
                {t('audit.apply')}
              </Button>
              <Button onClick={reset} disabled={!filtered && !FILTERS.some((name) => draft[name])}>
                {t('audit.reset')}
              </Button>
            </div>
          </form>
        </Card>

        <QueryView query={audit}>
          {(data) =>
            data.list.length === 0 ? (
              <EmptyState
                icon="audit"
                title={filtered ? t('audit.emptyFiltered') : t('audit.empty')}
                description={filtered ? t('audit.emptyFilteredHint') : undefined}
              />
            ) : (
              <div className="stack">
                <div className="table-wrap" aria-busy={audit.isFetching || undefined}>
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
                      {data.list.map((entry) => (
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
                <div className="audit-footer">
                  <Pagination
                    pageNo={data.pageNo}
                    pageSize={data.pageSize}
                    total={data.total}
                    onChange={(page) => update({ page: page > 1 ? String(page) : '' })}
                  />
                  <div className="row">
                    {audit.isFetching ? <Spinner size="sm" /> : null}
                    <Select
                      label={t('audit.pageSize')}
                      value={String(pageSize)}
                      options={PAGE_SIZES.map((value) => ({ value, label: value }))}
                      onChange={(event) =>
                        update({ size: event.target.value === '20' ? '' : event.target.value, page: '' })
                      }
                      fieldClassName="audit-size"
                    />
                  </div>
                </div>
              </div>
            )
          }
        </QueryView>
      </div>
    </>
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
