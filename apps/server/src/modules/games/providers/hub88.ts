import {
  type Hub88Answer,
  type Hub88Call,
  type Hub88Status,
  hub88Requests as schemas,
} from '@tessera/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../../platform/context.ts';
import { isBadText } from '../../../platform/input-text.ts';
import { checkInput } from '../../../platform/validation.ts';
import { currencyOf } from '../../wallet/settings.ts';
import { publicKeyOf, signatureValid } from './keys.ts';
import * as seamless from './seamless.ts';
import * as store from './store.ts';

/**
 * The Hub88 Operator Wallet API over the seamless core: user/info, user/balance, transaction/bet, transaction/win
 * and transaction/rollback. Requests are signed (X-Hub88-Signature: base64 RSA-SHA256 of the raw body, verified
 * with the provider's public key); amounts are integers in 1/100000 of the currency unit. Every answer is HTTP 200
 * with a status; the README lists the fields and statuses supported.
 */

export type { Hub88Call };

/** Hub88 amounts are in 1/100000 of the currency unit. */
const HUB88_DECIMALS = 5;

/** A member as Hub88's `user`: no personal data, at least 4 characters. */
export const hub88User = (memberId: number) => `m${String(memberId).padStart(6, '0')}`;

function memberOfUser(user: string): number | null {
  const match = /^m(\d{6,10})$/.exec(user);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Minor units (of a currency with `digits` decimals) as a Hub88 amount. */
export function toHub88Amount(minor: bigint, digits: number): number {
  return Number(minor * 10n ** BigInt(HUB88_DECIMALS - digits));
}

/** A Hub88 amount in minor units; null when it has precision the currency cannot hold. */
function fromHub88Amount(amount: number, digits: number): bigint | null {
  const scale = 10n ** BigInt(HUB88_DECIMALS - digits);
  const units = BigInt(amount);
  return units % scale === 0n ? units / scale : null;
}

/** A Hub88 amount in minor units, rounded down (a balance or a jackpot we only show). */
export function hub88AmountFloor(amount: number, digits: number): bigint {
  return BigInt(Math.trunc(amount)) / 10n ** BigInt(HUB88_DECIMALS - digits);
}

const STATUS_OF: Record<seamless.SeamlessRefusal, Hub88Status> = {
  unknown_user: 'RS_ERROR_INVALID_TOKEN',
  invalid_token: 'RS_ERROR_INVALID_TOKEN',
  token_expired: 'RS_ERROR_TOKEN_EXPIRED',
  user_disabled: 'RS_ERROR_USER_DISABLED',
  invalid_game: 'RS_ERROR_INVALID_GAME',
  wrong_currency: 'RS_ERROR_WRONG_CURRENCY',
  not_enough_money: 'RS_ERROR_NOT_ENOUGH_MONEY',
  duplicate_transaction: 'RS_ERROR_DUPLICATE_TRANSACTION',
  transaction_does_not_exist: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  transaction_rolled_back: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  // Hub88 has no code of its own for a stake limit: its general refusal, with the balance, as for any refusal.
  stake_above_bonus_limit: 'RS_ERROR_UNKNOWN',
  // A member on a time-out or self-exclusion is, for the provider, a disabled user; a limit or a reality check due
  // has no code of its own: the general refusal.
  player_blocked: 'RS_ERROR_USER_DISABLED',
  responsible_gaming_limit: 'RS_ERROR_UNKNOWN',
};

function requestUuidOf(body: unknown): string | undefined {
  const uuid = (body as { request_uuid?: unknown } | null)?.request_uuid;
  return typeof uuid === 'string' && uuid.length <= 100 && !isBadText(uuid) ? uuid : undefined;
}

const refusal = (status: Hub88Status, body: unknown): Hub88Answer => {
  const requestUuid = requestUuidOf(body);
  return { status, ...(requestUuid ? { request_uuid: requestUuid } : {}) };
};

function answerOf(
  result: seamless.SeamlessResult,
  user: string,
  requestUuid: string,
  digits: number,
): Hub88Answer {
  const status = result.ok ? 'RS_OK' : STATUS_OF[result.refusal];
  const state = result.state;
  return {
    user,
    status,
    request_uuid: requestUuid,
    ...(state ? { currency: state.currency, balance: toHub88Amount(state.balance, digits) } : {}),
  };
}

/**
 * One call of the wallet API: the signature over the raw body first, then the body's fields, then the core.
 * Answers Hub88's JSON for every outcome.
 */
export async function handleHub88(
  deps: AppDeps,
  providerCode: string,
  call: Hub88Call,
  raw: string | undefined,
  signature: unknown,
  now: Date,
): Promise<Hub88Answer> {
  let body: unknown;
  try {
    body = raw === undefined ? undefined : JSON.parse(raw);
  } catch {
    body = undefined;
  }
  const provider = await store.findProvider(deps.db, providerCode);
  if (!provider?.enabled || provider.contract !== 'hub88') return refusal('RS_ERROR_INVALID_PARTNER', body);
  if (
    raw === undefined ||
    !provider.provider_public_key ||
    !signatureValid(raw, signature, publicKeyOf(provider.provider_public_key))
  ) {
    return refusal('RS_ERROR_INVALID_SIGNATURE', body);
  }
  if (body === undefined) return refusal('RS_ERROR_WRONG_SYNTAX', body);
  const checked = checkInput(schemas[call], body);
  if (!checked.ok) return refusal('RS_ERROR_WRONG_TYPES', body);
  const request = checked.value;
  const memberId = memberOfUser(request.user);
  if (memberId === null) return refusal('RS_ERROR_INVALID_TOKEN', body);
  return dispatch(deps, provider.code, call, request, memberId, now);
}

async function dispatch(
  deps: AppDeps,
  provider: string,
  call: Hub88Call,
  request: z.output<(typeof schemas)[Hub88Call]>,
  memberId: number,
  now: Date,
): Promise<Hub88Answer> {
  const digits = (await currencyOf(deps)).digits;
  const answer = (result: seamless.SeamlessResult) =>
    answerOf(result, request.user, request.request_uuid, digits);
  const minor = (value: number) => fromHub88Amount(value, digits);
  switch (call) {
    case 'userInfo': {
      const state = await seamless.memberState(deps, memberId);
      if (!state)
        return { user: request.user, status: 'RS_ERROR_INVALID_TOKEN', request_uuid: request.request_uuid };
      return {
        user: request.user,
        status: 'RS_OK',
        request_uuid: request.request_uuid,
        country: 'XX',
        tags: [],
      };
    }
    case 'userBalance': {
      const r = request as z.output<typeof schemas.userBalance>;
      return answer(await seamless.balance(deps, provider, { memberId, token: r.token }, now));
    }
    case 'bet': {
      const r = request as z.output<typeof schemas.bet>;
      const stake = minor(r.amount);
      if (stake === null) return refusal('RS_ERROR_WRONG_TYPES', r);
      return answer(
        await seamless.bet(
          deps,
          provider,
          {
            transactionUuid: r.transaction_uuid,
            memberId,
            token: r.token,
            gameCode: r.game_code ?? '',
            round: { ref: r.round ?? r.transaction_uuid, closed: r.round_closed ?? false },
            currency: r.currency,
            amount: r.is_free ? 0n : stake,
          },
          now,
        ),
      );
    }
    case 'win': {
      const r = request as z.output<typeof schemas.win>;
      const paid = minor(r.amount);
      if (paid === null) return refusal('RS_ERROR_WRONG_TYPES', r);
      return answer(
        await seamless.win(
          deps,
          provider,
          {
            transactionUuid: r.transaction_uuid,
            memberId,
            referenceUuid: r.reference_transaction_uuid || null,
            gameCode: r.game_code ?? '',
            round: { ref: r.round ?? '', closed: r.round_closed ?? true },
            currency: r.currency,
            amount: paid,
          },
          now,
        ),
      );
    }
    case 'rollback': {
      const r = request as z.output<typeof schemas.rollback>;
      return answer(
        await seamless.rollback(
          deps,
          provider,
          { transactionUuid: r.transaction_uuid, memberId, referenceUuid: r.reference_transaction_uuid },
          now,
        ),
      );
    }
  }
}
