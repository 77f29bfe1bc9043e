import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';

const bannersQuery = (groupName: string) =>
  queryOptions({
    queryKey: ['system', 'banners', groupName],
    queryFn: ({ signal }) => api(endpoints.banners, { query: { groupName }, signal }),
  });

export function useBanners(groupName: string) {
  return useQuery(bannersQuery(groupName));
}
