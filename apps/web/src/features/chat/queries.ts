import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { chatEndpoints } from '../../app/endpoints.ts';

/** The key prefix of what the chat window shows (the member's token in it, so members never share an entry). */
export const chatKey = (token: string | null) => ['member', token, 'chat'] as const;

/** The open rooms with whether this member may enter each: the window opens the first the member may enter. */
export const chatRoomsQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...chatKey(token), 'rooms'],
    queryFn: async ({ signal }) => {
      const [rooms, permissions] = await Promise.all([
        api(chatEndpoints.rooms, { signal }),
        api(chatEndpoints.permissions, { signal }),
      ]);
      const allowed = new Set(permissions.list.filter((row) => row.allowed).map((row) => row.roomId));
      return rooms.list.filter((room) => allowed.has(room.roomId));
    },
    enabled: token !== null,
  });

export const chatMessagesQuery = (token: string | null, roomId: number | null) =>
  queryOptions({
    queryKey: [...chatKey(token), 'messages', roomId],
    queryFn: ({ signal }) =>
      api(chatEndpoints.messages, { params: { id: roomId as number }, query: {}, signal }),
    enabled: token !== null && roomId !== null,
  });

/** Others' messages in the member's rooms not yet read: the window's badge while it is hidden. */
export const chatUnreadQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...chatKey(token), 'unread'],
    queryFn: async ({ signal }) => (await api(chatEndpoints.unread, { signal })).unReadCount,
    enabled: token !== null,
  });
