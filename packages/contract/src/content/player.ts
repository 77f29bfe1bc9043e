import { z } from 'zod';
import { ANNOUNCEMENT_TYPES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';

/** Content, as the player site sees it: banners, notices, announcements and the help centre (§7). */

export const banner = z.object({
  bannerId: z.number().int(),
  groupName: z.string(),
  title: z.string(),
  url: z.string(),
  /** '' none, 'INTERNAL' a path of the site, 'EXTERNAL' another site in a new tab. */
  linkageType: z.enum(['', 'INTERNAL', 'EXTERNAL']),
  linkUrl: z.string(),
});
export type Banner = z.infer<typeof banner>;

export const notice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof notice>;

export const announcement = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  platform: z.string(),
  executionType: z.string(),
  title: z.string(),
  content: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcement>;

export const helpCategory = z.object({
  id: z.number().int(),
  title: z.string(),
  articles: z.array(z.object({ id: z.number().int(), title: z.string(), content: z.string() })),
});
export type HelpCategory = z.infer<typeof helpCategory>;

export const contentEndpoints = {
  helpCenter: endpoint({
    method: 'GET',
    path: '/wps/system/helpCenter',
    access: 'visitor',
    response: z.array(helpCategory),
  }),
  announcements: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    access: 'visitor',
    query: z.object({
      type: z.enum(ANNOUNCEMENT_TYPES).optional(),
      platform: z.literal('W').default('W'),
      executionType: z.literal('B').default('B'),
    }),
    response: z.array(announcement),
  }),
  banners: endpoint({
    method: 'GET',
    path: '/wps/system/banners',
    access: 'visitor',
    query: z.object({ groupName: z.string().trim().min(1).max(40) }),
    response: z.array(banner),
  }),
  notices: endpoint({
    method: 'GET',
    path: '/wps/system/notices',
    access: 'visitor',
    response: z.array(notice),
  }),
};
