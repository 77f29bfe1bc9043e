import { hostname } from 'node:os';
import type { Database } from '../db/database.ts';

/** How often a process touches the presence rows of the operators whose console sockets it holds. */
const PRESENCE_BEAT_MS = 20_000;
/** A presence row not touched for this long (its process died) counts for nothing. */
const PRESENCE_CUTOFF_SECONDS = 60;

/**
 * SQL that is true while the operator `operatorColumn` has a console socket open on some process (the presence
 * row's age is measured on the database's clock, as it was written).
 */
export const operatorOnline = (operatorColumn: string) =>
  `exists (select 1 from operator_presence p where p.operator_id = ${operatorColumn}
     and p.seen_at > now() - interval '${PRESENCE_CUTOFF_SECONDS} seconds')`;

/**
 * Which operators have the console open, across processes (migration 0066): this process counts each operator's
 * console sockets it holds, writes the operator's row when the first opens and deletes it when the last closes,
 * and touches its rows every 20 s so that a row of a process that died expires. The counts change synchronously;
 * the writes run one after another, so a quick close and reopen end with the row there.
 */
let instances = 0;

export class OperatorPresence {
  private readonly sockets = new Map<number, number>();
  /** This process (and this instance, as tests run two apps in one process): host, pid and a count. */
  private readonly processId = `${hostname()}:${process.pid}:${++instances}`;
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  private log: (error: unknown) => void = () => undefined;

  constructor(private readonly db: Database) {}

  /** Starts touching this process's rows every PRESENCE_BEAT_MS; a failed write goes to `log`. */
  start(log: (error: unknown) => void): void {
    this.log = log;
    this.timer ??= setInterval(() => void this.beat(), PRESENCE_BEAT_MS);
    this.timer.unref();
  }

  /** Stops touching the rows and deletes this process's (its sockets are closing with it). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sockets.clear();
    await this.run(() =>
      this.db.query('delete from operator_presence where process_id = $1', [this.processId]),
    );
  }

  /** An operator's console socket opened on this process; resolves once the row is written. */
  opened(operatorId: number): Promise<void> {
    const count = (this.sockets.get(operatorId) ?? 0) + 1;
    this.sockets.set(operatorId, count);
    return count === 1 ? this.run(() => this.write([operatorId])) : this.queue;
  }

  /** An operator's console socket on this process closed; resolves once the row is gone if it was the last. */
  closed(operatorId: number): Promise<void> {
    const count = (this.sockets.get(operatorId) ?? 0) - 1;
    if (count > 0) {
      this.sockets.set(operatorId, count);
      return this.queue;
    }
    this.sockets.delete(operatorId);
    return this.run(async () => {
      // A socket of the operator may have opened again meanwhile.
      if (this.sockets.has(operatorId)) return;
      await this.db.query('delete from operator_presence where operator_id = $1 and process_id = $2', [
        operatorId,
        this.processId,
      ]);
    });
  }

  /** Touches the rows of every operator with a console socket here (and writes any missing). */
  beat(): Promise<void> {
    return this.run(() => this.write([...this.sockets.keys()]));
  }

  private async write(operatorIds: number[]) {
    const online = operatorIds.filter((id) => this.sockets.has(id));
    if (online.length === 0) return;
    await this.db.query(
      `insert into operator_presence (operator_id, process_id, seen_at)
       select id, $2, now() from unnest($1::int[]) as id
       on conflict (operator_id, process_id) do update set seen_at = excluded.seen_at`,
      [online, this.processId],
    );
  }

  private run(step: () => Promise<unknown>): Promise<void> {
    this.queue = this.queue.then(step).then(
      () => undefined,
      (error: unknown) => this.log(error),
    );
    return this.queue;
  }
}
