import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import {
  ERRORS,
  type ErrorCode,
  errorMessage,
  FIELD_ERRORS,
  type FieldErrorKey,
  fieldMessage,
  HOME_PATHS,
  IMAGE_UPLOAD,
  LANGUAGE_COOKIE,
} from '@tessera/contract';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { consolidatedContractInfo } from './modules/agents/contracts-original.ts';
import { affiliateLinks } from './modules/agents/links.ts';
import { agentsRoutes } from './modules/agents/routes.ts';
import { backofficeRoutes } from './modules/backoffice/routes.ts';
import { liveChatOrigin } from './modules/chat/live-chat.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { homePage } from './modules/content/boot-page.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { gamesConsoleRoutes } from './modules/games/console-routes.ts';
import { houseConsoleRoutes } from './modules/games/house/console-routes.ts';
import { houseRoutes } from './modules/games/house/routes.ts';
import { providerRoutes } from './modules/games/providers/routes.ts';
import { gamesRoutes } from './modules/games/routes.ts';
import { vendorWallets } from './modules/games/vendor-wallets.ts';
import { inboxRoutes } from './modules/inbox/routes.ts';
import { kycRoutes } from './modules/kyc/routes.ts';
import { lotteryGames } from './modules/lottery/lottery-games.ts';
import { lotteryConsoleRoutes, lotteryRoutes } from './modules/lottery/routes.ts';
import { missionRoutes } from './modules/missions/routes.ts';
import { pointsRoutes } from './modules/points/routes.ts';
import { promotionRoutes } from './modules/promotions/routes.ts';
import { raffleRoutes } from './modules/raffle/routes.ts';
import { rebateRoutes } from './modules/rebates/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { responsibleRoutes } from './modules/responsible/routes.ts';
import { rewardRoutes } from './modules/rewards/routes.ts';
import { riskRoutes } from './modules/risk/routes.ts';
import { sportsbookConsoleRoutes, sportsbookRoutes } from './modules/sportsbook/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { consoleOpened } from './modules/support/workspace.ts';
import { systemImageRoutes, systemRoutes } from './modules/system/routes.ts';
import { vipRoutes } from './modules/vip/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { resolveCaller } from './platform/access.ts';
import { AppError } from './platform/app-error.ts';
import type { AppDeps } from './platform/context.ts';
import {
  allowingOrigin,
  limitConnections,
  loggerOptions,
  securityHeaderValues,
} from './platform/http-hardening.ts';
import { registerMetrics } from './platform/metrics.ts';
import { SERVICE_RESTART, SESSION_ENDED } from './platform/realtime.ts';
import { uuidBlocks } from './platform/rng.ts';
import { errorEnvelope, requestLanguage } from './platform/route.ts';

