import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { CallerCache } from './caller-cache.ts';
import { ContentCache } from './content-cache.ts';
import { MemberCache } from './member-cache.ts';
import { OperatorPresence } from './presence.ts';
import type { RealtimeHub } from './realtime.ts';
import { VisitorLimiter } from './visitor-limit.ts';

/**
 * What one server process keeps in memory, each kept true across processes through the NOTIFY channel its hub
 * listens on: the visitors' per-address counts, public answers, the callers behind session tokens and what a
 * member's own reads answer, and the
 * operators whose console is open here.
 */
export interface ProcessLocal {
  visitors: VisitorLimiter;
  content: ContentCache;
  callers: CallerCache;
  members: MemberCache;
  /** The operators whose console sockets this process holds, written for every process to read (support's round robin). */
  presence: OperatorPresence;
  /** Whether this process takes traffic (`/readyz`): false from the moment it starts shutting down. */
  lifecycle: { shuttingDown: boolean };
}

export function processLocal(db: Database, realtime: RealtimeHub, config: Config): ProcessLocal {
  return {
    visitors: new VisitorLimiter(db, realtime),
    content: new ContentCache(realtime, config.cache.contentSeconds * 1000),
    callers: new CallerCache(realtime, config.cache.sessionSeconds * 1000),
    members: new MemberCache(realtime, config.cache.sessionSeconds * 1000),
    presence: new OperatorPresence(db),
    lifecycle: { shuttingDown: false },
  };
}
