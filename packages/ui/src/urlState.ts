import { useSearchParams } from 'react-router';

/** Changes to a URL's query: a string sets the parameter (an empty one removes it), null removes it, undefined leaves it. */
export type ParamChanges = Record<string, string | null | undefined>;

/** A copy of `params` with the changes made. */
export function withParams(params: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/**
 * A page's state kept in its URL (filters, page, selected item), so a reload, a shared link or Back shows the
 * same: the query's parameters, and `update` to change some of them (a new history entry, or with `replace` the
 * same one).
 */
export function useUrlState() {
  const [params, setParams] = useSearchParams();
  const update = (changes: ParamChanges, options?: { replace?: boolean }) =>
    setParams(withParams(params, changes), options);
  return [params, update] as const;
}