/** Paths the API owns; anything else that is not a file is a screen of one of the front ends. */
const API_PREFIXES = [
  '/wps/',
  '/lgw/',
  '/lotto/',
  '/backoffice/api/',
  '/images/',
  '/healthz',
  '/readyz',
  '/metrics',
  '/ws',
  '/providers/',
  '/house/api/',
];

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const requestTimeout = config.limits.requestTimeoutSeconds * 1000;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    // A hop count is valid for Fastify (proxy-addr) though its types omit it.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    // The log's request id is ours: a client-sent X-Request-Id is not trusted.
    genReqId: uuidBlocks(deps.rng),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // A whole request (headers and body) must arrive within the timeout: a slow body cannot hold a socket for long.
    requestTimeout,
    http: {
      requestTimeout,
      headersTimeout: Math.min(requestTimeout, 20_000),
      // How often Node looks for requests past their timeout (its default is every 30 s).
      connectionsCheckingInterval: Math.min(requestTimeout, 5_000),
    },
    // A connection that sends nothing at all for this long is closed.
    connectionTimeout: requestTimeout * 2,
    // Errors Fastify meets before a route runs (bad URL encoding, an over-long path parameter) get the envelope too.
    frameworkErrors: (error, request, reply) => {
      const status = (error as FastifyError).statusCode === 414 ? 414 : 400;
      (reply as FastifyReply).code(status).send(errorEnvelope('bad_request', requestLanguage(request)));
    },
  });
  limitConnections(app, config.limits);
  // The security headers, worked out once; a route may still set its own (an image's stricter CSP).
  const security = securityHeaderValues(config);
  app.addHook('onRequest', (request, reply, done) => {
    // Our own game frames (/house/…) may be framed by our pages; nothing else may be framed by anyone.
    reply.headers(request.url.startsWith('/house/') ? security.gameFrames : security.all);
    done();
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof AppError) {
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([field, message]) => [
              field,
              message in FIELD_ERRORS
                ? fieldMessage(message as FieldErrorKey, language)
                : message in ERRORS
                  ? errorMessage(message as ErrorCode, language)
                  : message,
            ]),
          )
        : undefined;
      return reply
        .code(error.status)
        .send(errorEnvelope(error.code, language, { ...(fields ? { fields } : {}), until: error.until }));
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

  // While shutting down, /readyz fails and answers in flight close their keep-alive connection, so the server can
  // finish.
  const { lifecycle } = deps.local;
  app.addHook('preClose', async () => {
    lifecycle.shuttingDown = true;
  });
  // The operators with a console socket here: touched every 20 s while the server runs, this process's rows
  // deleted when it closes (a process that dies leaves rows that expire).
  app.addHook('onReady', async () =>
    deps.local.presence.start((error) => app.log.error({ err: error }, 'operator presence not written')),
  );
  app.addHook('onClose', async () => deps.local.presence.stop());
  // One hook for every answer (a hook is a step of every request): while shutting down, the answer closes its
  // keep-alive connection; an HTML page of the player site may load the live chat's widget (Chatwoot) from the
  // origin the console configured, so only such a page waits for that origin (held in the content cache), every
  // other answer goes on at once.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return done(null, payload);
    const csp = reply.getHeader('content-security-policy');
    const sitePage =
      typeof csp === 'string' && !request.url.startsWith('/backoffice') && !request.url.startsWith('/house/');
    if (!sitePage) return done(null, payload);
    liveChatOrigin(deps).then((origin) => {
      if (origin) reply.header('content-security-policy', allowingOrigin(csp, origin));
      done(null, payload);
    }, done);
  });

  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD.maxBytes, files: 1, fields: 10 } });
  registerMetrics(app, { token: config.metricsToken, public: config.metricsPort === null });

  systemRoutes(app, deps);
  systemImageRoutes(app, deps);
  contentRoutes(app, deps);
  gamesRoutes(app, deps, lotteryGames);
  providerRoutes(app, deps);
  houseRoutes(app, deps);
  houseConsoleRoutes(app, deps);
  lotteryRoutes(app, deps);
  lotteryConsoleRoutes(app, deps);
  sportsbookRoutes(app, deps);
  sportsbookConsoleRoutes(app, deps);
  gamesConsoleRoutes(app, deps);
  backofficeRoutes(app, deps);
  accountsRoutes(app, deps, { affiliateLinks });
  walletRoutes(app, deps, vendorWallets, consolidatedContractInfo);
  kycRoutes(app, deps);
  agentsRoutes(app, deps);
  vipRoutes(app, deps);
  rebateRoutes(app, deps);
  responsibleRoutes(app, deps);
  promotionRoutes(app, deps);
  rewardRoutes(app, deps);
  raffleRoutes(app, deps);
  pointsRoutes(app, deps);
  missionRoutes(app, deps);
  inboxRoutes(app, deps);
  supportRoutes(app, deps);
  riskRoutes(app, deps);
  reportsRoutes(app, deps);
  chatRoutes(app, deps);
  await realtimeRoute(app, deps);
  await frontEnds(app, deps);
  return app;
}

/** How long a socket may take to send its `auth` message before it counts as a visitor's for good. */
const SOCKET_AUTH_MS = 10_000;

/**
 * /ws: every socket starts as a visitor's and receives public events. A member's or operator's client then sends
 * `{ "type": "auth", "token": … }` as a message (never in the URL, which reaches logs); a live session makes the
 * socket theirs, anything else closes it with 4401. A browser's socket must come from this site's origin.
 *
 * The socket plugin (@fastify/websocket) lives in a context of its own with /ws alone: its request hooks and its
 * wrapper of every handler then run for /ws, not on every HTTP request. It hears only the upgrades to /ws; an
 * upgrade to any other path is answered 404 and its connection closed.
 */
async function realtimeRoute(app: FastifyInstance, deps: AppDeps) {
  const upgrades = new EventEmitter();
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((request.url ?? '').split('?')[0] === '/ws') upgrades.emit('upgrade', request, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
  });
  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: { server: upgrades as unknown as Server },
      // On shutdown every socket is closed with 1012 (service restart): the site's client reconnects, through the
      // load balancer, to another process. The server stops taking upgrades with the HTTP server.
      preClose(done) {
        const server = this.websocketServer;
        for (const client of server.clients) client.close(SERVICE_RESTART, 'server restarting');
        server.close();
        done();
      },
    });
    socketRoute(scope, deps);
  });
}

