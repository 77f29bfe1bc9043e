import {
  type DepositChannel,
  type PaymentChannelRow,
  type paymentChannelInput,
  toMajor,
  toMinor,
  toTranslatedLanguage,
} from '@tessera/contract';
import type { z } from 'zod';
import { type Config, PUBLISHED_SANDBOX_SECRET } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import type { Caller } from '../../platform/access.ts';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { checkOperatorUrl } from '../../platform/operator-urls.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import type { Rng } from '../../platform/rng.ts';
import { seal, unseal } from '../../platform/secret-box.ts';
import { moduleEnabled } from '../system/module-flags.ts';
import * as store from './payment-channel-store.ts';
import type { GatewayAccount } from './payment-gateway.ts';
import { type Currency, currencyOf } from './settings.ts';

export type Channel = store.ChannelDb;
type ChannelInput = z.output<typeof paymentChannelInput>;
type OperatorCall = { caller: Caller; ip: string; now: Date };

/** The secret-box context of a channel's gateway secret: a sealed secret copied to another channel does not open. */
const secretContext = (channelId: number) => `payment-channel:${channelId}`;

export function sealChannelSecret(key: Buffer, channelId: number, secret: string, rng: Rng): string {
  return seal(key, secretContext(channelId), secret, rng);
}

function secretsKey(config: Config): Buffer {
  if (!config.secretsKey) throw new Error('The secrets key is not loaded');
  return config.secretsKey;
}

/** The channel's opened gateway secret; null for a bank channel or a secret that does not open. */
function openedSecret(config: Config, channel: Channel): string | null {
  if (channel.kind !== 'gateway' || !channel.gateway_secret) return null;
  return unseal(secretsKey(config), secretContext(channel.id), channel.gateway_secret);
}

/**
 * The gateway a channel pays through, with its opened secret; null for a bank channel, an unopenable secret, or
 * the published sandbox secret while the sandbox is off (anyone could sign that channel's callbacks). Its URL may
 * reach a private address only with OPERATOR_URLS_ALLOW_PRIVATE, or when it is the running sandbox the install
 * configured (PAYMENT_SANDBOX_URL, the demo's online channel).
 */
export function gatewayAccount(config: Config, channel: Channel): GatewayAccount | null {
  const secret = openedSecret(config, channel);
  if (secret === null) return null;
  if (secret === PUBLISHED_SANDBOX_SECRET && !config.payments.sandbox) return null;
  const sandbox = config.payments.sandbox && channel.gateway_url === config.payments.sandboxUrl;
  return {
    url: channel.gateway_url,
    merchant: channel.gateway_merchant,
    secret,
    allowPrivate: config.operatorUrlsAllowPrivate || sandbox,
  };
}

/**
 * The start check: in production (NODE_ENV=production) the server does not start while a payment channel signs
 * with the published sandbox secret, since anyone could then credit that channel's pending orders.
 */
export async function refuseDemoSecretsInProduction(db: Queryable, config: Config): Promise<void> {
  if (!config.production) return;
  const channels = await store.listChannels(db, { enabledOnly: false });
  const named = channels.filter((channel) => openedSecret(config, channel) === PUBLISHED_SANDBOX_SECRET);
  if (named.length === 0) return;
  throw new Error(
    `Refusing to start in production: payment channel ${named
      .map((channel) => `${channel.id} (${channel.name})`)
      .join(
        ', ',
      )} uses the published sandbox secret; give it its own secret or delete it in the console (started without NODE_ENV=production)`,
  );
}

export function findChannel(db: Queryable, id: number): Promise<Channel | null> {
  return store.findChannel(db, id);
}

/** Whether members may deposit: the deposit flag is on and the credit-margin flag (which hides it) is off. */
export async function depositsAvailable(db: Queryable): Promise<boolean> {
  const [deposit, creditMargin] = await Promise.all([
    moduleEnabled(db, 'DEPOSIT3'),
    moduleEnabled(db, 'CREDITMARGIN3'),
  ]);
  return deposit && !creditMargin;
}

