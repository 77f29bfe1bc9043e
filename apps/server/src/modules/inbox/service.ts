import { type TranslatedLanguage, toTranslatedLanguage } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
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
  | 'AGENT_CONTRACT_CANCELLED';

/** A placeholder's value in each translated language (a reason the site gives), for the member's language. */
export type Localized = { EN: string } & Partial<Record<TranslatedLanguage, string>>;

/**
 * Stores a message in the member's inbox, in the member's language (English where the template has none), inside
 * the caller's transaction: it exists exactly when what it tells of was committed.
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
}
