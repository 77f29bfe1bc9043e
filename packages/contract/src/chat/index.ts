import { z } from 'zod';
import { id, idParams, nonEmpty, okValue, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';

/**
 * The community chat room (issue 26 part 2, the original's CBS3 calls) and the external live chat (part 3). A room
 * has entry rules (a least VIP level, a deposit within N days, a member label); its messages are plain text (never
 * HTML), stickers of the built-in set, or cards the site posts; they reach every member in the room in real time
 * over /ws (the socket subscribes to `chat:<roomId>`, see CHAT_TOPIC).
 */

/** The built-in stickers: a code each, drawn by the site. */
export const CHAT_STICKERS = [
  'thumbs_up',
  'heart',
  'laugh',
  'fire',
  'clap',
  'money',
  'trophy',
  'wow',
] as const;
export type ChatSticker = (typeof CHAT_STICKERS)[number];

/**
 * What a message is: a member's text or sticker, a pinned notice an operator posted, a site card (a big win, a red
 * envelope round dropped in the room), or a member's bet shared as a card.
 */
const CHAT_MESSAGE_KINDS = ['text', 'sticker', 'notice', 'win', 'envelope', 'bet'] as const;

/** The products whose tickets a member may share in a room. */
const CHAT_BET_PRODUCTS = ['sportsbook', 'lottery'] as const;

/** A big win the site posted (kind win): the masked player, the win in major units and the game. */
const winCard = z.object({ player: z.string(), amount: z.number(), game: z.string() });
/** A red envelope round dropped in the room (kind envelope): grabbed at /wps/red-envelope-rain/:roundId/grab. */
const envelopeCard = z.object({
  roundId: z.number().int(),
  envelopes: z.number().int(),
  closesAt: z.string(),
});
/**
 * A member's bet (kind bet), as the server read it from the member's own ticket when it was shared: the game or
 * event, the picks with their prices, the state, and the stake only when the member chose to show it.
 */
const betCard = z.object({
  product: z.enum(CHAT_BET_PRODUCTS),
  ticketNo: z.string(),
  /** The lottery game's name, or the first leg's event. */
  title: z.string(),
  /** The ticket's state code (the product's own: placed, won, lost … ). */
  state: z.string(),
  stake: z.number().nullable(),
  /** The sportsbook ticket's total price; null for the lottery. */
  price: z.number().nullable(),
  legs: z.array(
    z.object({
      selectionId: z.number().int(),
      eventId: z.number().int(),
      event: z.string(),
      home: z.string(),
      away: z.string(),
      marketType: z.string(),
      period: z.string(),
      line: z.number().nullable(),
      map: z.number().int().nullable(),
      selection: z.string(),
      price: z.number(),
    }),
  ),
  /** The lottery ticket's game (its code), bet type and numbers; null for the sportsbook. */
  lottery: z.object({ gameId: z.string(), betType: z.string(), numbers: z.array(z.string()) }).nullable(),
});
export type ChatBetCard = z.infer<typeof betCard>;

/** The limits of the chat room: a message's length, history per page, a mute or kick's longest span. */
export const CHAT_LIMITS = {
  textMax: 500,
  historyPage: 50,
  restrictMinutesMax: 43_200,
  slowModeSecondsMax: 3_600,
  keywordsMax: 500,
  linkHostsMax: 100,
  /** Messages a member may send in a minute in any room, whatever the room's slow mode. */
  perMinute: 20,
} as const;

/** The real-time topic of a room: a member's socket subscribes with `{type: 'subscribe', topic}`. */
export const chatTopic = (roomId: number) => `chat:${roomId}`;

/** Why a member may not enter a room. */
export const CHAT_ENTRY_REFUSALS = ['vip', 'deposit', 'label', 'kicked'] as const;

const chatRoom = z.object({
  roomId: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The pinned notice shown above the messages; null when there is none. */
  notice: z.string().nullable(),
  slowModeSeconds: z.number().int(),
});
export type ChatRoom = z.infer<typeof chatRoom>;

export const chatMessage = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  kind: z.enum(CHAT_MESSAGE_KINDS),
  /** Plain text (a sticker's code for a sticker): the site renders it as text, never as HTML. */
  text: z.string(),
  /** The writer's shown name (a member's nickname or masked username; the room's staff for a notice). */
  author: z.string(),
  memberId: z.number().int().nullable(),
  moderator: z.boolean(),
  /** A site or bet card (kinds win, envelope, bet; see winCard, envelopeCard, betCard); null for the others. */
  card: z.union([winCard, envelopeCard, betCard]).nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

const unread = z.object({ unReadCount: z.number().int() });

/** A member's message: text (links only to the allowed sites) or a sticker of the built-in set. */
const chatSendBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: nonEmpty(CHAT_LIMITS.textMax) }),
  z.object({ kind: z.literal('sticker'), text: z.enum(CHAT_STICKERS) }),
]);
export type ChatSendBody = z.input<typeof chatSendBody>;

