import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemEndpoints } from '@tessera/contract';
import { api } from '../../app/api.ts';

export const bannersQuery = (groupName: string) =>
  queryOptions({
    queryKey: ['system', 'banners', groupName],
    queryFn: ({ signal }) => api(systemEndpoints.banners, { query: { groupName }, signal }),
  });

export function useBanners(groupName: string) {
  return useQuery(bannersQuery(groupName));
}
