import { z } from 'zod';

/** Real-time events pushed over /ws. */
export const realtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('settings.changed'), areas: z.array(z.string()) }),
  z.object({ type: z.literal('hello'), audience: z.enum(['visitor', 'member', 'operator']) }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEvent>;
