import type { RealtimeEvent } from '@tessera/contract';
import type { Database, Queryable } from '../db/database.ts';

const CHANNEL = 'tessera_events';

export interface RealtimeSocket {
  send(data: string): void;
  readonly readyState: number;
}

/**
 * Fan-out of real-time events. Events travel through PostgreSQL NOTIFY, so every server process on the same
 * database delivers them to its own sockets, and an event published inside a transaction leaves only on commit.
 */
export class RealtimeHub {
  private readonly sockets = new Set<RealtimeSocket>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly db: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(CHANNEL, (payload) => this.deliver(payload));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  add(socket: RealtimeSocket): () => void {
    this.sockets.add(socket);
    return () => this.sockets.delete(socket);
  }

  get connections(): number {
    return this.sockets.size;
  }

  async publish(db: Queryable, event: RealtimeEvent): Promise<void> {
    await db.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
  }

  private deliver(payload: string): void {
    for (const socket of this.sockets) {
      if (socket.readyState === 1) socket.send(payload);
    }
  }
}
