import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';

const helpCenterQuery = queryOptions({
  queryKey: ['system', 'helpCenter'],
  queryFn: ({ signal }) => api(endpoints.helpCenter, { signal }),
});

/** The help centre's categories and articles, in the current language. */
export function useHelpCenter() {
  return useQuery(helpCenterQuery);
}
