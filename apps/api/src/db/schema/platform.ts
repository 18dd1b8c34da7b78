import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Platform tables: they live in the `default` database only (tenants, users, tokens, throttling).
 * Every database alias gets the same schema so that one migration set serves them all.
 */
export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  dbAlias: text('db_alias').notNull().default('default'),
  isBlocked: boolean('is_blocked').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    username: text('username').notNull(),
    email: text('email').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    role: text('role').notNull(),
    avatar: text('avatar'),
    isActive: boolean('is_active').notNull().default(true),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    otpSecret: text('otp_secret'),
    otpPendingSecret: text('otp_pending_secret'),
    otpEnabled: boolean('otp_enabled').notNull().default(false),
    /** Digits on Arabic screens (docs/web.md): 'arab', 'latn', or NULL for the tenant's `default_digits`. */
    digits: text('digits'),
    otpLastTimeStep: bigint('otp_last_time_step', { mode: 'number' }),
    /** Bumped when the password, role or active flag changes: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(1),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    index('users_tenant_idx').on(table.tenantId, table.id),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The token issued when this one was used: a repeat within the grace window answers that pair again. */
    replacedBy: text('replaced_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_user_idx').on(table.userId)],
);

/**
 * Attempt counters of rate-limiter-flexible (failed sign-ins, password-reset requests) when no
 * Redis is configured: shared by every API process through the database.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

/** Secrets generated on first run (the token signing key), so that every process agrees. */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Append-only audit log; lives in the database that holds the changed data. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorRole: text('actor_role'),
    ip: text('ip'),
    requestId: text('request_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [index('audit_log_tenant_idx').on(table.tenantId, table.at), index('audit_log_entity_idx').on(table.entity, table.entityId)],
);

/** Idempotency-Key records of money writes. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: integer('tenant_id').notNull(),
    key: text('key').notNull(),
    userId: integer('user_id').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('idempotency_keys_pk').on(table.tenantId, table.key)],
);

/** Uploaded files (logos, avatars), stored in the database under a random name. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id'),
    name: text('name').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploads_tenant_idx').on(table.tenantId)],
);
