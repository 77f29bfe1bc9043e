import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';

export const OPERATOR_ROLES = ['owner', 'operations', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Access levels of architecture §4. `operator` lists the roles that may call; the owner may call everything.
 * `gameSession` is a house game frame's: `Authorization: Bearer <token>` of a live game session the house provider
 * opened at launch (never the member's site token, which such endpoints refuse).
 */
export type Access =
  | 'visitor'
  | 'member'
  | 'realMember'
  | 'agent'
  | 'gameSession'
  | { readonly operator: readonly OperatorRole[] };

export const operator = (...roles: OperatorRole[]): Access => ({ operator: roles });

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the request body travels: JSON, a form (urlencoded), a multipart upload, or JSON encrypted for the server
 * (AES-256-GCM under a fresh key wrapped with the server's RSA-OAEP key; see encryption.ts).
 */
type BodyType = 'json' | 'form' | 'multipart' | 'encrypted';

/**
 * How a successful answer travels: in the envelope (every /wps call), as bare JSON (the original's /lgw calls,
 * which its client reads without the envelope), or as plain text (the original's RSA key). Refusals always
 * travel in the envelope.
 */
type AnswerType = 'envelope' | 'bare' | 'text';

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  bodyType?: BodyType;
  /**
   * A non-repeatable request: our clients send an `Idempotency-Key` header, and a retry with the same key gets the
   * first answer without a second effect (clients of the original platform, which send none, still work).
   */
  idempotent?: boolean;
  /** How a successful answer travels; 'envelope' when not given. */
  answer?: AnswerType;
  /** The media type of a 'text' answer (text/plain when not given), e.g. text/csv for an export. */
  contentType?: string;
  response: R;
}

/** The header that carries an idempotency key (1 to 255 visible ASCII characters). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The header that carries the browser's own random device id (responsible gaming: a new registration from the device
 * of a self-excluded member is refused; the risk rules link members by it). Letters, digits and dashes, 16 to 64.
 */
export const DEVICE_ID_HEADER = 'Device-Id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

export function endpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
>(definition: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return definition;
}

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** The envelope every answer travels in (architecture §3). */
export interface Envelope<T> {
  success: boolean;
  code: 'ok' | ErrorCode;
  message: string;
  value: T;
  /** Per-field messages of a validation failure, keyed by field path. */
  fields?: Record<string, string>;
  requestId?: string;
  /** When a refused action is possible again (ISO instant), as the message also says. */
  until?: string;
}
