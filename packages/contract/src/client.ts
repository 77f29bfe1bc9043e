import type { z } from 'zod';
import { ENCRYPTION_KEY_PATH, type EncryptionKey, encryptBody } from './encryption.ts';
import {
  type BodyOf,
  DEVICE_ID_HEADER,
  type Endpoint,
  type Envelope,
  IDEMPOTENCY_HEADER,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from './endpoint.ts';
import type { ErrorCode } from './errors.ts';

/** A refusal from the server, carrying the envelope's stable code and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error',
    message: string,
    readonly fields: Record<string, string> = {},
    readonly requestId?: string,
  ) {
    super(message);
  }
}

export interface ClientOptions {
  baseUrl?: string;
  /** The session token sent as Authorization, when there is one. */
  token?: () => string | null;
  language?: () => string;
  merchant?: string;
  device?: string;
  /**
   * The browser's own random, stable device id (generated once, kept in local storage), sent as the Device-Id
   * header, never in a URL: the server records it at registration and sign-in.
   */
  deviceId?: () => string;
  /** Called when the server says the session is gone (401). */
  onUnauthorized?: (error: ApiError) => void;
}

export interface CallInput<E> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E> | FormData;
  signal?: AbortSignal;
}

/** The public-key endpoint by method and path only, so the client needs no schema (and no zod). */
const keyEndpoint = { method: 'GET', path: ENCRYPTION_KEY_PATH, access: 'visitor' } as unknown as Endpoint<
  z.ZodNever,
  z.ZodNever,
  z.ZodNever,
  z.ZodType<EncryptionKey>
>;

/** A typed caller of the contract's endpoints, shared by the player site and the console. */
export function createClient(options: ClientOptions = {}) {
  // The server's public key, fetched once; dropped and fetched again when the server says it was rotated.
  let serverKey: Promise<EncryptionKey> | null = null;
  const encryptionKey = () => {
    serverKey ??= send(keyEndpoint, {}).catch((error: unknown) => {
      serverKey = null;
      throw error;
    });
    return serverKey;
  };

  /**
   * Calls an endpoint. A non-repeatable one carries a fresh Idempotency-Key, kept for its retries: after a network
   * failure (the answer may have been lost after the server acted) it is sent once more, and the server answers
   * the first result without acting twice.
   */
  async function call<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<ResponseOf<E>> {
    const key = endpoint.idempotent ? newIdempotencyKey() : undefined;
    try {
      return await send(endpoint, input, key);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'encryption_key_expired') serverKey = null;
      else if (!(key && error.code === 'network_error')) throw error;
      return send(endpoint, input, key);
    }
  }

  async function send<E extends Endpoint>(
    endpoint: E,
    input: CallInput<E>,
    idempotencyKey?: string,
  ): Promise<ResponseOf<E>> {
    let path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(String((input.params as Record<string, unknown> | undefined)?.[name] ?? '')),
    );
    if (input.query) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(input.query as Record<string, unknown>)) {
        if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
      }
      const text = search.toString();
      if (text) path += `?${text}`;
    }
    const headers: Record<string, string> = { Device: options.device ?? 'WEB' };
    const deviceId = options.deviceId?.();
    if (deviceId) headers[DEVICE_ID_HEADER] = deviceId;
    const token = options.token?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.language) headers.Language = options.language();
    if (options.merchant) headers.Merchant = options.merchant;
    if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
    let body: string | FormData | undefined;
    if (input.body instanceof FormData) {
      body = input.body;
    } else if (input.body !== undefined) {
      if (endpoint.bodyType === 'encrypted') {
        const sealed = await encryptBody(await encryptionKey(), endpoint, input.body);
        Object.assign(headers, sealed.headers);
        body = sealed.body;
      } else if (endpoint.bodyType === 'form') {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(input.body as Record<string, string>).toString();
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(input.body);
      }
    }
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl ?? ''}${path}`, {
        method: endpoint.method,
        headers,
        body,
        signal: input.signal,
      });
    } catch (cause) {
      if ((cause as Error).name === 'AbortError') throw cause;
      throw new ApiError(0, 'network_error', 'Network problem, please retry.');
    }
    // A bare or text answer (endpoint.answer) is the value itself; a refusal is always an envelope.
    if (response.ok && endpoint.answer === 'text') return (await response.text()) as ResponseOf<E>;
    const json = (await response.json().catch(() => null)) as unknown;
    if (response.ok && endpoint.answer === 'bare' && json !== null) return json as ResponseOf<E>;
    const envelope = json as Envelope<ResponseOf<E>> | null;
    if (!envelope) throw new ApiError(response.status, 'internal_error', 'Unknown error or system error.');
    if (!envelope.success) {
      const error = new ApiError(
        response.status,
        envelope.code as ErrorCode,
        envelope.message,
        envelope.fields,
        envelope.requestId,
      );
      if (response.status === 401) options.onUnauthorized?.(error);
      throw error;
    }
    return envelope.value;
  }

  return call;
}

/** 128 random bits as hex, from WebCrypto (available in browsers outside secure contexts, and in Node). */
function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
