import { resolve } from 'node:path';
import { z } from 'zod';

const REPO_ROOT = resolve(new URL('.', import.meta.url).pathname, '../../..');

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(resolve(REPO_ROOT, 'data/pglite')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  TRUST_PROXY: z.string().default(''),
  COUNTRY_HEADER: z.string().toLowerCase().default(''),
  MERCHANT_CODE: z
    .string()
    .regex(/^[A-Z0-9_]{2,20}$/)
    .default('TESSERA'),
  DEMO_SEED: flag.default(true),
  OWNER_USERNAME: z.string().optional(),
  OWNER_PASSWORD: z.string().min(10).optional(),
  OPERATOR_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  OPERATOR_SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  MEMBER_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  MEMBER_SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(24),
  OPERATOR_LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  OPERATOR_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(resolve(REPO_ROOT, 'apps/web/dist')),
  BACKOFFICE_DIST: z.string().default(resolve(REPO_ROOT, 'apps/backoffice/dist')),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string | null;
  databaseUrl: string | null;
  /** Fastify's trustProxy: false, true, a hop count or a list of addresses and CIDR ranges. */
  trustProxy: boolean | number | string[];
  countryHeader: string;
  merchantCode: string;
  demoSeed: boolean;
  owner: { username: string; password: string } | null;
  operatorSession: { idleMinutes: number; maxHours: number };
  memberSession: { idleMinutes: number; maxHours: number };
  operatorLogin: { maxAttempts: number; lockMinutes: number };
  /** When set, /metrics asks for this bearer token. */
  metricsToken: string | null;
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATABASE_URL ? null : e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? null,
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
    metricsToken: e.METRICS_TOKEN ?? null,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    backofficeDist: e.BACKOFFICE_DIST,
  };
}
