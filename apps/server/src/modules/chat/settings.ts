import { timingSafeEqual } from 'node:crypto';
import type { ChatSettingsView, chatSettingsInput, LiveChatProvider } from '@tessera/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { token } from '../../platform/rng.ts';
import { seal, unseal } from '../../platform/secret-box.ts';
import { settingDocument, writeSettingDocument } from '../system/settings.ts';

/**
 * The chat's settings document: blocked words, the hosts links may point to, which live chat answers (built-in or
 * Chatwoot) with Chatwoot's widget settings, its HMAC token (sealed at rest, never sent back) and the secret of the
 * webhook path (made when Chatwoot is first chosen).
 */
interface ChatSettingsDoc {
  keywords: string[];
  linkHosts: string[];
  bigWinMin: number;
  liveProvider: LiveChatProvider;
  chatwoot: { baseUrl: string; websiteToken: string; hmacToken: string | null };
  webhookSecret: string | null;
}

const KEY = 'chat';
const HMAC_CONTEXT = 'chat:chatwoot-hmac';
const DEFAULTS: ChatSettingsDoc = {
  keywords: [],
  linkHosts: [],
  bigWinMin: 0,
  liveProvider: 'builtin',
  chatwoot: { baseUrl: '', websiteToken: '', hmacToken: null },
  webhookSecret: null,
};

/** Where Chatwoot's webhooks go: the path the console shows, with the install's secret. */
const webhookPath = (secret: string | null) => (secret ? `/wps/chat/chatwoot/${secret}` : '');

export async function chatSettings(db: Queryable): Promise<ChatSettingsDoc> {
  const stored = await settingDocument<Partial<ChatSettingsDoc>>(db, KEY);
  return { ...DEFAULTS, ...stored, chatwoot: { ...DEFAULTS.chatwoot, ...stored?.chatwoot } };
}

function secretsKey(config: Config): Buffer {
  if (!config.secretsKey) throw new Error('The secrets key is not loaded');
  return config.secretsKey;
}

/** Chatwoot's inbox HMAC token, opened; null when none is stored or it does not open. */
export function openedHmacToken(config: Config, settings: ChatSettingsDoc): string | null {
  const sealed = settings.chatwoot.hmacToken;
  return sealed ? unseal(secretsKey(config), HMAC_CONTEXT, sealed) : null;
}

/** Whether a webhook path's secret is the install's (compared in constant time). */
export function isWebhookSecret(settings: ChatSettingsDoc, secret: string): boolean {
  const expected = settings.webhookSecret;
  if (!expected || expected.length !== secret.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(secret));
}

export function settingsView(settings: ChatSettingsDoc): ChatSettingsView {
  return {
    keywords: settings.keywords,
    linkHosts: settings.linkHosts,
    bigWinMin: settings.bigWinMin,
    liveProvider: settings.liveProvider,
    chatwoot: {
      baseUrl: settings.chatwoot.baseUrl,
      websiteToken: settings.chatwoot.websiteToken,
      hmacTokenSet: settings.chatwoot.hmacToken !== null,
    },
    webhookPath: webhookPath(settings.webhookSecret),
  };
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
};

/**
 * Saves the settings (audited, the HMAC token never in the audit): a blank HMAC token keeps the stored one;
 * choosing Chatwoot needs its address, website token and HMAC token.
 */
export async function saveChatSettings(
  deps: AppDeps,
  call: OperatorCall,
  input: z.output<typeof chatSettingsInput>,
): Promise<ChatSettingsView> {
  const { baseUrl, websiteToken, hmacToken } = input.chatwoot;
  if (baseUrl !== '' && !isHttpUrl(baseUrl)) {
    throw new AppError('validation_failed', { 'chatwoot.baseUrl': 'invalid_format' });
  }
  return operatorWrite(deps, call, { entity: 'chat_settings', action: 'update' }, async (tx) => {
    const before = await chatSettings(tx);
    const sealedToken =
      hmacToken === ''
        ? before.chatwoot.hmacToken
        : seal(secretsKey(deps.config), HMAC_CONTEXT, hmacToken, deps.rng);
    if (input.liveProvider === 'chatwoot') {
      const missing: Record<string, string> = {};
      if (baseUrl === '') missing['chatwoot.baseUrl'] = 'required';
      if (websiteToken === '') missing['chatwoot.websiteToken'] = 'required';
      if (sealedToken === null) missing['chatwoot.hmacToken'] = 'required';
      if (Object.keys(missing).length > 0) throw new AppError('validation_failed', missing);
    }
    const after: ChatSettingsDoc = {
      keywords: [...new Set(input.keywords.map((word) => word.toLowerCase()))],
      linkHosts: [...new Set(input.linkHosts)],
      bigWinMin: input.bigWinMin,
      liveProvider: input.liveProvider,
      chatwoot: { baseUrl: baseUrl.replace(/\/+$/, ''), websiteToken, hmacToken: sealedToken },
      webhookSecret: before.webhookSecret ?? token(deps.rng),
    };
    await writeSettingDocument(tx, KEY, after, call.now);
    const view = settingsView(after);
    // The audit keeps what the console shows: never the token, nor the webhook's secret.
    const audited = (value: ChatSettingsView) => ({ ...value, webhookPath: undefined });
    return { entityId: KEY, before: audited(settingsView(before)), after: audited(view), result: view };
  });
}
