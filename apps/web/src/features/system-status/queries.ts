import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';

export const systemStatusQuery = queryOptions({
  queryKey: ['system', 'status'],
  queryFn: ({ signal }) => api(endpoints.status, { signal }),
});

export function useSystemStatus() {
  return useQuery(systemStatusQuery);
}
