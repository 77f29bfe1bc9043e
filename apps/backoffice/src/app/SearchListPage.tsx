import type { UseQueryResult } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon } from '../ui/Icon.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { Select, type SelectProps } from '../ui/Select.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { type Column, Table } from '../ui/Table.tsx';
import { TextField, type TextFieldProps } from '../ui/TextField.tsx';
import { PAGES, type PageId } from './access.ts';
import { QueryView } from './QueryView.tsx';
import { PAGE_SIZES, type UrlSearch } from './searchList.ts';
import './search-list.css';

interface PageOf<Row> {
  list: Row[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** What useSearchList answers: the search kept in the URL, and the page of rows it found. */
interface SearchList<Row> {
  search: UrlSearch<string>;
  query: UseQueryResult<PageOf<Row>>;
}

/** The page whose filter form the filter fields are in. */
const FilterContext = createContext<{ page: PageId; search: UrlSearch<string> } | null>(null);

/**
 * The label, hint and value of one filter field: the label is `${page}.${name}` unless given, the hint
 * `${page}.${name}Hint` where that text exists.
 */
function useFilter(name: string, label: ReactNode) {
  const { t, i18n } = useTranslation();
  const context = useContext(FilterContext);
  if (!context) throw new Error('A filter field belongs in the filters of a SearchListPage.');
  const hint = `${context.page}.${name}Hint`;
  return {
    label: label ?? t(`${context.page}.${name}`),
    hint: i18n.exists(hint) ? t(hint) : undefined,
    ...context.search.control(name),
  };
}

type FilterProps<P> = Omit<P, 'label' | 'value' | 'onChange'> & { name: string; label?: ReactNode };

/** A text filter; `type="search"` makes it the free-text search, twice as wide as the others. */
export function FilterText({ name, label, ...props }: FilterProps<TextFieldProps>) {
  const filter = useFilter(name, label);
  const wide = props.type === 'search' ? 'search-wide' : undefined;
  return <TextField maxLength={100} fieldClassName={wide} {...props} {...filter} />;
}

/** A filter of a few values; its first option (value '') stands for any. */
export function FilterSelect({ name, label, ...props }: FilterProps<SelectProps>) {
  const filter = useFilter(name, label);
  return <Select {...props} {...filter} />;
}

export interface SearchListPageProps<Row extends { id: number }> {
  /** The page: its title (nav.*), icon, and the texts `${page}.description`, `.empty` and `.emptyFiltered`. */
  page: PageId;
  list: SearchList<Row>;
  /** The filter fields: FilterText and FilterSelect. */
  filters: ReactNode;
  /** The submit button of the filter form; "Search" unless the page says otherwise. */
  searchLabel?: string;
  /** The columns of the table of rows, named by the title; or `children` draws the rows. */
  columns?: readonly Column<Row>[];
  /** Draws the rows of the page shown (never called with none), where a table of columns does not do. */
  children?: (rows: Row[]) => ReactNode;
  /** Buttons of the page's header (an export, say). */
  actions?: ReactNode;
}

/**
 * A searchable, paginated console list: the header, the filter form, the rows of the current page or an empty
 * state, and the pagination with its page size. Filters and page live in the URL (useSearchList).
 */
export function SearchListPage<Row extends { id: number }>({
  page,
  list: { search, query },
  filters,
  searchLabel,
  columns = [],
  children,
  actions,
}: SearchListPageProps<Row>) {
  const { t } = useTranslation();
  const title = t(`nav.${page}`);
  const icon = PAGES.find((definition) => definition.id === page)?.icon;
  const rows =
    children ??
    ((list: Row[]) => <Table caption={title} columns={columns} rows={list} rowKey={(row) => row.id} />);
  return (
    <>
      <PageHeader title={title} description={t(`${page}.description`)} actions={actions} />
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
            <FilterContext.Provider value={{ page, search }}>{filters}</FilterContext.Provider>
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
                icon={icon}
                title={t(`${page}.${search.filtered ? 'emptyFiltered' : 'empty'}`)}
                description={search.filtered ? t('list.emptyFilteredHint') : undefined}
              />
            ) : (
              <div className="stack">
                <div aria-busy={query.isFetching || undefined}>{rows(data.list)}</div>
                <div className="row-wrap search-footer">
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
