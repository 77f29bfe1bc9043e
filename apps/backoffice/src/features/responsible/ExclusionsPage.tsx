import { responsibleConsoleEndpoints as api, type ExcludedMember, type QueryOf } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/dates.ts';
import { FilterSelect, SearchListPage } from '../../app/SearchListPage.tsx';
import { useSearchList } from '../../app/searchList.ts';

type Query = QueryOf<typeof api.exclusions>;
type Row = ExcludedMember;
const FILTERS = ['kind'] as const;
const KINDS = ['time_out', 'self_exclusion'] as const;

function toQuery(applied: Record<(typeof FILTERS)[number], string>): Partial<Query> {
  return {
    kind: (KINDS as readonly string[]).includes(applied.kind) ? (applied.kind as Query['kind']) : undefined,
  };
}

/**
 * The members on a time-out or self-excluded now (a self-exclusion that ended stays until a day after the member
 * asked to reopen), read-only: no operator can lift either.
 */
export function ExclusionsPage() {
  const { t, i18n } = useTranslation();
  const list = useSearchList(api.exclusions, FILTERS, toQuery);
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);
  return (
    <SearchListPage
      page="responsibleExclusions"
      list={list}
      columns={[
        {
          key: 'username',
          header: t('responsibleExclusions.username'),
          render: (row: Row) => <Link to={`/players/${row.memberId}`}>{row.username}</Link>,
        },
        {
          key: 'kind',
          header: t('responsibleExclusions.kind'),
          render: (row: Row) => t(`responsibleExclusions.kinds.${row.kind}`),
        },
        {
          key: 'startedAt',
          header: t('responsibleExclusions.startedAt'),
          render: (row: Row) => when(row.startedAt),
        },
        { key: 'until', header: t('responsibleExclusions.until'), render: (row: Row) => when(row.until) },
        {
          key: 'reopensAt',
          header: t('responsibleExclusions.reopensAt'),
          render: (row: Row) => (row.reopensAt ? when(row.reopensAt) : '—'),
        },
      ]}
      filters={
        <FilterSelect
          name="kind"
          options={[
            { value: '', label: t('responsibleExclusions.allKinds') },
            ...KINDS.map((kind) => ({ value: kind, label: t(`responsibleExclusions.kinds.${kind}`) })),
          ]}
        />
      }
    />
  );
}
