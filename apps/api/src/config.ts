import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const intFromEnv = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
const boolFromEnv = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: intFromEnv(3000),
  /** This machine only unless told otherwise (`HOST=0.0.0.0` behind a firewall or a proxy). */
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL connections per database alias and per process (docs/operations.md, "Sizing the pool"). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** How long a request waits for its turn at the database before it is answered 503 `server_busy`. */
  DATABASE_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** How many requests may wait for their turn; past that, new ones are answered `server_busy` at once. */
  DATABASE_QUEUE_MAX: z.coerce.number().int().min(0).default(500),
  PUBLIC_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  SEED_DEMO: boolFromEnv(true),
  /** argon2id cost; tests use the minimum. */
  ARGON2_MEMORY_KIB: intFromEnv(19_456),
  ARGON2_TIME_COST: intFromEnv(2),
  ACCESS_TOKEN_MINUTES: intFromEnv(15),
  REFRESH_TOKEN_HOURS: intFromEnv(24),
  /** Absolute session lifetime from the sign-in, whatever the refreshes. */
  SESSION_MAX_HOURS: intFromEnv(168),
  /** A refresh token presented again this soon after its use answers the same pair (two tabs). */
  REFRESH_GRACE_SECONDS: intFromEnv(30),
  /** A running job whose heartbeat is older than this (at least 60) lost its process: it is sent again (docs/billing.md, "Jobs"). */
  JOB_STALE_AFTER_SECONDS: intFromEnv(60),
  /** The token signing key (at least 32 bytes); unset: generated on first run and kept in the database. */
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  LOGIN_FAILURES_PER_IP_PER_MINUTE: intFromEnv(10),
  LOGIN_FAILURES_PER_ACCOUNT_AND_IP: intFromEnv(5),
  LOGIN_LOCK_MINUTES: intFromEnv(15),
  RESET_REQUESTS_PER_IP_PER_HOUR: intFromEnv(10),
  PUBLIC_BILL_REQUESTS_PER_MINUTE: intFromEnv(30),
  RESET_REQUESTS_PER_EMAIL_PER_HOUR: intFromEnv(3),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Meterline <no-reply@meterline.local>'),
  /** Default: `outbox` inside DATA_DIR. */
  OUTBOX_DIR: z.string().optional(),
  EXPORTS_DIR: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /**
   * The reverse proxy whose X-Forwarded-For is believed: its addresses or CIDRs (comma-separated,
   * also `loopback`, `uniquelocal`) or the number of proxy hops. Unset: the socket address counts.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((value) => value === undefined || !['true', 'yes', '*'].includes(value.trim().toLowerCase()), {
      message: 'name the proxy (addresses, CIDRs or a hop count): trusting every client would let anyone forge its address',
    }),
  CHROMIUM_PATH: z.string().optional(),
  /** The bearer token of `GET /api/metrics` (Prometheus); unset: the route answers 404. */
  METRICS_TOKEN: z.string().trim().min(16, { message: 'must be at least 16 characters' }).optional(),
});

export interface Config {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Extra database aliases from DATABASE_URL_<ALIAS> (alias in lower case). */
  aliasUrls: Record<string, string>;
  /** PostgreSQL only: connections per alias, and the requests' queue for them (plugins/admission.ts). */
  pool: { size: number; queueTimeoutMs: number; queueMax: number };
  publicUrl: string;
  webDist: string;
  logLevel: string;
  seedDemo: boolean;
  argon2: { memoryCost: number; timeCost: number };
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  sessionMaxSeconds: number;
  refreshGraceSeconds: number;
  jwtSecret: string | null;
  loginLimits: { perIpPerMinute: number; perAccountAndIp: number; lockSeconds: number };
  resetLimits: { perIpPerHour: number; perEmailPerHour: number };
  /** "Check my bill" calls a client address may make a minute (0: no limit; docs/security.md). */
  publicBillLimit: number;
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
  /** Finished CSV exports (docs/billing.md, "Exports"): kept 24 hours. */
  exportsDir: string;
  redisUrl: string | null;
  /** Fastify's trustProxy: false, the trusted proxies' addresses, or a test on the hop count. */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  chromiumPath: string | null;
  /** `GET /api/metrics` answers only with `Authorization: Bearer <this>`; null: it is off (404). */
  metricsToken: string | null;
  /** A running job's heartbeat older than this means its process died (at least 60). */
  jobStaleAfterSeconds: number;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const aliasUrls: Record<string, string> = {};
  for (const [key, value] of Object.entries(environment)) {
    const match = /^DATABASE_URL_([A-Z0-9_]+)$/.exec(key);
    const alias = match?.[1];
    if (alias && value) aliasUrls[alias.toLowerCase()] = value;
  }
  delete aliasUrls.default;
  const fromRoot = (value: string) => (path.isAbsolute(value) ? value : path.join(REPO_ROOT, value));
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: fromRoot(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL ?? null,
    aliasUrls,
    pool: { size: env.DATABASE_POOL_SIZE, queueTimeoutMs: env.DATABASE_QUEUE_TIMEOUT_MS, queueMax: env.DATABASE_QUEUE_MAX },
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    webDist: fromRoot(env.WEB_DIST ?? 'apps/web/dist'),
    logLevel: env.LOG_LEVEL,
    // A production deployment (PostgreSQL) never creates demo accounts.
    seedDemo: env.DATABASE_URL ? false : env.SEED_DEMO,
    argon2: { memoryCost: Math.max(env.ARGON2_MEMORY_KIB, 8), timeCost: Math.max(env.ARGON2_TIME_COST, 1) },
    accessTokenSeconds: env.ACCESS_TOKEN_MINUTES * 60,
    refreshTokenSeconds: env.REFRESH_TOKEN_HOURS * 3600,
    sessionMaxSeconds: env.SESSION_MAX_HOURS * 3600,
    refreshGraceSeconds: env.REFRESH_GRACE_SECONDS,
    jobStaleAfterSeconds: Math.max(env.JOB_STALE_AFTER_SECONDS, 60),
    jwtSecret: env.JWT_SECRET ?? null,
    loginLimits: {
      perIpPerMinute: env.LOGIN_FAILURES_PER_IP_PER_MINUTE,
      perAccountAndIp: env.LOGIN_FAILURES_PER_ACCOUNT_AND_IP,
      lockSeconds: env.LOGIN_LOCK_MINUTES * 60,
    },
    resetLimits: { perIpPerHour: env.RESET_REQUESTS_PER_IP_PER_HOUR, perEmailPerHour: env.RESET_REQUESTS_PER_EMAIL_PER_HOUR },
    publicBillLimit: env.PUBLIC_BILL_REQUESTS_PER_MINUTE,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    outboxDir: env.OUTBOX_DIR ? fromRoot(env.OUTBOX_DIR) : path.join(fromRoot(env.DATA_DIR), 'outbox'),
    exportsDir: env.EXPORTS_DIR ? fromRoot(env.EXPORTS_DIR) : path.join(fromRoot(env.DATA_DIR), 'exports'),
    redisUrl: env.REDIS_URL ?? null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    chromiumPath: env.CHROMIUM_PATH ?? null,
    metricsToken: env.METRICS_TOKEN ?? null,
  };
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || ['false', 'no', '0'].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
