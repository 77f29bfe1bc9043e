import {
  SUPPORT_LIMITS,
  SUPPORT_TEAMS,
  type SupportAgent,
  type SupportBusinessHours,
  type SupportConversation,
  type SupportQueues,
  type SupportStatus,
  type SupportTeam,
  toMajor,
} from '@tessera/contract';
import type { Queryable, Transaction } from '../../db/database.ts';
import { asOperator, type OperatorCaller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/context.ts';
import type { OperatorCall } from '../../platform/operator-write.ts';
import { publish } from '../../platform/realtime.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { overview as responsibleOverview } from '../responsible/controls.ts';
import { memberDeposits } from '../wallet/deposits.ts';
import { sumBalance } from '../wallet/ledger.ts';
import { currencyOf } from '../wallet/settings.ts';
import { withdrawalHistory } from '../wallet/withdrawals.ts';
import type { CleanImage } from './images.ts';
import { announce, assignNext, businessHours, storeImages, withinHours } from './service.ts';
import { toMessage } from './shape.ts';
import * as store from './store.ts';

/** The console's support workspace (issue 26 item 1): queues, assignment, replies, notes, transfer, resolve. */

function agentView(row: store.AgentRow | null, who: OperatorCaller): SupportAgent {
  return {
    operatorId: who.operatorId,
    username: who.username,
    teams: row?.teams ?? ['general'],
    available: row?.available ?? false,
    capacity: row?.capacity ?? SUPPORT_LIMITS.defaultCapacity,
    open: row?.open ?? 0,
  };
}

const queueView = (row: store.ConversationRow) => ({
  id: row.id,
  memberId: row.member_id,
  username: row.username,
  status: row.status,
  team: row.team,
  language: row.language,
  assignee: row.assignee,
  assigneeId: row.assignee_id,
  createdAt: row.created_at.toISOString(),
  lastMessageAt: row.last_message_at.toISOString(),
  lastMessage: row.last_message,
  unread: row.unread,
});

export async function queues(
  deps: AppDeps,
  caller: OperatorCaller,
  filter: {
    team?: SupportTeam | undefined;
    status?: SupportStatus | undefined;
    mine?: '1' | '0' | undefined;
  },
  now: Date,
): Promise<SupportQueues> {
  const { db } = deps;
  const [rows, counts, agentRows, hours] = await Promise.all([
    store.queue(db, {
      team: filter.team ?? null,
      status: filter.status ?? null,
      assigneeId: filter.mine === '1' ? caller.operatorId : null,
    }),
    store.teamCounts(db),
    store.agents(db),
    businessHours(db),
  ]);
  return {
    teams: SUPPORT_TEAMS.map((team) => {
      const found = counts.find((row) => row.team === team);
      return { team, waiting: found?.waiting ?? 0, open: found?.open ?? 0, pending: found?.pending ?? 0 };
    }),
    conversations: rows.map(queueView),
    me: agentView(agentRows.find((row) => row.operator_id === caller.operatorId) ?? null, caller),
    agents: agentRows.map((row) => ({
      operatorId: row.operator_id,
      username: row.username,
      teams: row.teams,
      available: row.available,
      capacity: row.capacity,
      open: row.open,
    })),
    withinHours: withinHours(hours, now),
  };
}

/** The member's card beside the conversation: VIP level, balance, money lately, open withdrawal, responsible gaming. */
async function memberCard(deps: AppDeps, row: store.ConversationRow, now: Date) {
  const memberId = row.member_id;
  const [member, currency, balance, deposits, withdrawals, waiting, responsible] = await Promise.all([
    store.memberCard(deps.db, memberId),
    currencyOf(deps),
    sumBalance(deps.db, memberId),
    memberDeposits(deps, memberId, { pageNo: 1, pageSize: 5 }, row.language),
    withdrawalHistory(deps, memberId, { pageNo: 1, pageSize: 5 }),
    withdrawalHistory(deps, memberId, { pageNo: 1, pageSize: 1, status: 'pending' }),
    responsibleOverview(deps, deps.db, memberId, now),
  ]);
  return {
    memberId,
    username: row.username,
    vipLevel: member?.club_rank ?? 0,
    language: member?.language ?? row.language,
    registeredAt: (member?.created_at ?? row.created_at).toISOString(),
    balance: toMajor(balance, currency.digits),
    currency: currency.currency,
    deposits: deposits.list.map((item) => ({
      orderNo: item.orderNo,
      amount: item.amount,
      status: item.status,
      createdAt: item.createdAt,
    })),
    withdrawals: withdrawals.list.map((item) => ({
      orderNo: item.orderNo,
      amount: item.amount,
      status: item.status,
      createdAt: item.createdAt,
    })),
    openWithdrawal: waiting.list[0]?.orderNo ?? null,
    responsible: { block: responsible.block?.kind ?? null, until: responsible.block?.until ?? null },
  };
}

export async function conversationView(deps: AppDeps, id: number, now: Date): Promise<SupportConversation> {
  const row = await store.conversation(deps.db, id);
  if (!row) throw new AppError('not_found');
  const [messages, images, card] = await Promise.all([
    store.messages(deps.db, id, true),
    store.imageIds(deps.db, id),
    memberCard(deps, row, now),
  ]);
  return {
    ...queueView(row),
    messages: messages.map((message) =>
      toMessage(message, message.sender === 'member' ? row.operator_read_at : row.member_read_at, images),
    ),
    rating: row.rating,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    card,
  };
}

/** One audited write of the workspace on a conversation, told to the member and the workspace when it commits. */
async function onConversation<T>(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  action: string,
  idempotency: IdempotencyKey | null,
  change: (
    tx: Transaction,
    found: NonNullable<Awaited<ReturnType<typeof store.lockConversation>>>,
    who: OperatorCaller,
  ) => Promise<T>,
): Promise<T> {
  const who = asOperator(call.caller);
  return write(deps.db, { isolation: 'read committed', idempotency }, async (tx) => {
    const found = await store.lockConversation(tx, id);
    if (!found) throw new AppError('not_found');
    const before = { status: found.status, team: found.team, assigneeId: found.assignee_id };
    const result = await change(tx, found, who);
    const after = await store.conversation(tx, id);
    if (!after) throw new Error('support conversation vanished');
    await recordAudit(
      tx,
      who,
      call.ip,
      {
        entity: 'support_conversation',
        action,
        entityId: id,
        before,
        after: { status: after.status, team: after.team, assigneeId: after.assignee_id },
      },
      call.now,
    );
    await announce(tx, id, after.member_id);
    return result;
  });
}

/**
 * A reply or a private note, with up to 3 images (checked and re-encoded before). A reply to a resolved conversation
 * is refused (conflict); a reply takes an unassigned one. A note's images, like its text, never reach the member.
 */
export async function reply(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  input: { text: string; note: boolean; images?: readonly CleanImage[] },
  idempotency: IdempotencyKey | null,
) {
  await onConversation(deps, call, id, input.note ? 'note' : 'reply', idempotency, async (tx, found, who) => {
    if (found.status === 'resolved' && !input.note) throw new AppError('conflict');
    const messageId = await store.insertMessage(tx, {
      conversationId: id,
      sender: 'operator',
      operatorId: who.operatorId,
      kind: input.note ? 'note' : 'text',
      body: input.text,
      at: call.now,
    });
    await storeImages(tx, deps.rng, {
      messageId,
      conversationId: id,
      images: input.images ?? [],
      at: call.now,
    });
    if (!input.note) {
      await store.markOperatorRead(tx, id, call.now);
      if (found.assignee_id === null || found.status === 'pending') {
        await store.setAssignment(tx, id, {
          assigneeId: found.assignee_id ?? who.operatorId,
          team: found.team,
          status: 'open',
        });
      }
    }
  });
  return conversationView(deps, id, call.now);
}

/** To a team (unassigned there, then round robin) or to an operator (null: the caller takes it). */
export async function transfer(
  deps: AppDeps,
  call: OperatorCall,
  id: number,
  input: { team?: SupportTeam | undefined; operatorId?: number | null | undefined },
) {
  await onConversation(deps, call, id, 'transfer', null, async (tx, found, who) => {
    if (found.status === 'resolved') throw new AppError('conflict');
    const team = input.team ?? found.team;
    if (input.operatorId !== undefined) {
      const operatorId = input.operatorId ?? who.operatorId;
      if (!(await store.operatorExists(tx, operatorId))) throw new AppError('not_found');
      await store.setAssignment(tx, id, { assigneeId: operatorId, team, status: 'open' });
      await store.markAssigned(tx, operatorId, call.now);
      return;
    }
    await store.setAssignment(tx, id, { assigneeId: null, team, status: found.status });
    await assignNext(tx, id, team, call.now);
  });
  return conversationView(deps, id, call.now);
}

/**
 * Resolves a conversation (conflict when it already is): the member is asked for a rating, and the assignee's freed
 * place takes the oldest waiting conversation of the assignee's teams.
 */
export async function resolve(deps: AppDeps, call: OperatorCall, id: number) {
  await onConversation(deps, call, id, 'resolve', null, async (tx, found) => {
    if (found.status === 'resolved') throw new AppError('conflict');
    await store.resolve(tx, id, call.now);
    if (found.assignee_id !== null) await fillFreePlaces(tx, found.assignee_id, call.now);
  });
  return conversationView(deps, id, call.now);
}

/**
 * Gives waiting conversations of the operator's teams to the operator while the operator has room, is available and
 * has the console open.
 */
async function fillFreePlaces(tx: Queryable, operatorId: number, now: Date) {
  const agent = await store.agent(tx, operatorId);
  if (!agent?.available || !agent.online) return;
  const room = agent.capacity - agent.open;
  if (room <= 0) return;
  for (const next of await store.waiting(tx, agent.teams, room)) {
    await store.setAssignment(tx, next.id, { assigneeId: operatorId, team: next.team, status: 'open' });
    await store.markAssigned(tx, operatorId, now);
    const row = await store.conversation(tx, next.id);
    if (row) await announce(tx, next.id, row.member_id);
  }
}

/**
 * An operator's console socket opened (the console is open): an operator already available takes the waiting
 * conversations of their teams as if they had just gone available (within business hours), so that a console opened
 * with the switch on does not leave the queue waiting until the switch is touched.
 */
export async function consoleOpened(deps: AppDeps, operatorId: number, now: Date) {
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const agent = await store.agent(tx, operatorId);
    if (!agent?.available || !withinHours(await businessHours(tx), now)) return;
    const before = agent.open;
    await fillFreePlaces(tx, operatorId, now);
    const after = await store.agent(tx, operatorId);
    if ((after?.open ?? before) !== before) {
      await publish(tx, { type: 'support.changed', conversationId: 0, unread: null }, 'operators');
    }
  });
}

