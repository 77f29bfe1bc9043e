import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANNOUNCEMENT_GROUPS, type ANNOUNCEMENT_TYPES } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';

export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** Announcements of a type, as the logged-in member (or a visitor, without one) is meant to see them. */
const announcementsQuery = (type: AnnouncementType, username: string | null) =>
  queryOptions({
    queryKey: ['system', 'announcements', type, username],
    queryFn: async ({ signal }) =>
      (await api(endpoints.announcements, { query: { type, platform: 'W', executionType: 'B' }, signal }))[
        ANNOUNCEMENT_GROUPS[type]
      ],
  });

export function useAnnouncements(type: AnnouncementType, enabled = true) {
  const { username } = useSession();
  return useQuery({ ...announcementsQuery(type, username), enabled });
}
