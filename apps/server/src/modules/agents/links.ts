import { AGENT_CENTRE_IS_AGENT_VALUES } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { text } from '../../platform/rng.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import type { AffiliateLinks } from '../accounts/affiliates.ts';
import * as store from './links-store.ts';

/**
 * An agent's affiliate links: each a code that opens accounts of one type (member or agent) under the agent when a
 * visitor registers with it (?affiliateCode=CODE in the site's URL, or typed into the form), with its clicks and
 * sign-ups. The agent's own default code (members.affiliate_code) keeps working beside them and opens members.
 */

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

const linkAnswer = (row: store.LinkDb) => ({
  id: row.id,
  code: row.code,
  type: row.account_type,
  note: row.note,
  clicks: row.clicks,
  signups: row.signups,
  createdAt: row.created_at.toISOString(),
});

export async function agentLinks(db: Queryable, agentId: number) {
  const [defaultCode, rows] = await Promise.all([
    store.defaultCode(db, agentId),
    store.listLinks(db, agentId),
  ]);
  return { defaultCode, list: rows.map(linkAnswer) };
}

/** A new link with a fresh code no link and no agent's default code has. */
export async function createLink(
  deps: Pick<AppDeps, 'db' | 'rng'>,
  agentId: number,
  input: { type: number; note: string },
  now: Date,
  idempotency: IdempotencyKey | null,
) {
  return write(deps.db, { isolation: 'read committed', idempotency }, async (tx) => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const code = text(deps.rng, CODE_LENGTH, CODE_LETTERS);
      if (await store.codeTaken(tx, code)) continue;
      return linkAnswer(
        await store.insertLink(tx, { agentId, code, type: input.type, note: input.note, at: now }),
      );
    }
    throw new Error('no free affiliate code after 10 draws');
  });
}

export async function removeLink(db: AppDeps['db'], agentId: number, id: number, now: Date) {
  const removed = await write(db, { isolation: 'read committed' }, (tx) =>
    store.removeLink(tx, agentId, id, now),
  );
  if (!removed) throw new AppError('not_found');
  return { ok: true as const };
}

/** A visitor arrived with the code: one click on its live link (nothing for an unknown or default code). */
export async function countClick(db: AppDeps['db'], code: string) {
  await write(db, { isolation: 'read committed' }, (tx) => store.countClick(tx, code));
  return { ok: true as const };
}

/** The registration's port (accounts/affiliates.ts): the live link of a code, and a sign-up counted through it. */
export const affiliateLinks: AffiliateLinks = {
  async find(db, code) {
    const link = await store.findLiveLink(db, code, AGENT_CENTRE_IS_AGENT_VALUES);
    return link
      ? { code: link.code, linkId: link.id, agentId: link.agent_id, type: link.account_type }
      : null;
  },
  signedUp: (tx, linkId) => store.countSignup(tx, linkId),
};