export async function readConversation(deps: AppDeps, call: OperatorCall, id: number) {
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const found = await store.conversation(tx, id);
    if (!found) throw new AppError('not_found');
    await store.markOperatorRead(tx, id, call.now);
    // The member's pages show the read receipts.
    await publish(
      tx,
      { type: 'support.changed', conversationId: id, unread: null },
      { member: found.member_id },
    );
  });
  return { ok: true as const };
}

export async function operatorTyping(deps: AppDeps, id: number) {
  const found = await store.conversation(deps.db, id);
  if (!found) throw new AppError('not_found');
  if (found.status !== 'resolved') {
    await publish(deps.db, { type: 'support.typing', conversationId: id }, { member: found.member_id });
  }
  return { ok: true as const };
}

/** The caller's availability, teams and cap; going available (or a larger cap) takes waiting conversations. */
export async function setAgent(
  deps: AppDeps,
  call: OperatorCall,
  input: { available: boolean; teams: SupportTeam[]; capacity: number },
): Promise<SupportAgent> {
  const who = asOperator(call.caller);
  const teams = [...new Set(input.teams)];
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const before = await store.agent(tx, who.operatorId);
    await store.upsertAgent(tx, who.operatorId, { ...input, teams });
    await recordAudit(
      tx,
      who,
      call.ip,
      {
        entity: 'support_agent',
        action: 'update',
        entityId: who.operatorId,
        before: before && { available: before.available, teams: before.teams, capacity: before.capacity },
        after: { ...input, teams },
      },
      call.now,
    );
    if (input.available && withinHours(await businessHours(tx), call.now)) {
      await fillFreePlaces(tx, who.operatorId, call.now);
    }
    await publish(tx, { type: 'support.changed', conversationId: 0, unread: null }, 'operators');
  });
  return agentView(await store.agent(deps.db, who.operatorId), who);
}

