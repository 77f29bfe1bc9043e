import { GAME_TYPES } from '@tessera/contract';
import { errorText, type ParamChanges, useUrlState } from '@tessera/ui';
import type { Column, RowData } from '@tessera/ui/table';
import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../ui/Field.tsx';
import { SearchIcon } from '../../../ui/icons.tsx';
import { Button, CenteredSpinner, Pagination } from '../../../ui/index.ts';
import { Table } from '../../../ui/Table.tsx';
import '../../wallet/wallet.css';
import '../agent-reports.css';

/** The rows of a page of every paged team report. */
export const REPORT_PAGE_SIZE = 20;

/** The value of a URL parameter when it is one of the allowed ones. */
export function pick<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

/** The page number of the URL (1 when missing or not a number). */
export function pageOf(params: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(params.get('pageNo'))) || 1);
}

/** A report's filters in the URL: the parameters, the user name and page; a filter change goes back to page 1. */
export function useReportUrl() {
  const [params, update] = useUrlState();
  return {
    params,
    username: params.get('username') ?? '',
    pageNo: pageOf(params),
    set: (changes: ParamChanges) => update({ pageNo: null, ...changes }),
    onPage: (page: number) => update({ pageNo: String(page) }),
  };
}
type ReportUrl = ReturnType<typeof useReportUrl>;

/**
 * The username filter of the team reports: searched on Enter or with its button (not on every key), empty for
 * the agent itself or its whole team. Not a form of its own, so that it may sit inside one (the red envelope's).
 */
export function UsernameSearch({ value, onSearch }: { value: string; onSearch: (username: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const search = () => onSearch(input.current?.value.trim() ?? '');
  return (
    <div className="agent-search">
      <label className="wallet-select" htmlFor={id}>
        <span>{t('agentCentre.reports.username')}</span>
        <input
          ref={input}
          id={id}
          key={value}
          type="search"
          defaultValue={value}
          maxLength={40}
          autoComplete="off"
          placeholder={t('agentCentre.reports.usernameHint')}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            search();
          }}
        />
      </label>
      <Button variant="secondary" icon={<SearchIcon />} onClick={search}>
        {t('agentCentre.reports.search')}
      </Button>
    </div>
  );
}

/** A filter of the team reports: a labelled select; `all` labels the empty choice (none: no empty choice). */
export function FilterSelect({
  label,
  value,
  all,
  options,
  onChange,
}: {
  label: string;
  value: string;
  all?: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="wallet-select">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The product filter of the team reports: every product, or one game type. */
export function ProductFilter(props: { value: string | undefined; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      label={t('agentCentre.reports.product')}
      value={props.value ?? ''}
      all={t('agentCentre.reports.allProducts')}
      options={GAME_TYPES.map((key) => ({ value: key, label: t(`gameTypes.${key}`) }))}
      onChange={props.onChange}
    />
  );
}

/**
 * A paged team report (team betting, user loss statements, downline account details, the bill records): its title,
 * the period picker when it has one, its filters, a note (the currency, whose statement), then the page's table or
 * its error or loading state, and the pages (REPORT_PAGE_SIZE rows each).
 */
export function ReportPage<T extends RowData>({
  title,
  period,
  filters,
  note,
  query,
  total,
  columns,
  rows,
  rowKey,
  rowClassName,
  empty,
  url,
}: {
  title: string;
  period?: ReactNode;
  filters: ReactNode;
  note?: ReactNode;
  query: { isError: boolean; error: unknown };
  /** How many rows the report has in all; undefined while the page loads. */
  total: number | undefined;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string | undefined;
  empty?: ReactNode;
  url: ReportUrl;
}) {
  const { t } = useTranslation();
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE));
  return (
    <div className="wallet-page agent-page">
      <h2 className="wallet-page__title">{title}</h2>
      {period}
      <fieldset className="agent-report-filters">
        <legend className="visually-hidden">{t('agentCentre.reports.filters')}</legend>
        {filters}
      </fieldset>
      {note}
      {query.isError ? <FormMessage tone="error">{errorText(t, query.error)}</FormMessage> : null}
      {total !== undefined ? (
        <Table
          caption={title}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          {...(rowClassName ? { rowClassName } : {})}
          {...(empty ? { empty } : {})}
        />
      ) : query.isError ? null : (
        <CenteredSpinner label={t('common.loading')} />
      )}
      {pages > 1 ? (
        <Pagination
          page={url.pageNo}
          pageCount={pages}
          label={t('agentCentre.reports.pages')}
          onChange={url.onPage}
        />
      ) : null}
    </div>
  );
}