/** A member shares one of their own tickets: the server reads it by number (never the client's copy). */
export const chatShareBody = z.object({
  product: z.enum(CHAT_BET_PRODUCTS),
  ticketNo: z.string().trim().min(1).max(40),
  /** Whether the card shows the stake (hidden unless the member ticks it). */
  showStake: z.boolean().default(false),
});
export type ChatShareBody = z.input<typeof chatShareBody>;

/** A shared sportsbook card's picks as they stand now: open ones at today's price, the others with their state. */
const followLeg = z.object({
  selectionId: z.number().int(),
  eventId: z.number().int(),
  event: z.string(),
  home: z.string(),
  away: z.string(),
  marketType: z.string(),
  period: z.string(),
  line: z.number().nullable(),
  map: z.number().int().nullable(),
  selection: z.string(),
  /** open: on sale now at price; suspended or closed (the market, or its event over): not to be bet. */
  status: z.enum(['open', 'suspended', 'closed']),
  price: z.number(),
  priceVersion: z.number().int(),
  live: z.boolean(),
});
export type ChatFollowLeg = z.infer<typeof followLeg>;

const CHAT_RESTRICTIONS = ['mute', 'unmute', 'kick', 'unkick'] as const;
const restriction = z.object({
  memberId: id,
  action: z.enum(CHAT_RESTRICTIONS),
  /** How long a mute or kick lasts; ignored when lifting one. */
  minutes: z.coerce.number().int().min(1).max(CHAT_LIMITS.restrictMinutesMax).default(10),
});
const roomMessageParams = z.object({ id, messageId: id });

/** Which live chat answers the right bar's customer service: the built-in one or Chatwoot. */
const LIVE_CHAT_PROVIDERS = ['builtin', 'chatwoot'] as const;
export type LiveChatProvider = (typeof LIVE_CHAT_PROVIDERS)[number];

/**
 * How the site opens the live chat: a page of the site (the built-in one) or Chatwoot's widget, booted with the
 * member's identifier and its identity hash (HMAC-SHA256 under the inbox's token, computed by the server).
 */
const liveChatLaunch = z.object({
  provider: z.enum(LIVE_CHAT_PROVIDERS),
  chatUrl: z.string().nullable(),
  widget: z
    .object({
      baseUrl: z.string(),
      websiteToken: z.string(),
      identifier: z.string(),
      identifierHash: z.string(),
      name: z.string(),
      locale: z.string(),
    })
    .nullable(),
});
export type LiveChatLaunch = z.infer<typeof liveChatLaunch>;

/** A Chatwoot webhook (message_created, conversation_status_changed …): only the fields the adapter reads are named. */
const chatwootWebhookBody = z
  .object({
    event: z.string().max(100),
    id: z.union([z.number(), z.string()]).optional(),
  })
  .passthrough();