function socketRoute(app: FastifyInstance, deps: AppDeps) {
  app.get('/ws', { websocket: true }, (socket, request) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !sameOrigin(origin, request.headers.host)) {
      socket.close(4403, 'origin refused');
      return;
    }
    const remove = deps.realtime.add(socket);
    socket.on('close', remove);
    socket.send(JSON.stringify({ type: 'hello', audience: 'visitor' }));
    const deadline = setTimeout(() => socket.off('message', onAuth), SOCKET_AUTH_MS);
    socket.on('close', () => clearTimeout(deadline));
    // After `auth`: `{type: 'subscribe' | 'unsubscribe', topic}` joins or leaves a topic its guard lets in (a chat room).
    const onTopicMessage = (data: Buffer) => {
      const message = topicMessage(data);
      if (!message) return;
      if (message.type === 'unsubscribe') {
        deps.realtime.unsubscribe(socket, message.topic);
        return;
      }
      deps.realtime
        .subscribe(socket, message.topic)
        .then((joined) => {
          if (!joined) socket.send(JSON.stringify({ type: 'refused', topic: message.topic }));
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'socket subscription failed'));
    };
    const onAuth = (data: Buffer) => {
      socket.off('message', onAuth);
      clearTimeout(deadline);
      const token = authToken(data);
      (async () => {
        const caller = await resolveCaller(deps.db, deps.config, token, deps.clock.now());
        if (caller.kind === 'visitor') {
          socket.close(SESSION_ENDED, 'unauthorized');
          return;
        }
        if (socket.readyState !== socket.OPEN) return;
        deps.realtime.identify(
          socket,
          caller.kind === 'member'
            ? { kind: 'member', memberId: caller.memberId, tokenHash: caller.tokenHash }
            : { kind: 'operator', operatorId: caller.operatorId, tokenHash: caller.tokenHash },
        );
        if (caller.kind === 'operator') {
          // The operator has the console open while this socket is (support's round robin counts it as online).
          const { operatorId } = caller;
          const written = deps.local.presence.opened(operatorId);
          socket.on('close', () => void deps.local.presence.closed(operatorId));
          await written;
        }
        socket.send(JSON.stringify({ type: 'hello', audience: caller.kind }));
        socket.on('message', (message: Buffer) => onTopicMessage(message));
        // Available with the console now open: the operator takes what waits in their teams' queues (a failure
        // there leaves the socket open and the conversations waiting).
        if (caller.kind === 'operator') {
          consoleOpened(deps, caller.operatorId, deps.clock.now()).catch((error: unknown) =>
            request.log.error({ err: error }, 'waiting conversations not taken'),
          );
        }
      })().catch((error: unknown) => {
        request.log.error({ err: error }, 'socket authentication failed');
        socket.close(1011, 'server error');
      });
    };
    socket.on('message', onAuth);
  });
}

function authToken(data: Buffer): string | null {
  try {
    const message = JSON.parse(data.toString('utf8')) as { type?: unknown; token?: unknown };
    return message.type === 'auth' && typeof message.token === 'string' && message.token.length <= 512
      ? message.token
      : null;
  } catch {
    return null;
  }
}

function topicMessage(data: Buffer): { type: 'subscribe' | 'unsubscribe'; topic: string } | null {
  try {
    const message = JSON.parse(data.toString('utf8')) as { type?: unknown; topic?: unknown };
    return (message.type === 'subscribe' || message.type === 'unsubscribe') &&
      typeof message.topic === 'string' &&
      message.topic.length <= 100
      ? { type: message.type, topic: message.topic }
      : null;
  } catch {
    return null;
  }
}

function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The built player site at / and the console at /backoffice; every history-mode path gets its app. */
async function frontEnds(app: FastifyInstance, deps: AppDeps) {
  const sites = [
    { root: deps.config.backofficeDist, prefix: '/backoffice/' },
    { root: deps.config.webDist, prefix: '/' },
  ].filter((site) => existsSync(join(site.root, 'index.html')));
  const player = sites.find((site) => site.prefix === '/');
  // Home's loading page carries its first banner (boot-page.ts); the built page is read once.
  const playerIndex = player ? readFileSync(join(player.root, 'index.html'), 'utf8') : null;
  for (const [index, site] of sites.entries()) {
    await app.register(fastifyStatic, {
      root: site.root,
      prefix: site.prefix,
      decorateReply: index === 0,
      wildcard: true,
      // The builds write each file brotli and gzip compressed beside it (vite-plugin-compression2).
      preCompressed: true,
      index: ['index.html'],
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  if (playerIndex) {
    for (const path of HOME_PATHS) {
      app.get(path, async (request, reply) =>
        reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(await homePage(deps.db, playerIndex, request.cookies[LANGUAGE_COOKIE])),
      );
    }
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
      // The house's game frames are a page of their own in the player site's build.
      const page =
        path.startsWith('/house/') && site.prefix === '/' && existsSync(join(site.root, 'house.html'))
          ? 'house.html'
          : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page, site.root);
    }
    return reply.code(404).send(errorEnvelope('not_found', requestLanguage(request)));
  });
}
