import { createHmac } from 'node:crypto';
import { type LiveChatLaunch, type LiveChatProvider, languageLocale } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { publish } from '../../platform/realtime.ts';
import { write } from '../../platform/write.ts';
import { chatFacts } from '../accounts/club.ts';
import { maskUsername } from '../games/boards.ts';
import { launchForMember, unreadForMember } from '../support/service.ts';
import { chatSettings, isWebhookSecret, openedHmacToken } from './settings.ts';
import * as store from './store.ts';

/**
 * The external live chat behind one interface (design C4): open it for a member, count what the member has not
 * seen, and receive its events. `builtin` is the support area's conversation; `chatwoot` is Chatwoot's website
 * widget, booted with the member's identifier and its identity hash, and Chatwoot's webhooks.
 */
interface LiveChat {
  launch(deps: AppDeps, memberId: number, language: string): Promise<LiveChatLaunch>;
  unread(db: Queryable, memberId: number): Promise<number>;
}

/** The Tessera page that boots Chatwoot's widget (what CBS_launchChat answers as chatUrl for Chatwoot). */
const CHATWOOT_PAGE = '/chat/live';

/** The identifier Chatwoot knows a member by (its contact's `identifier`); webhooks name the member with it. */
const chatwootIdentifier = (memberId: number) => `member-${memberId}`;

const memberOfIdentifier = (identifier: unknown): number | null => {
  const match = typeof identifier === 'string' ? /^member-([1-9]\d{0,9})$/.exec(identifier) : null;
  return match ? Number(match[1]) : null;
};

/** Chatwoot's identity hash: hex HMAC-SHA256 of the identifier under the inbox's HMAC token (computed here only). */
const identityHash = (hmacToken: string, identifier: string) =>
  createHmac('sha256', hmacToken).update(identifier).digest('hex');

const builtin: LiveChat = {
  async launch(deps, memberId, language) {
    const { chatUrl } = await launchForMember(deps, memberId, language.toLowerCase());
    return { provider: 'builtin', chatUrl, widget: null };
  },
  unread: (db, memberId) => unreadForMember(db, memberId),
};

const chatwoot: LiveChat = {
  async launch(deps, memberId, language) {
    const settings = await chatSettings(deps.db);
    const hmacToken = openedHmacToken(deps.config, settings);
    const facts = await chatFacts(deps.db, memberId);
    const { baseUrl, websiteToken } = settings.chatwoot;
    if (!hmacToken || !facts || !baseUrl || !websiteToken) throw new AppError('chat_live_unavailable');
    const identifier = chatwootIdentifier(memberId);
    await write(deps.db, { isolation: 'read committed' }, (tx) => store.markLiveRead(tx, memberId));
    return {
      provider: 'chatwoot',
      chatUrl: CHATWOOT_PAGE,
      widget: {
        baseUrl,
        websiteToken,
        identifier,
        identifierHash: identityHash(hmacToken, identifier),
        name: facts.nickname.trim() || maskUsername(facts.username),
        locale: languageLocale(language),
      },
    };
  },
  unread: (db, memberId) => store.liveUnread(db, memberId),
};

const PROVIDERS: Record<LiveChatProvider, LiveChat> = { builtin, chatwoot };

async function provider(db: Queryable): Promise<LiveChat> {
  return PROVIDERS[(await chatSettings(db)).liveProvider];
}

/** Opens the live chat the console chose for the member. */
export async function launchLiveChat(
  deps: AppDeps,
  memberId: number,
  language: string,
): Promise<LiveChatLaunch> {
  return (await provider(deps.db)).launch(deps, memberId, language);
}

export async function liveUnread(db: Queryable, memberId: number) {
  return { unReadCount: await (await provider(db)).unread(db, memberId) };
}

/** What WPSCORE_getCustomerServiceScript answers: the provider and, for Chatwoot, its public widget settings. */
export async function customerServiceScript(db: Queryable) {
  const settings = await chatSettings(db);
  if (settings.liveProvider !== 'chatwoot') {
    return { provider: settings.liveProvider, script: null, baseUrl: null, websiteToken: null };
  }
  const { baseUrl, websiteToken } = settings.chatwoot;
  return { provider: 'chatwoot' as const, script: `${baseUrl}/packs/js/sdk.js`, baseUrl, websiteToken };
}

/**
 * The origin the site's pages load Chatwoot's widget from (its script, frames and socket), or null when the live
 * chat is the built-in one. Held per process (the content cache, dropped when the settings change on any process).
 */
export async function liveChatOrigin(deps: Pick<AppDeps, 'db' | 'local' | 'clock'>): Promise<string | null> {
  return deps.local.content.get('live chat origin', deps.clock.now(), async () => {
    const settings = await chatSettings(deps.db);
    if (settings.liveProvider !== 'chatwoot' || !settings.chatwoot.baseUrl) return null;
    try {
      return new URL(settings.chatwoot.baseUrl).origin;
    } catch {
      return null;
    }
  });
}

type Json = Record<string, unknown>;
const objectAt = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

/**
 * A Chatwoot webhook, on the path with the install's secret (anything else is not_found): message_created and
 * conversation_status_changed are stored once by their event key (a webhook sent twice stores one message); an
 * agent's public reply raises the member's unread count, told to the member's pages. Other events are accepted and
 * ignored.
 */
export async function receiveChatwootWebhook(deps: AppDeps, secret: string, body: Json, now: Date) {
  const settings = await chatSettings(deps.db);
  if (!isWebhookSecret(settings, secret)) throw new AppError('not_found');
  const event = body.event;
  const conversation = event === 'message_created' ? objectAt(body.conversation) : body;
  const contact = objectAt(objectAt(conversation.meta).sender);
  const memberId = memberOfIdentifier(contact.identifier);
  const conversationRef = String(conversation.id ?? '');
  let record: { eventKey: string; direction: 'in' | 'out' | 'status'; body: string } | null = null;
  if (event === 'message_created' && body.id !== undefined && body.private !== true) {
    const type = body.message_type;
    const direction =
      type === 'outgoing' || type === 1 ? 'out' : type === 'incoming' || type === 0 ? 'in' : null;
    if (direction) {
      const content = typeof body.content === 'string' ? body.content.slice(0, 5000) : '';
      record = { eventKey: `message:${String(body.id)}`, direction, body: content };
    }
  } else if (event === 'conversation_status_changed' && body.id !== undefined) {
    const status = String(body.status ?? '');
    const at = String(body.updated_at ?? body.timestamp ?? '');
    record = { eventKey: `status:${String(body.id)}:${status}:${at}`, direction: 'status', body: status };
  }
  if (!record || memberId === null || !(await chatFacts(deps.db, memberId)))
    return { ok: true as const, duplicate: false };
  const stored = record;
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const id = await store.insertLiveMessage(tx, {
      provider: 'chatwoot',
      memberId,
      conversationRef,
      at: now,
      ...stored,
    });
    if (id === null) return { ok: true as const, duplicate: true };
    if (stored.direction === 'out') {
      await publish(
        tx,
        { type: 'chat.live_unread', unread: await store.liveUnread(tx, memberId) },
        { member: memberId },
      );
    }
    return { ok: true as const, duplicate: false };
  });
}
