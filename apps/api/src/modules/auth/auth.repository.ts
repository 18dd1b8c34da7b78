import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens } from '../../db/schema/index';

/*
 * Refresh tokens (in `default`): one row per issued refresh token, grouped in families (one family
 * per session). The sign-in marks on the user (last login, the last one-time-password step) are
 * written through users.repository.ts.
 */

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  executor: Executor,
  values: { jti: string; familyId: string; userId: number; expiresAt: Date; issuedAt: Date },
): Promise<void> {
  await executor.insert(refreshTokens).values(values);
}

/** The refresh token, locked for the rest of the transaction when asked (rotation serializes on it). */
export async function findRefreshToken(executor: Executor, jti: string, options: { lock?: boolean } = {}): Promise<RefreshTokenRow | null> {
  const query = executor.select().from(refreshTokens).where(eq(refreshTokens.jti, jti));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function markRefreshTokenUsed(executor: Executor, jti: string, usedAt: Date, replacedBy: string): Promise<void> {
  await executor.update(refreshTokens).set({ usedAt, replacedBy }).where(eq(refreshTokens.jti, jti));
}

export async function revokeRefreshTokenFamily(executor: Executor, familyId: string, revokedAt: Date): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeRefreshTokensOfUser(executor: Executor, userId: number, revokedAt: Date): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function isRefreshTokenFamilyRevoked(executor: Executor, familyId: string): Promise<boolean> {
  const [row] = await executor
    .select({ jti: refreshTokens.jti })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
    .limit(1);
  return Boolean(row);
}