export const chatEndpoints = {
  /** The rooms of the chat (the original's CBS_modelList): every open room, for visitors too. */
  modelList: endpoint({
    method: 'GET',
    path: '/wps/relay/CBS_modelList',
    access: 'visitor',
    response: z.object({ list: z.array(chatRoom) }),
  }),
  /** Which rooms the member may enter, and why not (CBS_groupPermission). */
  groupPermission: endpoint({
    method: 'GET',
    path: '/wps/relay/CBS_groupPermission',
    access: 'realMember',
    response: z.object({
      list: z.array(
        z.object({
          roomId: z.number().int(),
          allowed: z.boolean(),
          reason: z.enum(CHAT_ENTRY_REFUSALS).nullable(),
          moderator: z.boolean(),
        }),
      ),
    }),
  }),
  /**
   * CBS_launchChat (b2c, title, language, headerColor → chatUrl): with b2c 1 (the original's customer service) the
   * live chat's page (the built-in one's, or the page booting Chatwoot's widget); otherwise the chat room's page,
   * which the floating chat window embeds.
   */
  launchChat: endpoint({
    method: 'GET',
    path: '/wps/relay/CBS_launchChat',
    access: 'realMember',
    query: z.object({
      b2c: z.string().max(5).optional(),
      title: z.string().trim().max(60).optional(),
      language: z.string().trim().max(10).optional(),
      headerColor: z
        .string()
        .trim()
        .regex(/^#?[0-9a-fA-F]{3,8}$/, 'invalid_format')
        .optional(),
    }),
    response: z.object({ chatUrl: z.string() }),
  }),
  /** Live chat messages to the member not yet seen (CBS_unreadCount, the customer-service badge). */
  unreadCount: endpoint({
    method: 'GET',
    path: '/wps/relay/CBS_unreadCount',
    access: 'realMember',
    response: unread,
  }),
  /** Others' messages in the member's rooms the member has not read (the floating chat window's badge). */
  roomUnread: endpoint({
    method: 'GET',
    path: '/wps/chat/unread',
    access: 'realMember',
    response: unread,
  }),
  /**
   * The live chat's script (WPSCORE_getCustomerServiceScript): which provider answers and, for Chatwoot, the widget's
   * script and public website token. The site loads it only for a signed-in member (see liveLaunch).
   */
  customerServiceScript: endpoint({
    method: 'GET',
    path: '/wps/relay/WPSCORE_getCustomerServiceScript',
    access: 'visitor',
    response: z.object({
      provider: z.enum(LIVE_CHAT_PROVIDERS),
      script: z.string().nullable(),
      baseUrl: z.string().nullable(),
      websiteToken: z.string().nullable(),
    }),
  }),
  /** A room's latest messages (older ones with beforeId); chat_room_closed when the member may not enter it. */
  messages: endpoint({
    method: 'GET',
    path: '/wps/chat/rooms/:id/messages',
    access: 'realMember',
    params: idParams,
    query: z.object({ beforeId: id.optional() }),
    response: z.object({
      room: chatRoom,
      list: z.array(chatMessage),
      moderator: z.boolean(),
      mutedUntil: z.string().nullable(),
    }),
  }),
  /** Posts a message: refused when muted, kicked, in slow mode, with a blocked word or a link to a site not allowed. */
  send: endpoint({
    method: 'POST',
    path: '/wps/chat/rooms/:id/messages',
    access: 'realMember',
    params: idParams,
    body: chatSendBody,
    idempotent: true,
    response: chatMessage,
  }),
  /** Shares one of the member's tickets as a bet card (one a minute per ticket and room; counts as a message). */
  share: endpoint({
    method: 'POST',
    path: '/wps/chat/rooms/:id/shares',
    access: 'realMember',
    params: idParams,
    body: chatShareBody,
    idempotent: true,
    response: chatMessage,
  }),
  /** A shared sportsbook card's picks as they stand now, to follow into the slip (chat_not_a_bet otherwise). */
  follow: endpoint({
    method: 'GET',
    path: '/wps/chat/rooms/:id/messages/:messageId/follow',
    access: 'realMember',
    params: roomMessageParams,
    response: z.object({ legs: z.array(followLeg) }),
  }),
  /** Marks the room read up to a message: the new unread count. */
  read: endpoint({
    method: 'POST',
    path: '/wps/chat/rooms/:id/read',
    access: 'realMember',
    params: idParams,
    body: z.object({ lastId: z.coerce.number().int().min(0) }),
    response: unread,
  }),
  /** A moderator of the room mutes, kicks or lets back a member (forbidden to others). */
  restrict: endpoint({
    method: 'POST',
    path: '/wps/chat/rooms/:id/restrictions',
    access: 'realMember',
    params: idParams,
    body: restriction,
    response: okValue,
  }),
  /** A moderator of the room hides a message from everyone. */
  hide: endpoint({
    method: 'DELETE',
    path: '/wps/chat/rooms/:id/messages/:messageId',
    access: 'realMember',
    params: roomMessageParams,
    response: okValue,
  }),
  /** Opens the live chat for the member (the built-in one's page, or Chatwoot's widget with its identity hash). */
  liveLaunch: endpoint({
    method: 'GET',
    path: '/wps/chat/live',
    access: 'realMember',
    response: liveChatLaunch,
  }),
  /** Chatwoot's webhooks, on a path with the install's unguessable secret; each event is handled once. */
  chatwootWebhook: endpoint({
    method: 'POST',
    path: '/wps/chat/chatwoot/:secret',
    access: 'visitor',
    params: z.object({ secret: z.string().min(1).max(200) }),
    body: chatwootWebhookBody,
    response: z.object({ ok: z.literal(true), duplicate: z.boolean() }),
  }),
};

// --------------------------------------------------------------------------------------------- console side

const chatStaff = operator('operations', 'support');

export const chatRoomInput = z.object({
  name: nonEmpty(60),
  description: z.string().trim().max(300).default(''),
  /** The least VIP level (club rank) that may enter; 0 for everyone. */
  minClubRank: z.coerce.number().int().min(0).max(99).default(0),
  /** Only members who deposited within this many days; null for no such rule. */
  depositWithinDays: z.coerce.number().int().min(1).max(365).nullable().default(null),
  /** Only members with this label; null for no such rule. */
  label: z.string().trim().min(1).max(60).nullable().default(null),
  slowModeSeconds: z.coerce.number().int().min(0).max(CHAT_LIMITS.slowModeSecondsMax).default(0),
  notice: z.string().trim().max(CHAT_LIMITS.textMax).nullable().default(null),
  enabled: z.boolean().default(true),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
});

const consoleChatRoom = chatRoomInput.required().extend({
  id: z.number().int(),
  messages: z.number().int(),
  members: z.number().int(),
  createdAt: z.string(),
});
export type ConsoleChatRoom = z.infer<typeof consoleChatRoom>;

/**
 * The chat's settings: blocked words (a message with one is refused), the hosts links may point to (any other link
 * is refused), and the live chat (built-in or Chatwoot, whose HMAC token is write-only: blank keeps the stored one).
 */
export const chatSettingsInput = z.object({
  keywords: z.array(z.string().trim().min(1).max(60)).max(CHAT_LIMITS.keywordsMax).default([]),
  linkHosts: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'invalid_format'),
    )
    .max(CHAT_LIMITS.linkHostsMax)
    .default([]),
  /** Wins from this amount (major units) are posted to every open room by a job each minute; 0 posts none. */
  bigWinMin: z.coerce.number().min(0).max(1_000_000_000).default(0),
  liveProvider: z.enum(LIVE_CHAT_PROVIDERS).default('builtin'),
  chatwoot: z
    .object({
      baseUrl: z.string().trim().max(300).default(''),
      websiteToken: z.string().trim().max(100).default(''),
      hmacToken: z.string().trim().max(200).default(''),
    })
    .default({ baseUrl: '', websiteToken: '', hmacToken: '' }),
});

