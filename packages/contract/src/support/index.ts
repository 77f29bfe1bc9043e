import { z } from 'zod';
import { idParams, languageCode, nonEmpty } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';

/**
 * Built-in live customer service (issue 26 item 1, spec §4 "Customer service"): a member's conversation with the
 * operators of the console's support workspace. A member has at most one conversation that is not resolved; a new
 * message after a resolution opens a new one. Operators' private notes never reach the member.
 */

export const SUPPORT_TEAMS = ['general', 'deposits', 'withdrawals', 'vip'] as const;
export type SupportTeam = (typeof SUPPORT_TEAMS)[number];
export const SUPPORT_STATUSES = ['open', 'pending', 'resolved'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/**
 * The limits of the built-in chat: a member sends at most 1 message a second and 30 a minute (support_too_fast
 * past either); a message is 1 to 2000 characters; an operator's cap of open conversations is 1 to 50 (6 unless set).
 */
export const SUPPORT_LIMITS = {
  messageMax: 2000,
  perSecond: 1,
  perMinute: 30,
  defaultCapacity: 6,
  capacityMax: 50,
  cannedMax: 100,
  /** Images of one message: png or jpeg, 5 MB each, re-encoded on upload. */
  imagesMax: 3,
  imageBytesMax: 5 * 1024 * 1024,
} as const;

const supportMessage = z.object({
  id: z.number().int(),
  sender: z.enum(['member', 'operator', 'system']),
  /** note: an operator's private note (only in the console). */
  kind: z.enum(['text', 'note']),
  body: z.string(),
  /** The operator's user name (console only; the member sees "Customer service"). */
  operator: z.string().nullable(),
  createdAt: z.string(),
  /** The other side has read it (read receipts). */
  read: z.boolean(),
  /** Its images' ids, read through the image endpoints (no public address). */
  images: z.array(z.string()),
});
export type SupportMessage = z.infer<typeof supportMessage>;

const memberConversation = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_STATUSES),
  team: z.enum(SUPPORT_TEAMS),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** The member may rate it (resolved and not rated yet). */
  canRate: z.boolean(),
  rating: z.number().int().nullable(),
  messages: z.array(supportMessage),
});

/** The member's chat: the latest conversation (null before the first), whether operators are in now, and unread. */
const memberSupport = z.object({
  conversation: memberConversation.nullable(),
  withinHours: z.boolean(),
  unread: z.number().int(),
});
export type MemberSupport = z.infer<typeof memberSupport>;

const messageText = nonEmpty(SUPPORT_LIMITS.messageMax);
/** What a member writes (the site's chat form validates with it). */
export const supportMessageBody = z.object({ text: messageText });

