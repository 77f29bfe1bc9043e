import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Endpoint, QueryOf, ResponseOf } from '@tessera/contract';
import { useUrlState } from '@tessera/ui';
import { type ChangeEvent, useEffect, useState } from 'react';
import { call } from './api.ts';

export const PAGE_SIZES = ['20', '50', '100'] as const;
const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

export type Filters<F extends string> = Record<F, string>;

function readFilters<F extends string>(names: readonly F[], params: URLSearchParams): Filters<F> {
  return Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Filters<F>;
}

/**
 * The filters and the page of a searchable list, kept in the URL (`?q=…&page=2&size=50`) so a search can be
 * shared, bookmarked and gone back to. The form edits a draft; `apply` writes it to the URL and starts at page 1.
 */
function useUrlSearch<F extends string>(names: readonly F[], onNavigate?: () => void) {
  const [params, setParams] = useUrlState();
  const applied = readFilters(names, params);
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const size = params.get('size') ?? '';
  const pageSize = Number((PAGE_SIZES as readonly string[]).includes(size) ? size : DEFAULT_PAGE_SIZE);
  const [draft, setDraft] = useState<Filters<F>>(applied);

  // Back and forward move through searches: the form shows the search of the URL again.
  const appliedKey = JSON.stringify(applied);
  useEffect(() => {
    setDraft(JSON.parse(appliedKey) as Filters<F>);
  }, [appliedKey]);

  const update = (changes: Record<string, string>) => {
    setParams(changes);
    onNavigate?.();
  };
  const empty = Object.fromEntries(names.map((name) => [name, ''])) as Filters<F>;

  return {
    applied,
    draft,
    pageNo,
    pageSize,
    /** True when the list shown is narrowed by a filter. */
    filtered: names.some((name) => applied[name]),
    /** True when the form or the URL holds a filter, so Reset has something to clear. */
    resettable: names.some((name) => applied[name] || draft[name]),
    /** The value and change handler of the control that edits one filter (by name, as filter fields give it). */
    control: (name: string) => ({
      value: draft[name as F] ?? '',
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        const { value } = event.target;
        setDraft((current) => ({ ...current, [name]: value }));
      },
    }),
    apply: () => update({ ...draft, page: '' }),
    reset: () => {
      setDraft(empty);
      update({ ...empty, page: '' });
    },
    setPage: (page: number) => update({ page: page > 1 ? String(page) : '' }),
    setPageSize: (value: string) => update({ size: value === DEFAULT_PAGE_SIZE ? '' : value, page: '' }),
  };
}

export type UrlSearch<F extends string> = ReturnType<typeof useUrlSearch<F>>;

/** The query keys of a list endpoint that a filter of the URL can carry. */
type FilterName<E extends Endpoint> = Exclude<Extract<keyof QueryOf<E>, string>, 'pageNo' | 'pageSize'>;

/**
 * A console list endpoint searched through the URL. `toQuery` turns the filters of the URL into the endpoint's
 * query (without it each filter goes as it is, or not at all when empty); the page and its size are added. The
 * page shown stays while the next one loads. The query key is the endpoint's path, then the query.
 */
export function useSearchList<E extends Endpoint, F extends FilterName<E>>(
  endpoint: E,
  filters: readonly F[],
  toQuery: (applied: Filters<F>) => Partial<QueryOf<E>> = (applied) =>
    Object.fromEntries(filters.map((name) => [name, optional(applied[name])])) as Partial<QueryOf<E>>,
  onNavigate?: () => void,
) {
  const search = useUrlSearch(filters, onNavigate);
  const query = {
    ...toQuery(search.applied),
    pageNo: search.pageNo,
    pageSize: search.pageSize,
  } as QueryOf<E>;
  const result = useQuery({
    queryKey: [endpoint.path, query],
    queryFn: ({ signal }) => call(endpoint, { query, signal }) as Promise<ResponseOf<E>>,
    placeholderData: keepPreviousData,
  });
  return { search, query: result };
}

/** A filter's value for the query: undefined when empty, so the endpoint sees no filter. */
export const optional = (value: string): string | undefined => value || undefined;

/** A filter's value for the query when it is one of `values` (a status), else undefined: no filter. */
export const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;
