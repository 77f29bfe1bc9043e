import {
  ENCRYPTION_HEADERS,
  type Endpoint,
  type Envelope,
  errorMessage,
  IDEMPOTENCY_KEY_PATTERN,
  languageLocale,
} from '@tessera/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Caller, enforceAccess, resolveCaller, resolveGameSession, tokenFromHeader } from './access.ts';
import { AppError } from './app-error.ts';
import { type AttemptPolicy, lockedUntil, recordFailure } from './attempts.ts';
import type { AppDeps } from './context.ts';
import { sha256Hex } from './crypto.ts';
import { findBadText } from './input-text.ts';
import { decryptLegacyBody, legacyWrappedKey } from './legacy-encryption.ts';
import type { OperatorCall } from './operator-write.ts';
import { decryptRequestBody } from './payload-crypto.ts';
import { parseInput } from './validation.ts';
import { encodeAnswer, type IdempotencyKey } from './write.ts';

export interface RouteContext<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  caller: Caller;
  ip: string;
  language: string;
  now: Date;
  /** The request's idempotency key, on endpoints declared idempotent when the client sent one. */
  idempotency: IdempotencyKey | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export function requestLanguage(request: FastifyRequest): string {
  const header = request.headers.language;
  return typeof header === 'string' ? header.toUpperCase() : 'EN';
}

function envelope<T>(value: T): Envelope<T> {
  return { success: true, code: 'ok', message: '', value };
}

/**
 * An answer already shaped by its endpoint's response schema and serialised as JSON, e.g. put together from parts
 * the process holds (the status answer): route() sends it as it is, in the envelope unless the answer is bare. The
 * JSON may come in parts, text or bytes (a held part is kept as bytes: it is not encoded again on every call).
 */
export class SerializedAnswer {
  constructor(readonly json: string | readonly (string | Buffer)[]) {}
}

/** What a route declares beyond its contract: limits per address, and whether an operator who must first finish setting up (new password, second factor) may call it. */
export interface RouteOptions {
  /** Successful calls an address may make: past `max` in the window, too_many_requests (shared by every process). */
  perAddress?: { name: string; policy: (config: AppDeps['config']) => AttemptPolicy };
  /** An operator whose sign-in is not complete (password to change, second factor to enrol) may call this. */
  duringOperatorSetup?: boolean;
  /**
   * Calls that prove who sends them by other means (a payment gateway's signed callback) are not counted against
   * the per-address limits of visitors (calls per minute, open connections): a busy gateway sends many from one
   * address.
   */
  signedByCaller?: boolean;
  /**
   * Called with every refusal of a call (a 4xx: a body that does not parse, input the contract refuses, the
   * handler's own refusal), before it is answered: a gateway's callback route logs each refused callback.
   */
  onRefused?: (request: FastifyRequest, error: Error) => Promise<void>;
  /**
   * The answer to a visitor is public content, the same for every visitor with the same path, query and language
   * (settings, menus, game lists): each process holds it (platform/content-cache.ts, dropped when the content
   * changes) and answers it with an ETag, a 304 to a request whose If-None-Match carries it. 'per second': the
   * answer also counts down to times in whole seconds (the lottery's draws): it is held for the second it was made
   * in, so whatever a visitor's call computes is computed once a second.
   */
  publicContent?: boolean | 'per second';
  /**
   * The handler answers values the process holds (a member's own reads: the same object for as long as it is held):
   * each is shaped by the response schema and serialised once, kept beside it, instead of on every call.
   */
  heldAnswers?: boolean;
}

/** The URLs of a public content endpoint whose validated input route() keeps (a bound on what callers can fill). */
const VALIDATED_URLS = 1000;

/** The status a refusal answers with: an AppError's, or the one Fastify set on its own errors. */
const refusalStatus = (error: Error): number | undefined =>
  error instanceof AppError ? error.status : (error as { statusCode?: number }).statusCode;

