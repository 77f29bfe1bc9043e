import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANNOUNCEMENT_GROUPS, type ANNOUNCEMENT_TYPES } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';

export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

export const announcementsQuery = (type: AnnouncementType) =>
  queryOptions({
    queryKey: ['system', 'announcements', type],
    queryFn: async ({ signal }) =>
      (await api(endpoints.announcements, { query: { type, platform: 'W', executionType: 'B' }, signal }))[
        ANNOUNCEMENT_GROUPS[type]
      ],
  });

export function useAnnouncements(type: AnnouncementType, enabled = true) {
  return useQuery({ ...announcementsQuery(type), enabled });
}
