import { createHash } from 'node:crypto';
import type { RealtimeHub } from './realtime.ts';

/** A public answer held by the process: its JSON bytes and the ETag of those bytes. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
}

interface Entry {
  value: Promise<unknown>;
  /** When it was read (ms, the app's clock). */
  at: number;
}

/**
 * Public content (settings, menus, game lists …) held by each process. Every change to a table of public content
 * reaches every process through NOTIFY, sent by the table's own trigger (migration 0045), whoever wrote it (an
 * operator, a job, a script), and drops everything held: such content changes a few times a day. An entry also
 * ends after `maxAgeMs` (answers that depend on the time, an announcement's window, a draw's countdown, follow it
 * within that). `maxAgeMs` 0 holds nothing.
 */
export class ContentCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts the drops: a read that started before one is not kept. */
  private generation = 0;
  private lastSweep = 0;

  constructor(
    realtime: RealtimeHub,
    private readonly maxAgeMs: number,
  ) {
    // Operators are read by the caller cache alone (and change at every sign-in).
    realtime.onTablesChanged((table) => {
      if (table !== 'operators') this.clear();
    });
  }

  get enabled(): boolean {
    return this.maxAgeMs > 0;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** The held value of `key`, or the one `load` reads (held for the next calls; calls meanwhile share it). */
  get<T>(key: string, now: Date, load: () => Promise<T>): Promise<T> {
    const at = now.getTime();
    const held = this.entries.get(key);
    if (held && at - held.at < this.maxAgeMs && at >= held.at) return held.value as Promise<T>;
    this.sweep(at);
    const generation = this.generation;
    const value = load();
    const entry = { value, at };
    if (this.enabled) this.entries.set(key, entry);
    value.then(
      () => {
        if (generation !== this.generation && this.entries.get(key) === entry) this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /**
   * Forgets, at most once per `maxAgeMs`, what is no longer fresh: answers held per second (or for a query nobody
   * repeats) would otherwise stay until the next change.
   */
  private sweep(at: number) {
    if (at - this.lastSweep < this.maxAgeMs) return;
    this.lastSweep = at;
    for (const [key, held] of this.entries) {
      if (at - held.at >= this.maxAgeMs || at < held.at) this.entries.delete(key);
    }
  }

  /** A public answer: its JSON bytes (what `load` answers) and ETag, held as `get` holds values. */
  answer(key: string, now: Date, load: () => Promise<Buffer>): Promise<CachedAnswer> {
    return this.get(`answer ${key}`, now, async () => {
      const body = await load();
      return { body, etag: etagOf(body) };
    });
  }
}

/** A strong ETag of an answer's bytes. */
const etagOf = (body: Buffer): string => `"${createHash('sha1').update(body).digest('base64url')}"`;