/** Calls without a session that one address may make in a minute (captcha, status, key and every other visitor call). */
const visitorPolicy = (config: AppDeps['config']): AttemptPolicy => ({
  windowMinutes: 1,
  maxFailures: config.limits.visitorRequestsPerMinute,
  lockMinutes: 1,
});

/**
 * Registers one endpoint of the contract: validates its input against the shared schema, enforces its access
 * level, runs the handler and answers the envelope with the value shaped by the response schema (or the bare value,
 * or text, where the endpoint's answer says so; refusals always travel in the envelope).
 */
export function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  deps: AppDeps,
  endpoint: Endpoint<P, Q, B, R>,
  handler: (context: RouteContext<P, Q, B>) => Promise<z.input<R> | SerializedAnswer>,
  options: RouteOptions = {},
): void {
  const { onRefused } = options;
  // A held value's answer, shaped and serialised (as the bytes sent) for as long as the value lives (the holder
  // drops it, the bytes go with it).
  const shapedOf = options.heldAnswers ? new WeakMap<object, Buffer>() : null;
  const shape = (value: unknown): unknown => {
    if (value instanceof SerializedAnswer) return value;
    if (!shapedOf || typeof value !== 'object' || value === null) return endpoint.response.parse(value);
    let shaped = shapedOf.get(value);
    if (!shaped) {
      shaped = answerBytes(endpoint, new SerializedAnswer(JSON.stringify(endpoint.response.parse(value))));
      shapedOf.set(value, shaped);
    }
    return shaped;
  };
  // The bytes of a serialised answer the handler answers again (one it holds), joined once.
  const joined = new WeakMap<SerializedAnswer, Buffer>();
  const bytesOf = (answer: SerializedAnswer | Buffer): Buffer => {
    if (!(answer instanceof SerializedAnswer)) return answer;
    let bytes = joined.get(answer);
    if (!bytes) {
      bytes = answerBytes(endpoint, answer);
      joined.set(answer, bytes);
    }
    return bytes;
  };
  // Public content: the validated path and query of each URL met (up to VALIDATED_URLS; then the count starts
  // again), with the part of the held answer's key they make, so that a call for held content does not validate and
  // key the same text again. The same text always validates the same way; a URL that fails is not kept.
  const validatedUrls = options.publicContent
    ? new Map<string, { params: unknown; query: unknown; key: string }>()
    : null;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    // Read by the per-address connection cap (http-hardening.ts).
    config: { signedByCaller: options.signedByCaller ?? false },
    ...(onRefused
      ? {
          onError: async (request: FastifyRequest, _reply: FastifyReply, error: Error) => {
            const status = refusalStatus(error);
            if (status !== undefined && status >= 400 && status < 500) await onRefused(request, error);
          },
        }
      : {}),
    handler: async (request, reply) => {
      const language = requestLanguage(request);
      const merchant = request.headers.merchant;
      if (merchant !== undefined && merchant !== deps.config.merchantCode)
        throw new AppError('unknown_merchant');
      const now = deps.clock.now();
      const token = tokenFromHeader(request.headers.authorization);
      const caller: Caller =
        endpoint.access === 'visitor' && !request.headers.authorization
          ? ({ kind: 'visitor', presentedToken: false } as const)
          : endpoint.access === 'gameSession'
            ? await resolveGameSession(deps.db, token, now)
            : await resolveCaller(deps.db, deps.config, token, now, deps.local.callers);
      enforceAccess(endpoint.access, caller);
      if (caller.kind === 'operator' && caller.setupPending && !options.duringOperatorSetup) {
        throw new AppError('operator_setup_required');
      }
      if (caller.kind === 'visitor' && !options.signedByCaller) {
        // A promise only when the database is involved: an ordinary visitor's call is counted without one.
        const counted = deps.local.visitors.count(
          `visitor-rate:${request.ip}`,
          visitorPolicy(deps.config),
          now,
        );
        if (counted) await counted;
      }
      const perAddress = options.perAddress
        ? { key: `${options.perAddress.name}:${request.ip}`, policy: options.perAddress.policy(deps.config) }
        : null;
      if (perAddress && (await lockedUntil(deps.db, perAddress.key, now))) {
        throw new AppError('too_many_requests');
      }
      let input = validatedUrls?.get(request.url);
      if (!input) {
        refuseBadText(request.params);
        refuseBadText(request.query);
        const params = endpoint.params ? parseInput(endpoint.params, request.params, language) : undefined;
        const query = endpoint.query ? parseInput(endpoint.query, request.query ?? {}, language) : undefined;
        input = { params, query, key: '' };
        if (validatedUrls) {
          input.key = `${JSON.stringify(params ?? null)} ${JSON.stringify(query ?? null)}`;
          if (validatedUrls.size >= VALIDATED_URLS) validatedUrls.clear();
          validatedUrls.set(request.url, input);
        }
      }
      const { params, query } = input;
      let body: unknown;
      if (endpoint.body && endpoint.bodyType !== 'multipart') {
        const raw =
          endpoint.bodyType === 'encrypted'
            ? await encryptedBody(deps, request, endpoint, now)
            : (request.body ?? {});
        refuseBadText(raw);
        body = parseInput(endpoint.body, raw, language);
      }
      const idempotency = endpoint.idempotent
        ? idempotencyKey(request, endpoint, caller, { params, query, body }, now)
        : null;
      const answerOf = async () => {
        const value = await handler({
          params: params as z.output<P>,
          query: query as z.output<Q>,
          body: body as z.output<B>,
          caller,
          ip: request.ip,
          language,
          now,
          idempotency,
          request,
          reply,
        });
        if (perAddress) await recordFailure(deps.db, perAddress.key, perAddress.policy, now);
        return shape(value);
      };
      reply.header('cache-control', 'no-store');
      if (
        options.publicContent &&
        caller.kind === 'visitor' &&
        endpoint.method === 'GET' &&
        endpoint.answer !== 'text'
      ) {
        const second = options.publicContent === 'per second' ? ` @${Math.floor(now.getTime() / 1000)}` : '';
        const key = `${endpoint.path} ${language} ${input.key}${second}`;
        const held = await deps.local.content.answer(key, now, async () =>
          answerBytes(endpoint, await answerOf()),
        );
        reply.header('etag', held.etag);
        if (request.headers['if-none-match'] === held.etag) return reply.code(304).send();
        return reply.type('application/json; charset=utf-8').send(held.body);
      }
      const answer = await answerOf();
      if (endpoint.answer === 'text') {
        return reply.type(endpoint.contentType ?? 'text/plain; charset=utf-8').send(answer);
      }
      // A serialised answer, or a held one's bytes (shape).
      if (answer instanceof SerializedAnswer || answer instanceof Buffer) {
        return reply.type('application/json; charset=utf-8').send(bytesOf(answer));
      }
      return endpoint.answer === 'bare' ? answer : envelope(answer);
    },
  });
}

