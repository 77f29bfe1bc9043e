import type { Config } from '../../../config.ts';
import { privateKeyOf, SIGNATURE_HEADER, signBody } from './keys.ts';
import type { ProviderDb } from './store.ts';

/**
 * Our calls to a provider (Hub88's Operator API: game/url, game/list; the TransferWallet calls; and the catalogue
 * extras the simulator offers: vendors with jackpots, sports matches). Each body is signed with our private key in
 * X-Hub88-Signature. Never call these inside a database transaction.
 */

export const PROVIDER_PATHS = {
  gameUrl: '/operator/generic/v2/game/url',
  gameList: '/operator/generic/v2/game/list',
  vendorList: '/operator/generic/v2/vendor/list',
  sportsMatches: '/operator/generic/v2/sports/matches',
  transferDeposit: '/operator/generic/v2/transfer_wallet/deposit',
  transferWithdraw: '/operator/generic/v2/transfer_wallet/withdraw',
  transferStatus: '/operator/generic/v2/transfer_wallet/status',
  sandboxOperators: '/sandbox/operators',
} as const;

/** No answer, a 5xx, or an answer that is not JSON: the call may be tried again. */
export class ProviderUnavailable extends Error {
  override readonly name: string = 'ProviderUnavailable';
}

/** No answer in time: the provider may or may not have acted on the call. */
class ProviderTimedOut extends ProviderUnavailable {
  override readonly name = 'ProviderTimedOut';
}

/** A 4xx answer: the provider will not do it. */
export class ProviderRefused extends Error {
  override readonly name = 'ProviderRefused';
}

export async function callProvider<T>(
  config: Pick<Config, 'secretsKey' | 'gameProviders'>,
  provider: ProviderDb,
  path: string,
  payload: Record<string, unknown>,
): Promise<T> {
  if (!config.secretsKey) throw new Error('the secrets key is not loaded');
  const body = JSON.stringify({ operator_id: provider.operator_id, ...payload });
  const signature = signBody(
    body,
    privateKeyOf(config.secretsKey, provider.code, provider.private_key_sealed),
  );
  let response: Response;
  try {
    response = await fetch(`${provider.base_url.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [SIGNATURE_HEADER]: signature,
      },
      body,
      signal: AbortSignal.timeout(config.gameProviders.timeoutSeconds * 1000),
      redirect: 'error',
    });
  } catch (cause) {
    const error = cause as Error;
    if (error.name === 'TimeoutError')
      throw new ProviderTimedOut(`${provider.code} did not answer ${path} in time`);
    throw new ProviderUnavailable(`${provider.code} did not answer ${path}: ${error.message}`);
  }
  const json = (await response.json().catch(() => undefined)) as T | undefined;
  if (response.status >= 500)
    throw new ProviderUnavailable(`${provider.code} answered ${path} with ${response.status}`);
  if (response.status >= 400) {
    const reason = (json as { error?: unknown } | undefined)?.error;
    throw new ProviderRefused(
      `${provider.code} refused ${path} (${response.status} ${String(reason ?? '')})`,
    );
  }
  if (json === undefined) throw new ProviderUnavailable(`${provider.code} answered ${path} without JSON`);
  return json;
}