const major = (minor: bigint | number, currency: Currency) => toMajor(minor, currency.digits);

/** A channel's name and instructions in the reader's language: its version there, field by field, or its own. */
export function localizedChannel(
  row: Pick<Channel, 'name' | 'instructions' | 'translations'>,
  language: string,
): { name: string; instructions: string } {
  const version = row.translations[toTranslatedLanguage(language)];
  return { name: version?.name || row.name, instructions: version?.instructions || row.instructions };
}

/** The enabled channels as the deposit page shows them: limits, presets, the receiving account; never a secret. */
export async function playerChannels(deps: AppDeps, language: string) {
  const [rows, currency, available] = await Promise.all([
    store.listChannels(deps.db, { enabledOnly: true }),
    currencyOf(deps),
    depositsAvailable(deps.db),
  ]);
  const channels = rows
    .filter((row) => row.kind === 'bank' || gatewayAccount(deps.config, row) !== null)
    .map(
      (row): DepositChannel => ({
        id: row.id,
        kind: row.kind,
        ...localizedChannel(row, language),
        minAmount: major(row.min_amount, currency),
        maxAmount: major(row.max_amount, currency),
        presets: row.presets.map((preset) => major(preset, currency)),
        bank:
          row.kind === 'bank'
            ? { bankName: row.bank_name, accountName: row.account_name, accountNumber: row.account_number }
            : null,
      }),
    );
  return {
    available,
    currency: currency.currency,
    currencySymbol: currency.currencySymbol,
    digits: currency.digits,
    channels: available ? channels : [],
  };
}

