import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Endpoint, QueryOf, ResponseOf } from '@tessera/contract';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
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
export function useUrlSearch<F extends string>(names: readonly F[], onNavigate?: () => void) {
  const [params, setParams] = useSearchParams();
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
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
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
    /** The value and change handler of the control that edits one filter. */
    control: (name: F) => ({
      value: draft[name],
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
/** What a list page needs of its search: the form's buttons and the pagination. */
export type SearchControls = Pick<
  UrlSearch<string>,
  'filtered' | 'resettable' | 'apply' | 'reset' | 'pageSize' | 'setPage' | 'setPageSize'
>;

/** One page of a console list endpoint; the page shown stays while the next one loads. */
export function usePageQuery<E extends Endpoint>(key: string, endpoint: E, query: QueryOf<E>) {
  return useQuery({
    queryKey: [key, query],
    queryFn: ({ signal }) => call(endpoint, { query, signal }) as Promise<ResponseOf<E>>,
    placeholderData: keepPreviousData,
  });
}

/** A filter's value for the query: undefined when empty, so the endpoint sees no filter. */
export const optional = (value: string): string | undefined => value || undefined;
