import { z } from 'zod';
import { chatMessage } from './chat/index.ts';

/**
 * Real-time events pushed over /ws. `settings.changed` goes to every socket; `member.changed` only to the sockets
 * of that member (on every server process), after its profile or password state changed elsewhere.
 */
const realtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('settings.changed'), areas: z.array(z.string()) }),
  z.object({ type: z.literal('member.changed'), areas: z.array(z.enum(['profile', 'password'])) }),
  /**
   * The member's spendable balance (main and vendor wallets, major units) after a posting committed, or after a
   * deposit of theirs ended without one (rejected, failed): pages refetch what the wallet shows.
   */
  z.object({ type: z.literal('wallet.changed'), sumBalance: z.number() }),
  /**
   * The member's inbox changed: `unread` is the member's new unread count (a message arrived, was read or deleted);
   * null for a broadcast sent to all players, after which each page asks for its own count.
   */
  z.object({ type: z.literal('inbox.changed'), unread: z.number().int().nullable() }),
  /**
   * What the member can claim in the rewards centre changed (a reward was issued, claimed or expired): pages ask for
   * the count and the list again.
   */
  z.object({ type: z.literal('rewards.changed') }),
  /** A red envelope rain round opened (to every player and visitor): the site shows the way into it. */
  z.object({ type: z.literal('rain.round'), roundId: z.number().int(), closesAt: z.string() }),
  /** Responsible gaming: the member's time-out or self-exclusion began (until its end): the play pages close. */
  z.object({ type: z.literal('responsible.changed'), until: z.string() }),
  /**
   * To operators: a queue of the console changed (a deposit, a withdrawal or a promotion application arrived or was
   * decided), or the roll-up job applied new play and money (figures): the dashboard reads its figures again.
   */
  z.object({
    type: z.literal('console.changed'),
    areas: z.array(z.enum(['deposits', 'withdrawals', 'applications', 'figures'])),
  }),
  /** Responsible gaming: the member's reality check fell due: the play pages show it (the next round is refused). */
  z.object({ type: z.literal('responsible.reality_check') }),
  /** Chat room (to the sockets subscribed to the room's topic): a new message, a message hidden, the room changed. */
  z.object({ type: z.literal('chat.message'), message: chatMessage }),
  z.object({ type: z.literal('chat.hidden'), roomId: z.number().int(), messageId: z.number().int() }),
  z.object({ type: z.literal('chat.room'), roomId: z.number().int() }),
  /** To the member: removed from a room (kicked; its socket leaves the room's topic) or muted until a time. */
  z.object({
    type: z.literal('chat.restricted'),
    roomId: z.number().int(),
    kind: z.enum(['mute', 'kick']),
    until: z.string().nullable(),
  }),
  /** To the member: the live chat has messages the member has not seen. */
  z.object({ type: z.literal('chat.live_unread'), unread: z.number().int() }),
  /** A subscription to a topic was refused (the member may not enter that room). */
  z.object({ type: z.literal('refused'), topic: z.string() }),
  /**
   * Customer service: a conversation changed (a message, an assignment, a resolution, a read receipt). To the
   * member: `unread` is the member's unread count; to operators: null, and the workspace reads its queues again.
   */
  z.object({
    type: z.literal('support.changed'),
    conversationId: z.number().int(),
    unread: z.number().int().nullable(),
  }),
  /** Customer service: the other side is typing in the conversation. */
  z.object({ type: z.literal('support.typing'), conversationId: z.number().int() }),
  /** The in-house book: an event's live score, minute or status changed (to every socket). */
  z.object({
    type: z.literal('sportsbook.event'),
    eventId: z.number().int(),
    status: z.string(),
    score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
    minute: z.number().int().nullable(),
  }),
  /**
   * The in-house book: markets of an event re-priced, suspended or resumed (to every socket): each market's state as
   * the site shows it and, when its prices changed, every selection's price and version (absent: prices unchanged).
   */
  z.object({
    type: z.literal('sportsbook.prices'),
    eventId: z.number().int(),
    markets: z.array(
      z.object({
        id: z.number().int(),
        state: z.enum(['open', 'suspended']),
        selections: z
          .array(z.object({ id: z.number().int(), price: z.number(), version: z.number().int() }))
          .optional(),
      }),
    ),
  }),
  z.object({ type: z.literal('hello'), audience: z.enum(['visitor', 'member', 'operator']) }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEvent>;
