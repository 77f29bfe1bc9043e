import { z } from 'zod';
import { idParams, languageCode, nonEmpty, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { ALL_LANGUAGES } from '../constants.ts';
import { endpoint, operator } from '../endpoint.ts';

/**
 * The inbox (issue 23 part 8, member centre messageV2) and feedback (part 9). A member's inbox holds the messages
 * the site sent to that member (deposit and withdrawal outcomes, contract offers, feedback replies) and the
 * operators' broadcasts meant for that member (everyone, a VIP level or a member label). A message's id is its
 * kind's letter and number: P12 a message to the member, B3 a broadcast. Its content is sanitised HTML.
 */

/** SYSTEM: sent by the site (deposit, withdrawal, contract); PERSONAL: to this member by an operator (a feedback reply); BROADCAST: to many. */
export const INBOX_MESSAGE_TYPES = ['SYSTEM', 'PERSONAL', 'BROADCAST'] as const;
const inboxMessageId = z
  .string()
  .trim()
  .regex(/^[PB][1-9]\d{0,14}$/, 'invalid_format');

const inboxMessage = z.object({
  id: z.string(),
  type: z.enum(INBOX_MESSAGE_TYPES),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessage>;

/** The member's unread messages, as the badge counts them (the original's store action getUnreadMessageV2). */
const unread = z.object({ unReadCount: z.number().int() });

export const INBOX_READ_FILTERS = ['all', 'unread', 'read'] as const;
const inboxQuery = paging.extend({
  /** all, unread or read messages. */
  status: z.enum(INBOX_READ_FILTERS).default('all'),
  type: z.enum(INBOX_MESSAGE_TYPES).optional(),
});

export const FEEDBACK_TYPES = [
  'deposit',
  'withdrawal',
  'games',
  'promotions',
  'account',
  'suggestion',
  'other',
] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_STATUSES = ['new', 'replied', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
/** The longest feedback a member may send, and the most a member may send in an hour. */
export const FEEDBACK_LIMITS = { contentMax: 1000, perHour: 5, replyMax: 2000 } as const;

/** The feedback form: its question type and what the member writes (§2 "feedback"; the original's /wps/feedback). */
export const feedbackBody = z.object({
  type: z.enum(FEEDBACK_TYPES),
  content: z.string().trim().min(5).max(FEEDBACK_LIMITS.contentMax),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

export const inboxEndpoints = {
  /** The member's unread messages (module flag MAILCENTER3, INBOX3 to the original). */
  unreadCount: endpoint({
    method: 'GET',
    path: '/wps/relay/CSP_unreadCount',
    access: 'realMember',
    response: unread,
  }),
  /** The member's messages, newest first, with the unread count. */
  inbox: endpoint({
    method: 'GET',
    path: '/wps/relay/CSP_getInbox',
    access: 'realMember',
    query: inboxQuery,
    response: page(inboxMessage).extend(unread.shape),
  }),
  /** Marks messages read; not_found for an id that is not in the member's inbox (nothing is marked then). */
  read: endpoint({
    method: 'POST',
    path: '/wps/inbox/read',
    access: 'realMember',
    body: z.object({ ids: z.array(inboxMessageId).min(1).max(100) }),
    response: unread,
  }),
  /** Marks every message of the inbox read. */
  readAll: endpoint({
    method: 'POST',
    path: '/wps/inbox/read-all',
    access: 'realMember',
    response: unread,
  }),
  /** Deletes a message from this member's inbox (a broadcast stays in the others'). */
  remove: endpoint({
    method: 'DELETE',
    path: '/wps/inbox/messages/:id',
    access: 'realMember',
    params: z.object({ id: inboxMessageId }),
    response: unread,
  }),
  /** Sends feedback (module flag FEEDBACK3); too_many_requests past FEEDBACK_LIMITS.perHour in an hour. */
  feedback: endpoint({
    method: 'PUT',
    path: '/wps/feedback',
    access: 'realMember',
    body: feedbackBody,
    idempotent: true,
    response: z.object({ id: z.number().int(), status: z.enum(FEEDBACK_STATUSES) }),
  }),
};

/** Whom a broadcast is for: every member, members of one VIP level (club rank), or members with a label. */
export const BROADCAST_AUDIENCES = ['all', 'vip', 'label'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

const broadcastText = z.object({
  language: languageCode,
  title: nonEmpty(200),
  /** HTML, sanitised when saved. */
  content: z.string().trim().min(1).max(50_000),
});

export const broadcastInput = z
  .object({
    audience: z.enum(BROADCAST_AUDIENCES),
    clubRank: z.number().int().min(0).max(99).nullable().default(null),
    label: z.string().trim().min(1).max(60).nullable().default(null),
    /** One text per language; a member reads the one in their language, else English, else the first. */
    texts: z
      .array(broadcastText)
      .min(1)
      .max(ALL_LANGUAGES.length)
      .refine((texts) => new Set(texts.map((text) => text.language)).size === texts.length, 'invalid_value'),
  })
  .refine((value) => value.audience !== 'vip' || value.clubRank !== null, {
    path: ['clubRank'],
    message: 'required',
  })
  .refine((value) => value.audience !== 'label' || value.label !== null, {
    path: ['label'],
    message: 'required',
  });
export type BroadcastInput = z.input<typeof broadcastInput>;

const broadcastRow = z.object({
  id: z.number().int(),
  audience: z.enum(BROADCAST_AUDIENCES),
  clubRank: z.number().int().nullable(),
  label: z.string().nullable(),
  texts: z.array(z.object({ language: languageCode, title: z.string(), content: z.string() })),
  createdAt: z.string(),
  createdBy: z.string(),
  withdrawnAt: z.string().nullable(),
  /** Members it is meant for today (registered by the time it was sent), and how many of them have read it. */
  recipients: z.number().int(),
  readCount: z.number().int(),
});
export type BroadcastRow = z.infer<typeof broadcastRow>;

const feedbackRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  content: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  reply: z.string().nullable(),
  repliedBy: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

const messages = operator('operations', 'support');

export const inboxConsoleEndpoints = {
  broadcasts: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/inbox/broadcasts`,
    access: messages,
    query: paging,
    response: page(broadcastRow),
  }),
  sendBroadcast: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/inbox/broadcasts`,
    access: messages,
    body: broadcastInput,
    idempotent: true,
    response: broadcastRow,
  }),
  /** Takes a broadcast out of every inbox; conflict when it was already withdrawn. */
  withdrawBroadcast: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/inbox/broadcasts/:id/withdraw`,
    access: messages,
    params: idParams,
    response: broadcastRow,
  }),
  feedback: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/feedback`,
    access: messages,
    query: paging.extend({
      status: z.enum(FEEDBACK_STATUSES).optional(),
      type: z.enum(FEEDBACK_TYPES).optional(),
    }),
    response: page(feedbackRow),
  }),
  /** Answers feedback: the reply reaches the member's inbox; conflict when it is closed. */
  replyFeedback: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/feedback/:id/reply`,
    access: messages,
    params: idParams,
    body: z.object({ reply: z.string().trim().min(1).max(FEEDBACK_LIMITS.replyMax) }),
    response: feedbackRow,
  }),
  /** Closes feedback (no reply needed, or done); conflict when it is already closed. */
  closeFeedback: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/feedback/:id/close`,
    access: messages,
    params: idParams,
    response: feedbackRow,
  }),
};
