import { resolve } from 'node:path';
import { z } from 'zod';

const REPO_ROOT = resolve(new URL('.', import.meta.url).pathname, '../../..');

/** The sandbox gateway's default secret: published in the README, so a channel using it can be signed by anyone. */
export const PUBLISHED_SANDBOX_SECRET = 'sandbox-demo-secret';

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(resolve(REPO_ROOT, 'data/pglite')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_LISTEN_URL must start with postgres://')
    .optional(),
  DATABASE_REPLICA_URL: z.string().default(''),
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  TRUST_PROXY: z.string().default(''),
  COUNTRY_HEADER: z.string().toLowerCase().default(''),
  MERCHANT_CODE: z
    .string()
    .regex(/^[A-Z0-9_]{2,20}$/)
    .default('TESSERA'),
  DEMO_SEED: flag.default(true),
  OWNER_USERNAME: z.string().optional(),
  OWNER_PASSWORD: z.string().min(12).optional(),
  OPERATOR_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  OPERATOR_SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  MEMBER_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  MEMBER_SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(24),
  OPERATOR_LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  OPERATOR_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  MEMBER_LOGIN_CAPTCHA_AFTER: z.coerce.number().int().min(1).default(3),
  MEMBER_LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  MEMBER_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  PASSWORD_EXPIRY_DAYS: z.coerce.number().int().min(0).default(90),
  RESET_LINK_MINUTES: z.coerce.number().int().min(1).default(30),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().default('Tessera <no-reply@tessera.example>'),
  SMTP_SECURE: flag.default(false),
  SMS_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_TEMPLATE: z.string().default('Your verification code is {code}. It expires in {minutes} minutes.'),
  SMS_CODE_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  SMS_MAX_PER_NUMBER: z.coerce.number().int().min(1).default(5),
  SMS_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  JOBS: flag.default(true),
  IDEMPOTENCY_KEY_DAYS: z.coerce.number().int().min(122).default(180),
  HOUSEKEEPING_CRON: z.string().default('17 * * * *'),
  RECONCILE_CRON: z.string().default('40 3 * * *'),
  AGENT_ROLLUP_CRON: z.string().default('* * * * *'),
  TEST_CLOCK: flag.default(false),
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(2000),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(50),
  VISITOR_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  CONTENT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  REGISTER_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  OPERATOR_LOGIN_SLOW_AFTER: z.coerce.number().int().min(1).default(3),
  SECRETS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=?$/, 'SECRETS_KEY must be 32 bytes in base64')
    .optional(),
  SECRETS_KEY_FILE: z.string().default(resolve(REPO_ROOT, 'data/secrets.key')),
  CAPTCHA_PROVIDER: z.enum(['image', 'turnstile', 'hcaptcha', 'test']).default('image'),
  CAPTCHA_TEST_ANSWER: z
    .string()
    .regex(/^[A-HJ-NP-Z2-9]{4}$/, 'CAPTCHA_TEST_ANSWER must be 4 captcha characters')
    .optional(),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_SECRET: z.string().optional(),
  CAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
  LEGACY_ENCRYPTION: flag.default(false),
  PAYMENT_SANDBOX_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8090'),
  // Unset: on, off with NODE_ENV=production (where setting it on is refused).
  PAYMENT_SANDBOX: flag.optional(),
  OPERATOR_URLS_ALLOW_PRIVATE: flag.default(false),
  PAYMENT_SANDBOX_SECRET: z.string().min(8).default(PUBLISHED_SANDBOX_SECRET),
  PAYMENT_GATEWAY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  PAYMENT_QUERY_CRON: z.string().default('* * * * *'),
  PAYMENT_QUERY_AFTER_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  PAYMENT_ORDER_EXPIRY_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  GAME_PROVIDER_SANDBOX_URL: z.url({ protocol: /^https?$/ }).optional(),
  GAME_FRAME_ORIGINS: z.string().default(''),
  GAME_WALLET_URL: z.url({ protocol: /^https?$/ }).optional(),
  GAME_SESSION_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  GAME_PROVIDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  GAME_CATALOGUE_CRON: z.string().default('23 */6 * * *'),
  GAME_TRANSFER_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(resolve(REPO_ROOT, 'apps/web/dist')),
  BACKOFFICE_DIST: z.string().default(resolve(REPO_ROOT, 'apps/backoffice/dist')),
});