export async function cannedReplies(deps: AppDeps) {
  const rows = await store.cannedReplies(deps.db);
  return rows.map((row) => ({ ...row, language: row.language as 'EN' }));
}

export async function addCanned(
  deps: AppDeps,
  call: OperatorCall,
  input: { language: string; title: string; body: string },
) {
  const who = asOperator(call.caller);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const id = await store.insertCanned(tx, { ...input, at: call.now });
    await recordAudit(
      tx,
      who,
      call.ip,
      { entity: 'support_canned_reply', action: 'create', entityId: id, before: null, after: input },
      call.now,
    );
    return { id, ...input, language: input.language as 'EN' };
  });
}

export async function removeCanned(deps: AppDeps, call: OperatorCall, id: number) {
  const who = asOperator(call.caller);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const removed = await store.deleteCanned(tx, id);
    if (!removed) throw new AppError('not_found');
    await recordAudit(
      tx,
      who,
      call.ip,
      { entity: 'support_canned_reply', action: 'delete', entityId: id, before: removed, after: null },
      call.now,
    );
    return { ok: true as const };
  });
}

export async function setHours(deps: AppDeps, call: OperatorCall, input: SupportBusinessHours) {
  const who = asOperator(call.caller);
  try {
    new Intl.DateTimeFormat('en', { timeZone: input.timeZone });
  } catch {
    throw new AppError('validation_failed', { timeZone: 'invalid_value' });
  }
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const before = await businessHours(tx);
    await store.saveSettings(tx, input.timeZone, input.hours);
    await recordAudit(
      tx,
      who,
      call.ip,
      { entity: 'support_hours', action: 'update', entityId: 'hours', before, after: input },
      call.now,
    );
    return input;
  });
}

export async function stats(deps: AppDeps, days: number, now: Date) {
  const rows = await store.stats(deps.db, new Date(now.getTime() - days * 86_400_000));
  return SUPPORT_TEAMS.map((team) => {
    const row = rows.find((found) => found.team === team);
    return {
      team,
      conversations: row?.conversations ?? 0,
      resolved: row?.resolved ?? 0,
      firstResponseSeconds: row?.first_response ?? null,
      resolutionSeconds: row?.resolution ?? null,
      rating: row?.rating ?? null,
    };
  });
}
