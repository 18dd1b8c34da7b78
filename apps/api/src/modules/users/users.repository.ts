import { and, count, eq, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { digitSystemOf } from '@meterline/contract/digits';
import type { ListQuery } from '@meterline/contract/pagination';
import { userListSpec, type User } from '@meterline/contract/users';
import { first } from '@meterline/contract/invariant';
import { DEFAULT_ALIAS, type Executor } from '../../db/client';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import { refreshTokens, services, settings, tenants, users } from '../../db/schema/index';
import type { SignedInRows } from '../../plugins/request-context';

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;

export interface UserWithTenant {
  user: UserRow;
  tenant: TenantRow | null;
}

/** The API shape of a user: never the password hash or the one-time-code secret. */
export function toUser(row: UserRow, avatarUrl: (avatar: string | null) => string | null = (avatar) => avatar): User {
  return {
    id: row.id,
    tenant: row.tenantId,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    role: row.role,
    avatar: avatarUrl(row.avatar),
    is_active: row.isActive,
    otp_enabled: row.otpEnabled,
    digits: digitSystemOf(row.digits),
    last_login: row.lastLogin ? row.lastLogin.toISOString() : null,
    date_joined: row.dateJoined.toISOString(),
  };
}

export async function findUserWithTenant(db: Executor, userId: number): Promise<UserWithTenant | null> {
  const [row] = await db
    .select({ user: users, tenant: tenants })
    .from(users)
    .leftJoin(tenants, eq(users.tenantId, tenants.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * What every authenticated request checks, in one statement: the user, their tenant, and whether
 * the session (refresh-token family) of the access token was revoked by a sign-out or a reuse.
 * When the tenant's data lives in `default` (the database this statement reads), the same
 * statement also reads what the request's scope needs next: the tenant's settings and, for a
 * path under `/api/services/{serviceId}/`, that service if it is the tenant's (docs/performance.md: one
 * round trip instead of two on every tenant call). The settings row is interpreted by
 * `config.repository.ts` (`termsFrom`, `toConfig`) as when it reads it itself.
 */
export async function findUserWithTenantAndSession(
  db: Executor,
  userId: number,
  familyId: string,
  serviceId: number | null = null,
): Promise<(UserWithTenant & { isSessionRevoked: boolean; scope: SignedInRows['scope'] }) | null> {
  // Built once per database and prepared (named): each request sends only its parameters.
  let statement = signedInStatements.get(db);
  if (!statement) {
    statement = signedInStatement(db);
    signedInStatements.set(db, statement);
  }
  // Ids start at 1: 0 finds no service.
  const [row] = await statement.execute({ userId, familyId, serviceId: serviceId ?? 0 });
  if (!row) return null;
  const { settings: settingsRow, service, ...found } = row;
  const scope = found.tenant?.dbAlias === DEFAULT_ALIAS ? { settings: settingsRow, serviceId, service } : null;
  return { ...found, scope };
}

function signedInStatement(db: Executor) {
  const onDefault = eq(tenants.dbAlias, DEFAULT_ALIAS);
  return db
    .select({
      user: users,
      tenant: tenants,
      settings,
      service: services,
      isSessionRevoked: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('familyId')} and ${refreshTokens.revokedAt} is not null)`,
    })
    .from(users)
    .leftJoin(tenants, eq(users.tenantId, tenants.id))
    .leftJoin(settings, and(eq(settings.tenantId, tenants.id), onDefault))
    .leftJoin(services, and(eq(services.tenantId, tenants.id), eq(services.id, sql.placeholder('serviceId')), onDefault))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('signed_in');
}
const signedInStatements = new WeakMap<Executor, ReturnType<typeof signedInStatement>>();

export async function findUserByUsername(db: Executor, username: string): Promise<UserWithTenant | null> {
  const [row] = await db
    .select({ user: users, tenant: tenants })
    .from(users)
    .leftJoin(tenants, eq(users.tenantId, tenants.id))
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row ?? null;
}

export async function findActiveUsersByEmail(db: Executor, email: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isActive, true)));
}

/** A user of one tenant: another tenant's id is simply not found. */
export async function findTenantUser(db: Executor, scope: { tenantId: number }, userId: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, scope.tenantId), eq(users.id, userId)));
  return row ?? null;
}

export async function isUsernameTaken(db: Executor, username: string, exceptUserId?: number): Promise<boolean> {
  const conditions: SQL[] = [sql`lower(${users.username}) = lower(${username})`];
  if (exceptUserId) conditions.push(ne(users.id, exceptUserId));
  const row = first(
    await db
      .select({ n: count() })
      .from(users)
      .where(and(...conditions)),
    'the row of the count',
  );
  return row.n > 0;
}

export async function countOtherActiveAdmins(db: Executor, scope: { tenantId: number }, exceptUserId: number): Promise<number> {
  const row = first(
    await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.tenantId, scope.tenantId), eq(users.isActive, true), eq(users.role, 'admin'), ne(users.id, exceptUserId))),
    'a row from users',
  );
  return row.n;
}

const sortFields = {
  id: users.id,
  username: users.username,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  role: users.role,
  is_active: users.isActive,
  date_joined: users.dateJoined,
  last_login: users.lastLogin,
} satisfies Record<(typeof userListSpec.ordering)[number], unknown>;

/** The tenant's users, searched, filtered and ordered as the list asks. */
export function listUsersSource(
  db: Executor,
  scope: { tenantId: number },
  query: ListQuery & { role?: string; is_active?: boolean },
): ListSource<User> {
  const conditions: (SQL | undefined)[] = [
    eq(users.tenantId, scope.tenantId),
    searchCondition(query.search, [users.username, users.firstName, users.lastName, users.email, users.phone]),
    query.role ? eq(users.role, query.role) : undefined,
    query.is_active !== undefined ? eq(users.isActive, query.is_active) : undefined,
  ];
  const where = and(...conditions);
  const orderBy = orderByFor(query.ordering, sortFields, userListSpec.defaultOrdering, users.id);
  return {
    countQuery: () => db.select({ id: users.id }).from(users).where(where).$dynamic(),
    fetchPage: async (limit, offset) =>
      (
        await db
          .select()
          .from(users)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map((row) => toUser(row)),
  };
}

export async function insertUser(tx: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  return first(await tx.insert(users).values(values).returning(), 'a row inserted into users');
}

/**
 * Changes a user's row. `endSessions` bumps the token version, so the user's access tokens stop
 * working on their next request (password, role and active changes).
 */
export async function updateUserRow(
  tx: Executor,
  userId: number,
  values: Partial<Omit<typeof users.$inferInsert, 'id' | 'tokenVersion'>>,
  options: { endSessions?: boolean } = {},
): Promise<UserRow> {
  return first(
    await tx
      .update(users)
      .set({ ...values, ...(options.endSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
      .where(eq(users.id, userId))
      .returning(),
    'the updated users row',
  );
}

/** Whether any user's avatar is this address (an uploaded picture is deleted only when nobody shows it). */
export async function isAvatarInUse(db: Executor, avatar: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.avatar, avatar)).limit(1);
  return row !== undefined;
}

/** Compare-and-set on the user's last used one-time-password step: of concurrent requests with one code, one wins. */
export async function claimOtpStep(executor: Executor, userId: number, step: number): Promise<boolean> {
  const updated = await executor
    .update(users)
    .set({ otpLastTimeStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.otpLastTimeStep), lt(users.otpLastTimeStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

export async function recordLastLogin(executor: Executor, userId: number, at: Date): Promise<void> {
  await executor.update(users).set({ lastLogin: at }).where(eq(users.id, userId));
}

/**
 * The user's tenant row under a lock (user writes of a tenant wait for each other). The users
 * module reads it itself: the tenants module is built on the users module, so it never imports the
 * tenants module back.
 */
export async function lockUsersTenantRow(tx: Executor, tenantId: number) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return row ?? null;
}

/** What a password of the tenant's users may not be (docs/security.md, "Passwords"): the tenant's name and slug. */
export async function findTenantNames(db: Executor, tenantId: number): Promise<string[]> {
  const [row] = await db.select({ name: tenants.name, slug: tenants.slug }).from(tenants).where(eq(tenants.id, tenantId));
  return row ? [row.name, row.slug] : [];
}
