import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { AppError } from './app-error.ts';

/** Where each captcha provider's widget script and frames come from. */
const CAPTCHA_ORIGINS = {
  turnstile: ['https://challenges.cloudflare.com'],
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
} as const;

type SecurityConfig = Pick<Config, 'siteUrl' | 'captcha'> & {
  gameProviders?: Pick<Config['gameProviders'], 'frameOrigins'>;
};

/**
 * Browser security headers (helmet's options) for the player site, the console and the API: a
 * Content-Security-Policy that runs only our own scripts (no inline script, no eval), frames nobody may embed,
 * nosniff, a referrer policy, and HSTS when the site is served over https.
 */
function securityHeaders(config: SecurityConfig): HelmetOptions {
  const https = config.siteUrl.startsWith('https:');
  const provider = config.captcha.provider;
  const captcha: string[] =
    provider === 'turnstile' || provider === 'hcaptcha' ? [...CAPTCHA_ORIGINS[provider]] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...captcha],
        'script-src-attr': ["'none'"],
        // React sets style attributes; styles cannot run code.
        'style-src': ["'self'", "'unsafe-inline'", ...captcha],
        // Captcha and QR images are data URLs; artwork is ours.
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        // The API and the real-time socket (ws: on the same host is 'self'); https: for the right bar's speed test,
        // which times a request to each of the operator's mirror domains.
        'connect-src': ["'self'", 'https:', ...captcha],
        // Our own game frames, the game providers' pages, and the captcha provider's widget when one is configured.
        'frame-src': ["'self'", ...(config.gameProviders?.frameOrigins ?? []), ...captcha],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // The captcha providers' widgets open pop-ups of their own.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * A Content-Security-Policy that also lets the page load scripts and frames from `origin` and talk to it (https or
 * wss; http or ws when it is http, as a sandbox on the same machine is): the live chat's widget, which the console
 * configures at run time, so the fixed policy cannot name it.
 */
export function allowingOrigin(csp: string, origin: string): string {
  const socket = origin.replace(/^http/, 'ws');
  const extra: Record<string, string[]> = {
    'script-src': [origin],
    'frame-src': [origin],
    'connect-src': [origin, socket],
    'img-src': [origin],
    'style-src': [origin],
  };
  return csp
    .split(';')
    .map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      const more = extra[name];
      return more
        ? [name, ...values, ...more.filter((value) => !values.includes(value))].join(' ')
        : directive.trim();
    })
    .join(';');
}

/** Browser features the site never uses are switched off; full screen stays for our game frames. */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=(), fullscreen=(self)';

/**
 * The headers of every answer, written by helmet's middleware for `securityHeaders` once, when the app is built
 * (the middleware would work its options out again on every request), with the permissions policy. Our own game
 * frames (/house/…) get their own set: our pages may frame them, nothing else may.
 */
export function securityHeaderValues(config: SecurityConfig): {
  all: Readonly<Record<string, string>>;
  gameFrames: Readonly<Record<string, string>>;
} {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(securityHeaders(config))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  const all: Record<string, string> = { ...headers, 'permissions-policy': PERMISSIONS_POLICY };
  return {
    all,
    gameFrames: {
      ...all,
      'content-security-policy': (all['content-security-policy'] ?? '').replace(
        "frame-ancestors 'none'",
        "frame-ancestors 'self'",
      ),
      'x-frame-options': 'SAMEORIGIN',
    },
  };
}

/** Query parameters whose values are secrets: they never reach a log line. */
const SECRET_QUERY = /^(.*token.*|.*password.*|.*secret.*|code|captcha|key|signature|sig|auth.*)$/i;

/** A URL as logged: the values of secret-looking query parameters are replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return rest.length > 0 && SECRET_QUERY.test(decoded) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Pino options: JSON lines, secrets redacted (Authorization, cookies, secret query parameters). */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-encryption-key"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: {
        method: string;
        url: string;
        hostname?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.hostname,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's callers prove who they are by a signature (a game provider, a payment gateway): see route.ts. */
    signedByCaller?: boolean;
  }
}

/**
 * Caps open connections: MAX_CONNECTIONS in all (Node refuses more), and MAX_CONNECTIONS_PER_IP from one address,
 * so a few slow clients cannot hold every socket. The per-address cap is meant for visitors: a connection past it is
 * still accepted, but on probation. Its first request must come within a few seconds and be to a route whose callers
 * sign their calls (a game provider's wallet calls, a payment gateway's callbacks, which a busy partner sends over
 * many keep-alive connections from one address); then the connection is served like any other. Any other request on
 * it is answered too_many_requests and the connection closed; one that sends nothing is closed.
 */
export function limitConnections(app: FastifyInstance, limits: Config['limits']) {
  app.server.maxConnections = limits.maxConnections;
  if (limits.maxConnectionsPerIp <= 0) return;
  const probationMs = Math.min(5_000, limits.requestTimeoutSeconds * 1000);
  const open = new Map<string, number>();
  const onProbation = new WeakMap<Socket, NodeJS.Timeout>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
      clearTimeout(onProbation.get(socket));
    });
    if (count > limits.maxConnectionsPerIp) {
      const timer = setTimeout(() => socket.destroy(), probationMs);
      timer.unref();
      onProbation.set(socket, timer);
    }
  });
  // A hook with a callback, not an async one: every request passes it, and most are on no probation.
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    const timer = onProbation.get(socket);
    if (timer === undefined) return done();
    clearTimeout(timer);
    onProbation.delete(socket);
    if (request.routeOptions.config?.signedByCaller) return done();
    reply.header('connection', 'close');
    done(new AppError('too_many_requests'));
  });
}