function consoleRow(row: Channel, currency: Currency): PaymentChannelRow {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    sort: row.sort,
    minAmount: major(row.min_amount, currency),
    maxAmount: major(row.max_amount, currency),
    presets: row.presets.map((preset) => major(preset, currency)),
    instructions: row.instructions,
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNumber: row.account_number,
    gatewayUrl: row.gateway_url,
    gatewayMerchant: row.gateway_merchant,
    hasSecret: row.gateway_secret !== '',
    translations: {
      VI: { name: row.translations.VI?.name ?? '', instructions: row.translations.VI?.instructions ?? '' },
      CN: { name: row.translations.CN?.name ?? '', instructions: row.translations.CN?.instructions ?? '' },
    },
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What the audit log keeps of a channel: everything but the secret, of which only its presence shows. */
function auditImage(row: Channel, currency: Currency) {
  const { updatedAt: _updatedAt, ...image } = consoleRow(row, currency);
  return image;
}

export async function consoleChannels(deps: AppDeps): Promise<PaymentChannelRow[]> {
  const [rows, currency] = await Promise.all([
    store.listChannels(deps.db, { enabledOnly: false }),
    currencyOf(deps),
  ]);
  return rows.map((row) => consoleRow(row, currency));
}

function minorOf(value: number, currency: Currency, field: string): bigint {
  const minor = toMinor(value, currency.digits);
  if (minor === null || minor <= 0n) throw new AppError('amount_invalid', { [field]: 'invalid_value' });
  return minor;
}

function toWrite(input: ChannelInput, currency: Currency): store.ChannelWrite {
  const bank = input.kind === 'bank';
  return {
    kind: input.kind,
    name: input.name,
    enabled: input.enabled,
    sort: input.sort,
    minAmount: minorOf(input.minAmount, currency, 'minAmount'),
    maxAmount: minorOf(input.maxAmount, currency, 'maxAmount'),
    presets: [...input.presets]
      .map((preset) => minorOf(preset, currency, 'presets'))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    instructions: input.instructions,
    // A channel keeps only what its kind uses.
    bankName: bank ? input.bankName : '',
    accountName: bank ? input.accountName : '',
    accountNumber: bank ? input.accountNumber : '',
    gatewayUrl: bank ? '' : input.gatewayUrl.replace(/\/+$/, ''),
    gatewayMerchant: bank ? '' : input.gatewayMerchant,
    // Only the fields a language has: '' means "show the channel's own".
    translations: Object.fromEntries(
      Object.entries(input.translations)
        .map(([language, version]) => [
          language,
          Object.fromEntries(Object.entries(version).filter(([, text]) => text !== '')),
        ])
        .filter(([, version]) => Object.keys(version as object).length > 0),
    ),
  };
}

/** A gateway URL the operator entered or changed: no loopback, private or link-local address (unless allowed). */
async function checkGatewayUrl(deps: AppDeps, row: store.ChannelWrite, before: Channel | null) {
  if (row.kind !== 'gateway' || row.gatewayUrl === before?.gateway_url) return;
  await checkOperatorUrl(row.gatewayUrl, {
    allowPrivate: deps.config.operatorUrlsAllowPrivate,
    field: 'gatewayUrl',
  });
}

export async function createChannel(deps: AppDeps, call: OperatorCall, input: ChannelInput) {
  const currency = await currencyOf(deps);
  const row = toWrite(input, currency);
  await checkGatewayUrl(deps, row, null);
  if (input.kind === 'gateway' && input.gatewaySecret === '') {
    throw new AppError('validation_failed', { gatewaySecret: 'required' });
  }
  return operatorWrite(deps, call, { entity: 'payment_channel', action: 'create' }, async (tx) => {
    let created = await store.insertChannel(tx, row, call.now);
    if (input.kind === 'gateway') {
      await store.setChannelSecret(
        tx,
        created.id,
        sealChannelSecret(secretsKey(deps.config), created.id, input.gatewaySecret, deps.rng),
      );
      created = orNotFound(await store.findChannel(tx, created.id));
    }
    return {
      entityId: created.id,
      before: null,
      after: auditImage(created, currency),
      result: consoleRow(created, currency),
    };
  });
}

export async function updateChannel(deps: AppDeps, call: OperatorCall, id: number, input: ChannelInput) {
  const currency = await currencyOf(deps);
  const row = toWrite(input, currency);
  // The seeded sandbox channel keeps its loopback URL when finance edits something else.
  await checkGatewayUrl(deps, row, await store.findChannel(deps.db, id));
  return operatorWrite(deps, call, { entity: 'payment_channel', action: 'update' }, async (tx) => {
    const before = orNotFound(await store.lockChannel(tx, id));
    let updated = orNotFound(await store.updateChannel(tx, id, row, call.now));
    if (input.kind === 'gateway' && input.gatewaySecret !== '') {
      await store.setChannelSecret(
        tx,
        id,
        sealChannelSecret(secretsKey(deps.config), id, input.gatewaySecret, deps.rng),
      );
    } else if (input.kind === 'bank' && before.gateway_secret !== '') {
      await store.setChannelSecret(tx, id, '');
    } else if (input.kind === 'gateway' && before.gateway_secret === '') {
      throw new AppError('validation_failed', { gatewaySecret: 'required' });
    }
    updated = orNotFound(await store.findChannel(tx, id));
    const secretChanged = updated.gateway_secret !== before.gateway_secret;
    return {
      entityId: id,
      before: auditImage(before, currency),
      after: { ...auditImage(updated, currency), ...(secretChanged ? { secretChanged: true } : {}) },
      result: consoleRow(updated, currency),
    };
  });
}

/** Deletes a channel no deposit went through; one with deposits is refused (disable it instead). */
export async function removeChannel(deps: AppDeps, call: OperatorCall, id: number) {
  const currency = await currencyOf(deps);
  return operatorWrite(deps, call, { entity: 'payment_channel', action: 'delete' }, async (tx) => {
    const before = orNotFound(await store.lockChannel(tx, id));
    if (await store.channelHasDeposits(tx, id)) throw new AppError('channel_in_use');
    await store.deleteChannel(tx, id);
    return { entityId: id, before: auditImage(before, currency), after: null, result: { ok: true as const } };
  });
}
