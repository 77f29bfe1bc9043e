import {
  type INBOX_MESSAGE_TYPES,
  type INBOX_READ_FILTERS,
  type InboxMessage,
  type TranslatedLanguage,
  toTranslatedLanguage,
} from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { publish } from '../../platform/realtime.ts';
import { plainTextHtml } from '../../platform/sanitize.ts';
import { write } from '../../platform/write.ts';
import { moduleEnabled } from '../system/module-flags.ts';
import { messageTemplates } from '../system/settings.ts';
import * as store from './store.ts';

/** The messages the site sends (message_templates codes). */
export type MessageCode =
  | 'DEPOSIT_SUCCESS'
  | 'DEPOSIT_FAILED'
  | 'WITHDRAWAL_APPROVED'
  | 'WITHDRAWAL_REJECTED'
  | 'AGENT_CONTRACT_OFFERED'
  | 'AGENT_CONTRACT_ANSWERED'
  | 'AGENT_CONTRACT_TERMINATION_REQUESTED'
  | 'AGENT_CONTRACT_CANCELLED'
  | 'FEEDBACK_REPLY'
  | 'PROFILE_CHANGED'
  | 'KYC_VERIFIED'
  | 'KYC_REJECTED';

/** The codes of messages an operator wrote to this one member (PERSONAL); every other code is the site's (SYSTEM). */
const PERSONAL_CODES: MessageCode[] = ['FEEDBACK_REPLY'];

/** A placeholder's value in each translated language (a reason the site gives), for the member's language. */
export type Localized = { EN: string } & Partial<Record<TranslatedLanguage, string>>;

/** The module flag of the inbox (INBOX3 to the original's client). */
const INBOX_FLAG = 'MAILCENTER3';

/**
 * Stores a message in the member's inbox, in the member's language (English where the template has none), inside
 * the caller's transaction: it exists exactly when what it tells of was committed. The member's open pages get the
 * new unread count when it commits.
 */
export async function sendMessage(
  tx: Queryable,
  memberId: number,
  code: MessageCode,
  params: Record<string, string | Localized>,
  now: Date,
): Promise<void> {
  const language = await store.memberLanguage(tx, memberId);
  const [template] = await messageTemplates(tx, language, code);
  if (!template) throw new Error(`message template ${code} is missing: the seed did not run`);
  const translated = toTranslatedLanguage(language);
  const value = (name: string) => {
    const param = params[name];
    return typeof param === 'object' ? (param[translated] ?? param.EN) : param;
  };
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: string) => value(name) ?? whole);
  await store.insertMessage(tx, {
    memberId,
    code,
    title: fill(template.title),
    content: fill(template.content),
    at: now,
  });
  await publishUnread(tx, memberId);
}

/** Tells the member's open pages (every process) the new unread count, when the caller's transaction commits. */
async function publishUnread(tx: Queryable, memberId: number): Promise<number> {
  const unread = await store.unreadCount(tx, memberId);
  await publish(tx, { type: 'inbox.changed', unread }, { member: memberId });
  return unread;
}

/** Tells every player's open pages that a broadcast came or went: each asks for its own count. */
export async function publishBroadcastChange(tx: Queryable): Promise<void> {
  await publish(tx, { type: 'inbox.changed', unread: null }, 'players');
}

/** The text of a broadcast in the reader's language: that language's, else English, else the first. */
function textFor<T extends { language: string }>(texts: T[], language: string): T | undefined {
  return (
    texts.find((text) => text.language === language) ??
    texts.find((text) => text.language === 'EN') ??
    texts[0]
  );
}

async function inboxOpen(db: Queryable): Promise<void> {
  if (!(await moduleEnabled(db, INBOX_FLAG))) throw new AppError('feature_disabled');
}

export async function unreadCount(db: Queryable, memberId: number) {
  await inboxOpen(db);
  return { unReadCount: await store.unreadCount(db, memberId) };
}

interface InboxQuery {
  pageNo: number;
  pageSize: number;
  status: (typeof INBOX_READ_FILTERS)[number];
  type?: (typeof INBOX_MESSAGE_TYPES)[number] | undefined;
}

/** A page of the member's inbox, newest first, each message in the member's language, its content as safe HTML. */
export async function inboxPage(db: Queryable, memberId: number, query: InboxQuery) {
  await inboxOpen(db);
  const language = await store.memberLanguage(db, memberId);
  const read = query.status === 'all' ? null : query.status === 'read';
  const kinds: ('P' | 'B')[] = query.type === 'BROADCAST' ? ['B'] : query.type ? ['P'] : ['P', 'B'];
  const codes =
    query.type === 'PERSONAL'
      ? { only: PERSONAL_CODES }
      : query.type === 'SYSTEM'
        ? { not: PERSONAL_CODES }
        : {};
  const rows = await store.inboxPage(db, memberId, { read, kinds, codes }, query.pageNo, query.pageSize);
  const list = rows.map((row): InboxMessage => {
    const text =
      row.kind === 'B'
        ? textFor(row.texts ?? [], language)
        : { title: row.title ?? '', content: plainTextHtml(row.content ?? '') };
    return {
      id: `${row.kind}${row.id}`,
      type:
        row.kind === 'B'
          ? 'BROADCAST'
          : PERSONAL_CODES.includes(row.code as MessageCode)
            ? 'PERSONAL'
            : 'SYSTEM',
      title: text?.title ?? '',
      content: text?.content ?? '',
      createdAt: row.created_at.toISOString(),
      read: row.read_at !== null,
      readAt: row.read_at?.toISOString() ?? null,
    };
  });
  return {
    list,
    total: rows[0]?.total ?? 0,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    unReadCount: await store.unreadCount(db, memberId),
  };
}

/** Splits message ids (P12, B3) by kind, each number once. */
function splitIds(ids: string[]) {
  const unique = [...new Set(ids)];
  return {
    messages: unique.filter((id) => id.startsWith('P')).map((id) => id.slice(1)),
    broadcasts: unique.filter((id) => id.startsWith('B')).map((id) => id.slice(1)),
  };
}

/** Marks messages read: all of them, or none and not_found when one is not in the member's inbox. */
export async function readMessages(deps: Pick<AppDeps, 'db'>, memberId: number, ids: string[], now: Date) {
  await inboxOpen(deps.db);
  const { messages, broadcasts } = splitIds(ids);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const found = [
      ...(messages.length > 0 ? await store.readMessages(tx, memberId, messages, now) : []),
      ...(broadcasts.length > 0 ? await store.readBroadcasts(tx, memberId, broadcasts, now) : []),
    ];
    if (found.length !== messages.length + broadcasts.length) throw new AppError('not_found');
    return { unReadCount: await publishUnread(tx, memberId) };
  });
}

export async function readAll(deps: Pick<AppDeps, 'db'>, memberId: number, now: Date) {
  await inboxOpen(deps.db);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    await store.readAllMessages(tx, memberId, now);
    await store.readBroadcasts(tx, memberId, 'all', now);
    return { unReadCount: await publishUnread(tx, memberId) };
  });
}

/** Deletes a message from this member's inbox only; not_found when it is not there. */
export async function deleteMessage(deps: Pick<AppDeps, 'db'>, memberId: number, id: string, now: Date) {
  await inboxOpen(deps.db);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const number = id.slice(1);
    const deleted = id.startsWith('B')
      ? await store.deleteBroadcast(tx, memberId, number, now)
      : await store.deleteMessage(tx, memberId, number, now);
    if (!deleted) throw new AppError('not_found');
    return { unReadCount: await publishUnread(tx, memberId) };
  });
}