/** The multipart fields of a message with images (the files are the parts named `image`, 1 to 3). */
export const supportImageFields = z.object({
  text: z.string().trim().max(SUPPORT_LIMITS.messageMax).default(''),
});
/** The multipart fields of an operator's message with images: its text and whether it is a private note. */
export const supportConsoleImageFields = supportImageFields.extend({
  note: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
const imageParams = z.object({ id: z.uuid() });
/** An image of a conversation, base64 (shown from a blob; never served at a public address). */
const supportImage = z.object({ contentType: z.enum(['image/png', 'image/jpeg']), data: z.string() });

export const supportPlayerEndpoints = {
  chat: endpoint({ method: 'GET', path: '/wps/support/chat', access: 'realMember', response: memberSupport }),
  /** Sends a message: to the open conversation, or opens one (pending outside business hours). */
  send: endpoint({
    method: 'POST',
    path: '/wps/support/messages',
    access: 'realMember',
    body: supportMessageBody,
    idempotent: true,
    response: memberSupport,
  }),
  /** A message with 1 to 3 images (png or jpeg, 5 MB each) and an optional text; limits as for send. */
  sendImages: endpoint({
    method: 'POST',
    path: '/wps/support/images',
    access: 'realMember',
    bodyType: 'multipart',
    body: supportImageFields,
    response: memberSupport,
  }),
  image: endpoint({
    method: 'GET',
    path: '/wps/support/images/:id',
    access: 'realMember',
    params: imageParams,
    response: supportImage,
  }),
  /** The member read the operators' messages (read receipts on the console, the unread count to 0). */
  read: endpoint({
    method: 'POST',
    path: '/wps/support/read',
    access: 'realMember',
    response: z.object({ unread: z.number().int() }),
  }),
  /** The member is typing: the operator sees the sign (nothing is stored). */
  typing: endpoint({
    method: 'POST',
    path: '/wps/support/typing',
    access: 'realMember',
    response: z.object({ ok: z.literal(true) }),
  }),
  /** The satisfaction rating of a resolved conversation, once (conflict after). */
  rate: endpoint({
    method: 'POST',
    path: '/wps/support/conversations/:id/rating',
    access: 'realMember',
    params: idParams,
    body: z.object({ rating: z.coerce.number().int().min(1).max(5) }),
    response: memberSupport,
  }),
};

/* The console's support workspace: the support and operations roles (the owner too), never finance. */

const workspace = operator('support', 'operations');
const settingsAccess = operator('operations');

const queueRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  team: z.enum(SUPPORT_TEAMS),
  language: z.string(),
  assignee: z.string().nullable(),
  assigneeId: z.number().int().nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  lastMessage: z.string(),
  /** Member messages the assignee has not read. */
  unread: z.number().int(),
});

const agentState = z.object({
  operatorId: z.number().int(),
  username: z.string(),
  teams: z.array(z.enum(SUPPORT_TEAMS)),
  available: z.boolean(),
  capacity: z.number().int(),
  open: z.number().int(),
});
export type SupportAgent = z.infer<typeof agentState>;

const workspaceQueues = z.object({
  teams: z.array(
    z.object({
      team: z.enum(SUPPORT_TEAMS),
      waiting: z.number().int(),
      open: z.number().int(),
      pending: z.number().int(),
    }),
  ),
  conversations: z.array(queueRow),
  me: agentState,
  agents: z.array(agentState),
  withinHours: z.boolean(),
});
export type SupportQueues = z.infer<typeof workspaceQueues>;

const memberCard = z.object({
  memberId: z.number().int(),
  username: z.string(),
  vipLevel: z.number().int(),
  language: z.string(),
  registeredAt: z.string(),
  /** The member's spendable balance (major units), and the merchant's currency. */
  balance: z.number(),
  currency: z.string(),
  deposits: z.array(
    z.object({ orderNo: z.string(), amount: z.number(), status: z.string(), createdAt: z.string() }),
  ),
  withdrawals: z.array(
    z.object({ orderNo: z.string(), amount: z.number(), status: z.string(), createdAt: z.string() }),
  ),
  /** The withdrawal still waiting (requested, under review or paying), if any. */
  openWithdrawal: z.string().nullable(),
  /** Responsible gaming: none, time_out or self_exclusion (with its end), and whether limits are set. */
  responsible: z.object({ block: z.string().nullable(), until: z.string().nullable() }),
});

const consoleConversation = queueRow.extend({
  messages: z.array(supportMessage),
  /** The member is reading (member_read_at) up to this message. */
  rating: z.number().int().nullable(),
  resolvedAt: z.string().nullable(),
  card: memberCard,
});
export type SupportConversation = z.infer<typeof consoleConversation>;

const cannedReply = z.object({
  id: z.number().int(),
  language: languageCode,
  title: z.string(),
  body: z.string(),
});
export type SupportCannedReply = z.infer<typeof cannedReply>;

