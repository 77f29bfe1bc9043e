import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemEndpoints } from '@tessera/contract';
import { api } from '../../app/api.ts';

export const noticesQuery = queryOptions({
  queryKey: ['system', 'notices'],
  queryFn: ({ signal }) => api(systemEndpoints.notices, { signal }),
});

export function useNotices() {
  return useQuery(noticesQuery);
}