export type Config = {
  port: number;
  host: string;
  /** NODE_ENV=production: start checks refuse what only a demo or a test may use. */
  production: boolean;
  /**
   * TEST_CLOCK: the server's clock is real time plus an offset the owner moves forward in the console's test-clock
   * endpoint (registered only then), so tests see scheduled work run without waiting. Refused in production.
   */
  testClock: boolean;
  /**
   * OPERATOR_URLS_ALLOW_PRIVATE: URLs operators enter for the server to reach (the lottery results feed, a payment
   * gateway) may point at loopback, private and link-local addresses. Off by default; tests and installs with such
   * services on their own network turn it on.
   */
  operatorUrlsAllowPrivate: boolean;
  dataDir: string | null;
  databaseUrl: string | null;
  /**
   * DATABASE_LISTEN_URL: the address of the one connection per process that LISTENs (real-time events, cache
   * invalidations, the job runner's wake-up); DATABASE_URL when unset. Behind PgBouncer in transaction mode, an
   * address that reaches PostgreSQL directly (docs/scaling.md).
   */
  databaseListenUrl: string | null;
  /** DATABASE_POOL_SIZE: connections this process opens to a PostgreSQL server (not used with PGlite). */
  databasePoolSize: number;
  /**
   * DATABASE_REPLICA_URL (comma-separated): streaming replicas that take the reads that tolerate a little lag (the
   * console's reports and dashboard, the agents' reports; docs/scaling.md), each while it is up and replays within
   * DATABASE_REPLICA_MAX_LAG_SECONDS of the primary; otherwise those reads go to the primary. PostgreSQL only.
   */
  databaseReplicas: { urls: string[]; maxLagSeconds: number };
  /**
   * What each process holds in memory, in seconds (0: nothing): CONTENT_CACHE_SECONDS, public answers (dropped on
   * every process as soon as the content changes); SESSION_CACHE_SECONDS, the caller behind a token (dropped on
   * every process as soon as the session ends).
   */
  cache: { contentSeconds: number; sessionSeconds: number };
  /** Fastify's trustProxy: false, true, a hop count or a list of addresses and CIDR ranges. */
  trustProxy: boolean | number | string[];
  countryHeader: string;
  merchantCode: string;
  demoSeed: boolean;
  owner: { username: string; password: string } | null;
  operatorSession: { idleMinutes: number; maxHours: number };
  memberSession: { idleMinutes: number; maxHours: number };
  operatorLogin: { maxAttempts: number; lockMinutes: number };
  /** Member logins: a captcha after captchaAfter failures, a lock of lockMinutes after maxAttempts. */
  memberLogin: { captchaAfter: number; maxAttempts: number; lockMinutes: number };
  /** A member's password expires this many days after it was set; 0 never. */
  passwordExpiryDays: number;
  resetLinkMinutes: number;
  /** The player site's address, for links in mails. */
  siteUrl: string;
  /** SMTP delivery; null keeps mail in the database outbox. */
  smtp: { host: string; port: number; user: string | null; password: string | null; secure: boolean } | null;
  mailFrom: string;
  sms: {
    /** The HTTP gateway; null keeps SMS in the database outbox. */
    gateway: { url: string; token: string | null } | null;
    /** Placeholders {code}, {minutes} and {brand}. */
    template: string;
    codeMinutes: number;
    maxPerNumber: number;
    maxPerIp: number;
  };
  /** This process runs the job runner (jobs, schedules, outbox deliveries). */
  jobs: boolean;
  /** Idempotency keys and their answers are kept this long (at least 4 months), then purged. */
  idempotencyKeyDays: number;
  /** When the housekeeping job purges what has expired (a cron pattern, UTC; seconds allowed as a sixth field). */
  housekeepingCron: string;
  /** When the daily ledger reconciliation runs (a cron pattern, UTC). */
  reconcileCron: string;
  /**
   * When the agents' roll-up job folds settled rounds and postings into the team reports (a cron pattern, UTC;
   * default every minute, seconds allowed as a leading sixth field).
   */
  agentRollupCron: string;
  /** When set, /metrics asks for this bearer token. */
  metricsToken: string | null;
  /** When set, /metrics is served only on this port of metricsHost (not on the public port). */
  metricsPort: number | null;
  metricsHost: string;
  /** Limits of the HTTP server: a whole request must arrive within this time; open connections in all and per address. */
  limits: {
    requestTimeoutSeconds: number;
    maxConnections: number;
    /** 0: no per-address limit (also when a proxy is trusted: its connections carry many visitors). */
    maxConnectionsPerIp: number;
    /** Calls without a session a single address may make in a minute. */
    visitorRequestsPerMinute: number;
    /** Accounts a single address may register in an hour. */
    registerPerIp: number;
  };
  /** Failed console sign-ins from one address after which each further try must wait (1 s, then doubling). */
  operatorLoginSlowAfter: number;
  /** 32-byte key that encrypts secrets at rest (operators' TOTP secrets); null until main.ts reads the key file. */
  secretsKey: Buffer | null;
  secretsKeyFile: string;
  /** Human verification of player forms: the built-in image captcha, or Cloudflare Turnstile or hCaptcha. */
  captcha:
    | { provider: 'image' }
    /** Tests only: the drawn captcha always shows this answer. */
    | { provider: 'test'; answer: string }
    | { provider: 'turnstile' | 'hcaptcha'; siteKey: string; secret: string; verifyUrl: string };
  /** Encrypted calls also accept the original platform's weak scheme (1024-bit RSA, single DES), for old clients. */
  legacyEncryption: boolean;
  /** Online payment gateways: how long a call may take, and when the status-query job asks about pending orders. */
  payments: {
    /**
     * Whether the sandbox gateway runs (PAYMENT_SANDBOX): only then does the demo data get its online channel, and
     * a channel signed with the published sandbox secret is believed.
     */
    sandbox: boolean;
    /** The sandbox gateway the demo data's online channel points at, and the secret it signs with. */
    sandboxUrl: string;
    sandboxSecret: string;
    gatewayTimeoutSeconds: number;
    /** When the job that asks gateways about pending online orders runs (cron, UTC). */
    queryCron: string;
    /** An online order without a result is asked about once it is this old, and again after as long. */
    queryAfterMinutes: number;
    /** A pending online order the gateway never saw paid fails after this many hours. */
    orderExpiryHours: number;
  };
  /** Game providers (aggregators): see README, Game providers. */
  gameProviders: {
    /** The provider simulator the demo data's providers point at; null in production. */
    sandboxUrl: string | null;
    /** Origins whose game pages the player site may frame (the simulator's is always one). */
    frameOrigins: string[];
    /** Where providers reach our wallet API (…/providers/hub88/<code>); the site's address by default. */
    walletUrl: string;
    /** A game session (its token) lasts this long for bets; wins and rollbacks are accepted after it. */
    sessionHours: number;
    /** How long a call to a provider may take. */
    timeoutSeconds: number;
    /** When the catalogue sync runs (cron, UTC); it also runs at start. */
    catalogueCron: string;
    /** A transfer whose call timed out is asked about (status) after this many seconds, before a retry or refund. */
    transferCheckSeconds: number;
  };
  logLevel: string;
  webDist: string;
  backofficeDist: string;
};