/** Business hours: per weekday (Sunday first) from and until, in minutes after midnight in the time zone. */
const businessHours = z.object({
  timeZone: z.string().trim().min(1).max(64),
  hours: z
    .array(
      z
        .tuple([z.number().int().min(0).max(1440), z.number().int().min(0).max(1440)])
        .refine(([from, until]) => from <= until, 'invalid_value'),
    )
    .length(7),
});
export type SupportBusinessHours = z.infer<typeof businessHours>;

const teamStats = z.object({
  team: z.enum(SUPPORT_TEAMS),
  conversations: z.number().int(),
  resolved: z.number().int(),
  /** Average seconds to the first operator reply, and to resolution; null without any. */
  firstResponseSeconds: z.number().nullable(),
  resolutionSeconds: z.number().nullable(),
  rating: z.number().nullable(),
});

export const supportConsoleEndpoints = {
  queues: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/support/queues`,
    access: workspace,
    query: z.object({
      team: z.enum(SUPPORT_TEAMS).optional(),
      status: z.enum(SUPPORT_STATUSES).optional(),
      mine: z.enum(['1', '0']).optional(),
    }),
    response: workspaceQueues,
  }),
  conversation: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/support/conversations/:id`,
    access: workspace,
    params: idParams,
    response: consoleConversation,
  }),
  /** A reply to the member, or a private note (note: true); the operator's first reply takes an unassigned one. */
  reply: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/support/conversations/:id/messages`,
    access: workspace,
    params: idParams,
    body: z.object({ text: messageText, note: z.boolean().default(false) }),
    idempotent: true,
    response: consoleConversation,
  }),
  /**
   * A reply (or a private note, note=true) with 1 to 3 images (png or jpeg, 5 MB each, re-encoded) and an optional
   * text, as multipart: the files are the parts named `image`. Otherwise as reply.
   */
  replyImages: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/support/conversations/:id/images`,
    access: workspace,
    params: idParams,
    bodyType: 'multipart',
    body: supportConsoleImageFields,
    response: consoleConversation,
  }),
  image: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/support/images/:id`,
    access: workspace,
    params: imageParams,
    response: supportImage,
  }),
  /** Transfer: to a team (unassigned, back to its queue) or to an operator (null: to the caller). */
  transfer: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/support/conversations/:id/transfer`,
    access: workspace,
    params: idParams,
    body: z.object({
      team: z.enum(SUPPORT_TEAMS).optional(),
      operatorId: z.number().int().positive().nullish(),
    }),
    response: consoleConversation,
  }),
  resolve: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/support/conversations/:id/resolve`,
    access: workspace,
    params: idParams,
    response: consoleConversation,
  }),
  read: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/support/conversations/:id/read`,
    access: workspace,
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  typing: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/support/conversations/:id/typing`,
    access: workspace,
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  /** The caller's own availability, teams and cap: going available takes waiting conversations up to the cap. */
  setAgent: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/support/me`,
    access: workspace,
    body: z.object({
      available: z.boolean(),
      teams: z.array(z.enum(SUPPORT_TEAMS)).min(1),
      capacity: z.number().int().min(1).max(SUPPORT_LIMITS.capacityMax),
    }),
    response: agentState,
  }),
  canned: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/support/canned`,
    access: workspace,
    response: z.array(cannedReply),
  }),
  addCanned: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/support/canned`,
    access: workspace,
    body: z.object({ language: languageCode, title: nonEmpty(SUPPORT_LIMITS.cannedMax), body: messageText }),
    response: cannedReply,
  }),
  removeCanned: endpoint({
    method: 'DELETE',
    path: `${CONSOLE_API}/support/canned/:id`,
    access: workspace,
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  hours: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/support/hours`,
    access: workspace,
    response: businessHours,
  }),
  setHours: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/support/hours`,
    access: settingsAccess,
    body: businessHours,
    response: businessHours,
  }),
  stats: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/support/stats`,
    access: workspace,
    query: z.object({ days: z.coerce.number().int().min(1).max(90).default(7) }),
    response: z.array(teamStats),
  }),
};
