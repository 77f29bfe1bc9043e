import type { Config } from '../../../config.ts';
import type { Queryable } from '../../../db/database.ts';
import type { Rng } from '../../../platform/rng.ts';
import { newKeyPair, sealPrivateKey } from './keys.ts';
import * as store from './store.ts';

export interface NewProvider {
  code: string;
  name: string;
  contract: 'hub88' | 'transfer';
  baseUrl: string;
  operatorId: string;
  subPartnerId?: string;
  /** The provider's public key (PEM), when already known; a sandbox sends it on the first sync. */
  providerPublicKey?: string | null;
  sandbox?: boolean;
}

/**
 * Adds a provider with a fresh key pair of ours (the private key sealed under the secrets key); give the provider
 * the public key (game_providers.public_key). Answers false when the code exists already.
 */
export async function registerProvider(
  db: Queryable,
  secretsKey: Buffer,
  rng: Rng,
  provider: NewProvider,
  now: Date,
): Promise<boolean> {
  const keys = newKeyPair();
  return store.insertProvider(
    db,
    {
      code: provider.code,
      name: provider.name,
      contract: provider.contract,
      base_url: provider.baseUrl.replace(/\/+$/, ''),
      operator_id: provider.operatorId,
      sub_partner_id: provider.subPartnerId ?? '',
      private_key_sealed: sealPrivateKey(secretsKey, provider.code, keys.privateKey, rng),
      public_key: keys.publicKey,
      provider_public_key: provider.providerPublicKey ?? null,
      sandbox: provider.sandbox ?? false,
    },
    now,
  );
}

/** The demo's providers: the simulator (sandbox/game-provider) as a seamless aggregator, and its transfer vendor. */
export async function seedDemoProviders(
  db: Queryable,
  options: { sandboxUrl: string; secretsKey: Buffer },
  rng: Rng,
  now: Date,
): Promise<void> {
  const common = { baseUrl: options.sandboxUrl, sandbox: true } as const;
  await registerProvider(
    db,
    options.secretsKey,
    rng,
    { ...common, code: 'SIM', name: 'Game simulator', contract: 'hub88', operatorId: 'tessera-demo' },
    now,
  );
  await registerProvider(
    db,
    options.secretsKey,
    rng,
    {
      ...common,
      code: 'SIM_TRANSFER',
      name: 'Game simulator (transfer wallet)',
      contract: 'transfer',
      operatorId: 'tessera-demo-transfer',
    },
    now,
  );
}

/**
 * The start check: in production (NODE_ENV=production) the server does not start while an enabled provider is a
 * sandbox (the demo's simulator), which learns our key on its first sync and whose games pay nothing real.
 */
export async function refuseSandboxProvidersInProduction(
  db: Queryable,
  config: Pick<Config, 'production'>,
): Promise<void> {
  if (!config.production) return;
  const sandboxes = (await store.enabledProviders(db)).filter((provider) => provider.sandbox);
  if (sandboxes.length === 0) return;
  throw new Error(
    `Refusing to start in production: game provider ${sandboxes
      .map((provider) => `${provider.code} (${provider.name})`)
      .join(', ')} is a sandbox; disable it in the console (started without NODE_ENV=production)`,
  );
}