export function parseTrustProxy(value: string): Config['trustProxy'] {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function gameProvidersOf(e: z.output<typeof schema>, production: boolean): Config['gameProviders'] {
  const siteUrl = (e.SITE_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, '');
  // In production there is no simulator: nothing points at it and its pages are not framed.
  const sandboxUrl = production
    ? null
    : (e.GAME_PROVIDER_SANDBOX_URL ?? 'http://127.0.0.1:8091').replace(/\/+$/, '');
  const origins = e.GAME_FRAME_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
        throw new Error(`Invalid configuration: GAME_FRAME_ORIGINS: ${origin} is not an origin`);
      }
      return origin;
    });
  return {
    sandboxUrl,
    frameOrigins: [...new Set([...(sandboxUrl ? [new URL(sandboxUrl).origin] : []), ...origins])],
    walletUrl: (e.GAME_WALLET_URL ?? siteUrl).replace(/\/+$/, ''),
    sessionHours: e.GAME_SESSION_HOURS,
    timeoutSeconds: e.GAME_PROVIDER_TIMEOUT_SECONDS,
    catalogueCron: e.GAME_CATALOGUE_CRON,
    transferCheckSeconds: e.GAME_TRANSFER_CHECK_SECONDS,
  };
}

function replicaUrlsOf(value: string, postgres: boolean): string[] {
  const urls = value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  for (const url of urls)
    if (!/^postgres(ql)?:\/\//.test(url))
      throw new Error(
        'Invalid configuration: DATABASE_REPLICA_URL: each address must start with postgres://',
      );
  if (urls.length > 0 && !postgres)
    throw new Error('Invalid configuration: DATABASE_REPLICA_URL needs DATABASE_URL (a PostgreSQL primary)');
  return urls;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset.
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (Boolean(e.OWNER_USERNAME) !== Boolean(e.OWNER_PASSWORD)) {
    throw new Error('Invalid configuration: OWNER_USERNAME and OWNER_PASSWORD go together');
  }
  if (Boolean(e.SMTP_USER) !== Boolean(e.SMTP_PASSWORD)) {
    throw new Error('Invalid configuration: SMTP_USER and SMTP_PASSWORD go together');
  }
  if (e.CAPTCHA_PROVIDER === 'test' && (!e.CAPTCHA_TEST_ANSWER || env.NODE_ENV === 'production')) {
    throw new Error(
      'Invalid configuration: CAPTCHA_PROVIDER=test is for tests only and needs CAPTCHA_TEST_ANSWER',
    );
  }
  const production = env.NODE_ENV === 'production';
  if (production) {
    // What only a test or the demo may use: each is named, so the operator knows which setting to remove.
    const testOnly = [
      e.TEST_CLOCK && 'TEST_CLOCK is for tests only',
      e.CAPTCHA_TEST_ANSWER && 'CAPTCHA_TEST_ANSWER is for tests only',
      e.PAYMENT_SANDBOX && 'PAYMENT_SANDBOX: the sandbox payment gateway moves no money',
      e.GAME_PROVIDER_SANDBOX_URL &&
        'GAME_PROVIDER_SANDBOX_URL: the game provider simulator is for the demo only',
    ].filter((problem): problem is string => Boolean(problem));
    if (testOnly.length > 0) {
      throw new Error(
        `Invalid configuration: ${testOnly.join('; ')}; never with NODE_ENV=production (remove the setting)`,
      );
    }
  }
  if (
    (e.CAPTCHA_PROVIDER === 'turnstile' || e.CAPTCHA_PROVIDER === 'hcaptcha') &&
    !(e.CAPTCHA_SITE_KEY && e.CAPTCHA_SECRET)
  ) {
    throw new Error(
      `Invalid configuration: CAPTCHA_PROVIDER=${e.CAPTCHA_PROVIDER} needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET`,
    );
  }
  if (e.MEMBER_LOGIN_CAPTCHA_AFTER > e.MEMBER_LOGIN_MAX_ATTEMPTS) {
    throw new Error('Invalid configuration: MEMBER_LOGIN_CAPTCHA_AFTER exceeds MEMBER_LOGIN_MAX_ATTEMPTS');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    production,
    testClock: e.TEST_CLOCK,
    operatorUrlsAllowPrivate: e.OPERATOR_URLS_ALLOW_PRIVATE,
    dataDir: e.DATABASE_URL ? null : e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? null,
    databaseListenUrl: e.DATABASE_URL ? (e.DATABASE_LISTEN_URL ?? null) : null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseReplicas: {
      urls: replicaUrlsOf(e.DATABASE_REPLICA_URL, Boolean(e.DATABASE_URL)),
      maxLagSeconds: e.DATABASE_REPLICA_MAX_LAG_SECONDS,
    },
    cache: { contentSeconds: e.CONTENT_CACHE_SECONDS, sessionSeconds: e.SESSION_CACHE_SECONDS },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    countryHeader: e.COUNTRY_HEADER,
    merchantCode: e.MERCHANT_CODE,
    demoSeed: e.DEMO_SEED,
    owner:
      e.OWNER_USERNAME && e.OWNER_PASSWORD
        ? { username: e.OWNER_USERNAME, password: e.OWNER_PASSWORD }
        : null,
    operatorSession: { idleMinutes: e.OPERATOR_SESSION_IDLE_MINUTES, maxHours: e.OPERATOR_SESSION_MAX_HOURS },
    memberSession: { idleMinutes: e.MEMBER_SESSION_IDLE_MINUTES, maxHours: e.MEMBER_SESSION_MAX_HOURS },
    operatorLogin: { maxAttempts: e.OPERATOR_LOGIN_MAX_ATTEMPTS, lockMinutes: e.OPERATOR_LOCK_MINUTES },
    memberLogin: {
      captchaAfter: e.MEMBER_LOGIN_CAPTCHA_AFTER,
      maxAttempts: e.MEMBER_LOGIN_MAX_ATTEMPTS,
      lockMinutes: e.MEMBER_LOCK_MINUTES,
    },
    passwordExpiryDays: e.PASSWORD_EXPIRY_DAYS,
    resetLinkMinutes: e.RESET_LINK_MINUTES,
    siteUrl: (e.SITE_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          user: e.SMTP_USER ?? null,
          password: e.SMTP_PASSWORD ?? null,
          secure: e.SMTP_SECURE,
        }
      : null,
    mailFrom: e.SMTP_FROM,
    sms: {
      gateway: e.SMS_GATEWAY_URL ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN ?? null } : null,
      template: e.SMS_TEMPLATE,
      codeMinutes: e.SMS_CODE_MINUTES,
      maxPerNumber: e.SMS_MAX_PER_NUMBER,
      maxPerIp: e.SMS_MAX_PER_IP,
    },
    jobs: e.JOBS,
    idempotencyKeyDays: e.IDEMPOTENCY_KEY_DAYS,
    housekeepingCron: e.HOUSEKEEPING_CRON,
    reconcileCron: e.RECONCILE_CRON,
    agentRollupCron: e.AGENT_ROLLUP_CRON,
    metricsToken: e.METRICS_TOKEN ?? null,
    metricsPort: e.METRICS_PORT ?? null,
    metricsHost: e.METRICS_HOST,
    limits: {
      requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
      maxConnections: e.MAX_CONNECTIONS,
      maxConnectionsPerIp: e.TRUST_PROXY.trim() === '' ? e.MAX_CONNECTIONS_PER_IP : 0,
      visitorRequestsPerMinute: e.VISITOR_REQUESTS_PER_MINUTE,
      registerPerIp: e.REGISTER_MAX_PER_IP,
    },
    operatorLoginSlowAfter: e.OPERATOR_LOGIN_SLOW_AFTER,
    secretsKey: e.SECRETS_KEY ? Buffer.from(e.SECRETS_KEY, 'base64') : null,
    secretsKeyFile: e.SECRETS_KEY_FILE,
    captcha:
      e.CAPTCHA_PROVIDER === 'image'
        ? { provider: 'image' }
        : e.CAPTCHA_PROVIDER === 'test'
          ? { provider: 'test', answer: e.CAPTCHA_TEST_ANSWER ?? '' }
          : {
              provider: e.CAPTCHA_PROVIDER,
              siteKey: e.CAPTCHA_SITE_KEY ?? '',
              secret: e.CAPTCHA_SECRET ?? '',
              verifyUrl:
                e.CAPTCHA_VERIFY_URL ??
                (e.CAPTCHA_PROVIDER === 'turnstile'
                  ? 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
                  : 'https://api.hcaptcha.com/siteverify'),
            },
    legacyEncryption: e.LEGACY_ENCRYPTION,
    payments: {
      sandbox: e.PAYMENT_SANDBOX ?? !production,
      sandboxUrl: e.PAYMENT_SANDBOX_URL.replace(/\/+$/, ''),
      sandboxSecret: e.PAYMENT_SANDBOX_SECRET,
      gatewayTimeoutSeconds: e.PAYMENT_GATEWAY_TIMEOUT_SECONDS,
      queryCron: e.PAYMENT_QUERY_CRON,
      queryAfterMinutes: e.PAYMENT_QUERY_AFTER_MINUTES,
      orderExpiryHours: e.PAYMENT_ORDER_EXPIRY_HOURS,
    },
    gameProviders: gameProvidersOf(e, production),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    backofficeDist: e.BACKOFFICE_DIST,
  };
}
