import { z } from 'zod';
import { ANNOUNCEMENT_TYPES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';

/** Content, as the player site sees it: banners, notices, announcements and the help centre (§7). */

const banner = z.object({
  bannerId: z.number().int(),
  groupName: z.string(),
  title: z.string(),
  url: z.string(),
  /** The image for a phone-sized screen (up to 760 px wide), or null: `url` everywhere. */
  phoneUrl: z.string().nullable(),
  /** '' none, 'INTERNAL' a path of the site, 'EXTERNAL' another site in a new tab. */
  linkageType: z.enum(['', 'INTERNAL', 'EXTERNAL']),
  linkUrl: z.string(),
});
export type Banner = z.infer<typeof banner>;

const notice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof notice>;

const announcement = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  platform: z.string(),
  executionType: z.string(),
  title: z.string(),
  content: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});

const announcementGroups = z.object({
  banners: z.array(announcement),
  player: z.array(announcement),
  popup: z.array(announcement),
  promotion: z.array(announcement),
  H: z.array(announcement),
});
export type AnnouncementGroups = z.infer<typeof announcementGroups>;

const announcementType = z.enum(ANNOUNCEMENT_TYPES);
const announcementQuery = z.object({
  types: z
    .string()
    .trim()
    .max(40)
    .transform((value, context) => {
      const list = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const parsed = z.array(announcementType).safeParse(list);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: 'invalid_value' });
        return z.NEVER;
      }
      return parsed.data;
    })
    .optional(),
  type: announcementType.optional(),
  platform: z.literal('W').default('W'),
  /** The original sends `execution`, Tessera's site `executionType`. */
  execution: z.literal('B').optional(),
  executionType: z.literal('B').default('B'),
});

const helpCategory = z.object({
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
  /**
   * Live announcements grouped as the original reads them (§3): banners (B), player (PL), popup (PU), promotion
   * (PR), and H under its own code (the original's name for that group is not shown). `types` (the original's,
   * e.g. "B,PL,PU,PR") or `type` (one type) choose the groups filled; the others are empty.
   */
  announcements: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    access: 'visitor',
    query: announcementQuery,
    response: announcementGroups,
  }),
  /** Another client's name for the same call. */
  announcementsOtherClient: endpoint({
    method: 'GET',
    path: '/wps/relay/CCSFE_getListAnnouncements',
    access: 'visitor',
    query: announcementQuery,
    response: announcementGroups,
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