const ENVELOPE_HEAD = Buffer.from('{"success":true,"code":"ok","message":"","value":');
const ENVELOPE_TAIL = Buffer.from('}');

/**
 * The bytes of a (shaped) answer, in the envelope unless the endpoint answers bare: an answer held by the process
 * is sent as bytes, which Node writes as they are (a text answer is encoded into a fresh buffer on every write, the
 * larger part of the cost of sending a few kilobytes). A Buffer is an answer's bytes already (a held one).
 */
function answerBytes(endpoint: Endpoint, answer: unknown): Buffer {
  if (answer instanceof Buffer) return answer;
  if (!(answer instanceof SerializedAnswer)) {
    return Buffer.from(JSON.stringify(endpoint.answer === 'bare' ? answer : envelope(answer)));
  }
  const parts = (typeof answer.json === 'string' ? [answer.json] : answer.json).map((part) =>
    typeof part === 'string' ? Buffer.from(part) : part,
  );
  return Buffer.concat(endpoint.answer === 'bare' ? parts : [ENVELOPE_HEAD, ...parts, ENVELOPE_TAIL]);
}

/** Refuses input holding NUL or lone surrogates (text no form sends and the database cannot store). */
function refuseBadText(input: unknown) {
  const field = findBadText(input);
  if (field) throw new AppError('validation_failed', { [field]: 'invalid_value' });
}

