import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';

const noticesQuery = queryOptions({
  queryKey: ['system', 'notices'],
  queryFn: ({ signal }) => api(endpoints.notices, { signal }),
});

export function useNotices() {
  return useQuery(noticesQuery);
}
