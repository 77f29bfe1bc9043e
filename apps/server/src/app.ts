import { existsSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import {
  type ErrorCode,
  FIELD_ERRORS,
  type FieldErrorKey,
  fieldMessage,
  IMAGE_UPLOAD,
} from '@tessera/contract';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { backofficeRoutes } from './modules/backoffice/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { gamesRoutes } from './modules/games/routes.ts';
import { systemImageRoutes, systemRoutes } from './modules/system/routes.ts';
import { resolveCaller, tokenFromHeader } from './platform/access.ts';
import { AppError } from './platform/app-error.ts';
import type { AppDeps } from './platform/context.ts';
import { newUuid } from './platform/crypto.ts';
import { registerMetrics } from './platform/metrics.ts';
import { errorEnvelope, requestLanguage } from './platform/route.ts';

/** Paths the API owns; anything else that is not a file is a screen of one of the front ends. */
const API_PREFIXES = [
  '/wps/',
  '/lgw/',
  '/lotto/',
  '/backoffice/api/',
  '/images/',
  '/healthz',
  '/metrics',
  '/ws',
];

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: ['req.headers.authorization'] },
    // A hop count is valid for Fastify (proxy-addr) though its types omit it.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    genReqId: () => newUuid(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof AppError) {
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([field, message]) => [
              field,
              message in FIELD_ERRORS ? fieldMessage(message as FieldErrorKey, language) : message,
            ]),
          )
        : undefined;
      return reply.code(error.status).send(errorEnvelope(error.code, language, fields ? { fields } : {}));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
      return reply.code(status === 413 || status === 415 ? status : 400).send(errorEnvelope(code, language));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorEnvelope('internal_error', language, { requestId: String(request.id) }));
  });

  // While shutting down, answers in flight close their keep-alive connection, so the server can finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD.maxBytes, files: 1, fields: 10 } });
  await app.register(websocket);
  registerMetrics(app, config.metricsToken);

  systemRoutes(app, deps);
  systemImageRoutes(app, deps);
  contentRoutes(app, deps);
  gamesRoutes(app, deps);
  backofficeRoutes(app, deps);
  accountsRoutes(app, deps);
  realtimeRoute(app, deps);
  await frontEnds(app, deps);
  return app;
}

/** /ws: public events for visitors; a token, when given, must be a live session. */
function realtimeRoute(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Querystring: { token?: string } }>('/ws', { websocket: true }, async (socket, request) => {
    const token = request.query.token ?? null;
    const caller = await resolveCaller(
      deps.db,
      deps.config,
      tokenFromHeader(token ?? undefined),
      deps.clock.now(),
    );
    if (token && caller.kind === 'visitor') {
      socket.close(4401, 'unauthorized');
      return;
    }
    const remove = deps.realtime.add(socket);
    socket.on('close', remove);
    socket.send(JSON.stringify({ type: 'hello', audience: caller.kind }));
  });
}

/** The built player site at / and the console at /backoffice; every history-mode path gets its app. */
async function frontEnds(app: FastifyInstance, deps: AppDeps) {
  const sites = [
    { root: deps.config.backofficeDist, prefix: '/backoffice/' },
    { root: deps.config.webDist, prefix: '/' },
  ].filter((site) => existsSync(join(site.root, 'index.html')));
  for (const [index, site] of sites.entries()) {
    await app.register(fastifyStatic, {
      root: site.root,
      prefix: site.prefix,
      decorateReply: index === 0,
      wildcard: true,
      index: ['index.html'],
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some(
      (prefix) => path.startsWith(prefix) || path === prefix.replace(/\/$/, ''),
    );
    const site = sites.find(
      (candidate) => path.startsWith(candidate.prefix) || `${path}/` === candidate.prefix,
    );
    if (!isApi && site && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', site.root);
    }
    return reply.code(404).send(errorEnvelope('not_found', requestLanguage(request)));
  });
}