type IdParams = z.ZodType<{ id: number }>;

/**
 * The four routes of a list the console edits (the contract's `crud`): `rows` answers the list, `edits` (an
 * `operatorEdits`) the create, update and remove.
 */
export function crudRoutes<L extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  deps: AppDeps,
  endpoints: {
    list: Endpoint<z.ZodType, L, z.ZodType, z.ZodArray<R>>;
    create: Endpoint<z.ZodType, z.ZodType, B, R>;
    update: Endpoint<IdParams, z.ZodType, B, R>;
    remove: Endpoint<IdParams, z.ZodType, z.ZodType, z.ZodType<{ ok: true }>>;
  },
  rows: (context: RouteContext<z.ZodType, L, z.ZodType>) => Promise<z.input<R>[]>,
  edits: {
    create(deps: AppDeps, call: OperatorCall, body: z.output<B>): Promise<z.input<R>>;
    update(deps: AppDeps, call: OperatorCall, id: number, body: z.output<B>): Promise<z.input<R>>;
    remove(deps: AppDeps, call: OperatorCall, id: number): Promise<{ ok: true }>;
  },
): void {
  route(app, deps, endpoints.list, rows);
  route(app, deps, endpoints.create, (ctx) => edits.create(deps, ctx, ctx.body));
  route(app, deps, endpoints.update, (ctx) => edits.update(deps, ctx, ctx.params.id, ctx.body));
  route(app, deps, endpoints.remove, (ctx) => edits.remove(deps, ctx, ctx.params.id));
}

/**
 * The body of an encrypted endpoint: Tessera's scheme, or, with LEGACY_ENCRYPTION=1, the original platform's when
 * the request carries its header instead of Tessera's.
 */
function encryptedBody(deps: AppDeps, request: FastifyRequest, endpoint: Endpoint, now: Date) {
  const tessera = request.headers[ENCRYPTION_HEADERS.keyId.toLowerCase()] !== undefined;
  if (deps.config.legacyEncryption && !tessera && legacyWrappedKey(request) !== undefined) {
    return decryptLegacyBody(deps.db, request, now);
  }
  return decryptRequestBody(deps.db, request, endpoint);
}

export function errorEnvelope(
  code: Parameters<typeof errorMessage>[0],
  language: string,
  extra: { fields?: Record<string, string>; requestId?: string; until?: Date } = {},
): Envelope<null> {
  const { until, ...rest } = extra;
  const message = errorMessage(code, language).replace(
    '{until}',
    until
      ? new Intl.DateTimeFormat(languageLocale(language), {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          timeZone: 'UTC',
          timeZoneName: 'short',
        }).format(until)
      : '',
  );
  return {
    success: false,
    code,
    message,
    value: null,
    ...rest,
    ...(until ? { until: until.toISOString() } : {}),
  };
}

/**
 * The key a client sent in `Idempotency-Key`, scoped to the caller (a visitor by address) and the endpoint, with a
 * fingerprint of the validated input: the same key with different input is refused by the write helper.
 */
function idempotencyKey(
  request: FastifyRequest,
  endpoint: Endpoint,
  caller: Caller,
  input: { params: unknown; query: unknown; body: unknown },
  now: Date,
): IdempotencyKey | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new AppError('idempotency_key_invalid');
  }
  const who =
    caller.kind === 'member' || caller.kind === 'gameSession'
      ? `member:${caller.memberId}`
      : caller.kind === 'operator'
        ? `operator:${caller.operatorId}`
        : `visitor:${request.ip}`;
  return {
    scope: `${who} ${endpoint.method} ${endpoint.path}`,
    key: header,
    fingerprint: sha256Hex(encodeAnswer(input)),
    at: now,
  };
}
