import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';

/**
 * The status call answers the permission object of §3 (customer service, resources, location …) with the 0/1/2
 * status beside it; §7: it carries the current host as url.
 */
export const systemStatusQuery = queryOptions({
  queryKey: ['system', 'status'],
  queryFn: ({ signal }) => api(endpoints.status, { query: { url: window.location.host }, signal }),
});

export function useSystemStatus() {
  return useQuery(systemStatusQuery);
}
