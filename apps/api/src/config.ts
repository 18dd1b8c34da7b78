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
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  SEED_DEMO: boolFromEnv(true),
  /** argon2id cost; tests use the minimum. */
  ARGON2_MEMORY_KIB: intFromEnv(19_456),
  ARGON2_TIME_COST: intFromEnv(2),
  ACCESS_TOKEN_MINUTES: intFromEnv(15),
  REFRESH_TOKEN_HOURS: intFromEnv(24),
  LOGIN_FAILURES_PER_IP_PER_MINUTE: intFromEnv(10),
  LOGIN_FAILURES_PER_ACCOUNT_AND_IP: intFromEnv(5),
  LOGIN_LOCK_MINUTES: intFromEnv(15),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Meterline <no-reply@meterline.local>'),
  OUTBOX_DIR: z.string().default('data/outbox'),
  REDIS_URL: z.string().optional(),
  CHROMIUM_PATH: z.string().optional(),
});

export interface Config {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Extra database aliases from DATABASE_URL_<ALIAS> (alias in lower case). */
  aliasUrls: Record<string, string>;
  publicUrl: string;
  webDist: string;
  logLevel: string;
  seedDemo: boolean;
  argon2: { memoryCost: number; timeCost: number };
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  loginLimits: { perIpPerMinute: number; perAccountAndIp: number; lockSeconds: number };
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
  redisUrl: string | null;
  chromiumPath: string | null;
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
    if (match && value) aliasUrls[match[1].toLowerCase()] = value;
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
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    webDist: fromRoot(env.WEB_DIST ?? 'apps/web/dist'),
    logLevel: env.LOG_LEVEL,
    // A production deployment (PostgreSQL) never creates demo accounts.
    seedDemo: env.DATABASE_URL ? false : env.SEED_DEMO,
    argon2: { memoryCost: Math.max(env.ARGON2_MEMORY_KIB, 8), timeCost: Math.max(env.ARGON2_TIME_COST, 1) },
    accessTokenSeconds: env.ACCESS_TOKEN_MINUTES * 60,
    refreshTokenSeconds: env.REFRESH_TOKEN_HOURS * 3600,
    loginLimits: {
      perIpPerMinute: env.LOGIN_FAILURES_PER_IP_PER_MINUTE,
      perAccountAndIp: env.LOGIN_FAILURES_PER_ACCOUNT_AND_IP,
      lockSeconds: env.LOGIN_LOCK_MINUTES * 60,
    },
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    outboxDir: fromRoot(env.OUTBOX_DIR),
    redisUrl: env.REDIS_URL ?? null,
    chromiumPath: env.CHROMIUM_PATH ?? null,
  };
}
