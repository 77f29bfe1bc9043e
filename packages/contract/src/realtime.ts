import { z } from 'zod';

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
  /** The in-house book: an event's live score, minute or status changed (to every socket). */
  z.object({
    type: z.literal('sportsbook.event'),
    eventId: z.number().int(),
    status: z.string(),
    score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
    minute: z.number().int().nullable(),
  }),
  z.object({ type: z.literal('hello'), audience: z.enum(['visitor', 'member', 'operator']) }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEvent>;
