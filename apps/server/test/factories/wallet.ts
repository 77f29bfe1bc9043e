import { accountsEndpoints, type Endpoint, encryptBody, type ObligationSource } from '@tessera/contract';
import * as accountsStore from '../../src/modules/accounts/store.ts';
import { post } from '../../src/modules/wallet/ledger.ts';
import { openObligation } from '../../src/modules/wallet/turnover.ts';
import { hashPassword } from '../../src/platform/crypto.ts';
import { write } from '../../src/platform/write.ts';
import type { ApiResponse, TestApp } from '../harness.ts';

let funded = 0;

/** Credits a member's main wallet from the merchant's cash, as a confirmed deposit would (minor units). */
export async function fundMember(t: TestApp, memberId: number, minor: bigint): Promise<void> {
  funded += 1;
  const key = `test-funding:${memberId}:${funded}:${t.deps.rng.int(0, 1_000_000_000)}`;
  await write(t.db, { isolation: 'read committed' }, (tx) =>
    post(
      tx,
      {
        key,
        kind: 'deposit',
        memberId,
        reference: key,
        legs: [
          { account: { member: memberId, wallet: 'main' }, amount: minor },
          { account: { system: 'merchant:cash' }, amount: -minor },
        ],
      },
      t.clock.now(),
    ),
  );
}

/** A member with a session: its token and id (type 0 member unless told). */
export async function newMember(t: TestApp, type = 0): Promise<{ token: string; id: number }> {
  const token = await t.memberToken(type);
  const info = await t.get('/wps/member/info', token);
  return { token, id: info.body.value.id as number };
}

export const PAYMENT_PASSWORD = '135790';

/**
 * PAYMENT_PASSWORD's argon2 hash, made once per worker: every factory member shares the password, and a hash costs
 * tens of milliseconds of CPU (far more on a loaded machine). The salt being shared changes nothing a test checks.
 */
let paymentPasswordHash: Promise<string> | null = null;
const hashedPaymentPassword = () => {
  paymentPasswordHash ??= hashPassword(PAYMENT_PASSWORD);
  return paymentPasswordHash;
};

/** A member (type 0 unless given) with a session; optionally with money and a payment password. */
export async function walletMember(
  t: TestApp,
  options: { type?: number; funds?: bigint; paymentPassword?: boolean } = {},
): Promise<{ token: string; id: number }> {
  const { token, id } = await newMember(t, options.type ?? 0);
  if (options.funds) await fundMember(t, id, options.funds);
  if (options.paymentPassword) {
    await accountsStore.setPaymentPasswordHash(t.db, id, await hashedPaymentPassword());
  }
  return { token, id };
}

/** An encrypted call (Tessera's scheme) with extra headers, e.g. an Idempotency-Key. */
export async function sealedCall(
  t: TestApp,
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const key = (await t.get(accountsEndpoints.encryptionKey.path)).body.value;
  const encrypted = await encryptBody(key, endpoint, body);
  return t.call({
    method: endpoint.method,
    url: endpoint.path,
    headers: { ...encrypted.headers, ...headers },
    payload: encrypted.body,
    ...(token ? { token } : {}),
  });
}

/** A multipart body of text fields and files, as a browser's FormData sends it. */
export function multipartBody(
  parts: { name: string; value?: string; file?: { data: Buffer; filename: string; contentType: string } }[],
): { boundary: string; payload: Buffer } {
  const boundary = `----tessera${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (part.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\n` +
            `Content-Type: ${part.file.contentType}\r\n\r\n`,
        ),
        part.file.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, payload: Buffer.concat(chunks) };
}

let obligations = 0;

/**
 * Opens a turnover obligation for a member through the wallet's service, as a credit would (minor units; multiple
 * 1 unless told), with `contributed` already wagered towards it; answers its id.
 */
export async function openTestObligation(
  t: TestApp,
  fields: {
    memberId: number;
    amount: bigint;
    multiple?: number;
    source?: ObligationSource;
    contributed?: bigint;
    productScope?: string | null;
    expiresAt?: Date | null;
    maxStake?: bigint | null;
    at?: Date;
  },
): Promise<bigint> {
  obligations += 1;
  const id = await write(t.db, { isolation: 'read committed' }, (tx) =>
    openObligation(
      tx,
      {
        memberId: fields.memberId,
        source: fields.source ?? 'deposit',
        sourceRef: `test-${obligations}-${t.deps.rng.int(0, 1_000_000_000)}`,
        amount: fields.amount,
        multiple: fields.multiple ?? 1,
        productScope: fields.productScope ?? null,
        expiresAt: fields.expiresAt ?? null,
        maxStake: fields.maxStake ?? null,
      },
      fields.at ?? t.clock.now(),
    ),
  );
  if (id === null) throw new Error('the obligation requires nothing');
  if (fields.contributed) {
    await t.db.query(
      `update turnover_obligations set contributed = $2,
         status = case when $2::bigint >= required then 'met' else 'open' end where id = $1`,
      [id, fields.contributed],
    );
  }
  return id;
}
