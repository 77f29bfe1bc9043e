import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemEndpoints } from '@tessera/contract';
import { api } from '../../app/api.ts';

export const systemStatusQuery = queryOptions({
  queryKey: ['system', 'status'],
  queryFn: ({ signal }) => api(systemEndpoints.status, { signal }),
});

export function useSystemStatus() {
  return useQuery(systemStatusQuery);
}
