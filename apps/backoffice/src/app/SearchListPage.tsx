import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { Select } from '../ui/Select.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { QueryView } from './QueryView.tsx';
import { PAGE_SIZES, type SearchControls } from './searchList.ts';
import './search-list.css';

export interface PageOf<Row> {
  list: Row[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface SearchListPageProps<Row> {
  title: string;
  description: string;
  search: SearchControls;
  /** The filter controls (each one labelled); `search.control(name)` ties one to its filter. */
  filters: ReactNode;
  /** The submit button of the filter form; "Search" unless the page says otherwise. */
  searchLabel?: string;
  query: UseQueryResult<PageOf<Row>>;
  empty: { icon: IconName; title: string; filteredTitle: string };
  /** Draws the rows of the page shown (never called with none). */
  children: (rows: Row[]) => ReactNode;
}

/**
 * A searchable, paginated console list: the header, the filter form, the rows of the current page or an empty
 * state, and the pagination with its page size. Filters and page live in the URL (useUrlSearch).
 */
export function SearchListPage<Row>({
  title,
  description,
  search,
  filters,
  searchLabel,
  query,
  empty,
  children,
}: SearchListPageProps<Row>) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="stack-lg">
        <Card>
          <form
            className="search-filters"
            aria-label={t('list.filters')}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              search.apply();
            }}
          >
            {filters}
            <div className="search-filter-actions">
              <Button type="submit" variant="primary" icon={<Icon name="search" />}>
                {searchLabel ?? t('list.search')}
              </Button>
              <Button onClick={search.reset} disabled={!search.resettable}>
                {t('list.reset')}
              </Button>
            </div>
          </form>
        </Card>

        <QueryView query={query}>
          {(data) =>
            data.list.length === 0 ? (
              <EmptyState
                icon={empty.icon}
                title={search.filtered ? empty.filteredTitle : empty.title}
                description={search.filtered ? t('list.emptyFilteredHint') : undefined}
              />
            ) : (
              <div className="stack">
                <div aria-busy={query.isFetching || undefined}>{children(data.list)}</div>
                <div className="search-footer">
                  <Pagination
                    pageNo={data.pageNo}
                    pageSize={data.pageSize}
                    total={data.total}
                    onChange={search.setPage}
                  />
                  <div className="row">
                    {query.isFetching ? <Spinner size="sm" /> : null}
                    <Select
                      label={t('list.pageSize')}
                      value={String(search.pageSize)}
                      options={PAGE_SIZES.map((value) => ({ value, label: value }))}
                      onChange={(event) => search.setPageSize(event.target.value)}
                      fieldClassName="search-size"
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