const chatSettingsView = z.object({
  keywords: z.array(z.string()),
  linkHosts: z.array(z.string()),
  bigWinMin: z.number(),
  liveProvider: z.enum(LIVE_CHAT_PROVIDERS),
  chatwoot: z.object({ baseUrl: z.string(), websiteToken: z.string(), hmacTokenSet: z.boolean() }),
  /** The path Chatwoot's webhook is set to (its secret part is the install's; shown to operators who set it up). */
  webhookPath: z.string(),
});
export type ChatSettingsView = z.infer<typeof chatSettingsView>;

const consoleMessage = chatMessage.extend({ hidden: z.boolean() });

export const chatConsoleEndpoints = {
  rooms: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/chat/rooms`,
    access: chatStaff,
    response: z.array(consoleChatRoom),
  }),
  createRoom: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/chat/rooms`,
    access: chatStaff,
    body: chatRoomInput,
    idempotent: true,
    response: consoleChatRoom,
  }),
  updateRoom: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/chat/rooms/:id`,
    access: chatStaff,
    params: idParams,
    body: chatRoomInput,
    response: consoleChatRoom,
  }),
  roomMessages: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/chat/rooms/:id/messages`,
    access: chatStaff,
    params: idParams,
    query: paging,
    response: page(consoleMessage),
  }),
  hideMessage: endpoint({
    method: 'DELETE',
    path: `${CONSOLE_API}/chat/rooms/:id/messages/:messageId`,
    access: chatStaff,
    params: roomMessageParams,
    response: okValue,
  }),
  /** Mutes, kicks or lets back a member of a room. */
  restrict: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/chat/rooms/:id/restrictions`,
    access: chatStaff,
    params: idParams,
    body: restriction,
    response: okValue,
  }),
  /** Makes a member a moderator of the room, or a plain member again. */
  setModerator: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/chat/rooms/:id/moderators/:memberId`,
    access: chatStaff,
    params: z.object({ id, memberId: id }),
    body: z.object({ moderator: z.boolean() }),
    response: okValue,
  }),
  settings: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/chat/settings`,
    access: operator('operations'),
    response: chatSettingsView,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/chat/settings`,
    access: operator('operations'),
    body: chatSettingsInput,
    response: chatSettingsView,
  }),
};
