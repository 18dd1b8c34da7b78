import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AccessTokenClaims } from '@meterline/contract/auth';
import { ERROR_CODES, MESSAGES } from '@meterline/contract/errors';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { unauthorized } from '../../lib/http-errors';

export interface RefreshTokenClaims {
  token_type: 'refresh';
  user_id: number;
  ver: number;
  fam: string;
  jti: string;
  exp: number;
  iat: number;
}

export interface JwtCodec {
  sign(payload: Record<string, unknown>, expiresInSeconds: number): string;
  /** Throws on a bad signature, another algorithm, or an expired token. */
  verify<T>(token: string): T;
}

export interface TokenUser {
  id: number;
  tenantId: number | null;
  role: string;
  tokenVersion: number;
}

export function createTokenService(deps: {
  db: Db;
  jwt: JwtCodec;
  clock: Clock;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
}) {
  const { db, jwt, clock } = deps;

  function signAccess(user: TokenUser): string {
    return jwt.sign(
      { token_type: 'access', user_id: user.id, tenant_id: user.tenantId, role: user.role, ver: user.tokenVersion, jti: randomUUID() },
      deps.accessTokenSeconds,
    );
  }

  async function issuePair(user: TokenUser, familyId: string = randomUUID(), executor: Db = db) {
    const jti = randomUUID();
    const expiresAt = new Date(clock.now().getTime() + deps.refreshTokenSeconds * 1000);
    await executor.insert(refreshTokens).values({ jti, familyId, userId: user.id, expiresAt, issuedAt: clock.now() });
    const refresh = jwt.sign({ token_type: 'refresh', user_id: user.id, ver: user.tokenVersion, fam: familyId, jti }, deps.refreshTokenSeconds);
    return { access: signAccess(user), refresh };
  }

  function decode<T extends { token_type: string }>(token: string, type: T['token_type']): T {
    let claims: T;
    try {
      claims = jwt.verify<T>(token);
    } catch {
      throw unauthorized(MESSAGES.tokenNotValid, ERROR_CODES.tokenNotValid);
    }
    if (claims.token_type !== type) throw unauthorized(MESSAGES.tokenNotValid, ERROR_CODES.tokenNotValid);
    return claims;
  }

  async function revokeFamily(familyId: string, executor: Db = db) {
    await executor
      .update(refreshTokens)
      .set({ revokedAt: clock.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /**
   * Rotates a refresh token: single use; presenting a used one revokes its whole family
   * (a stolen token and its thief's descendants stop working together).
   */
  async function rotate(token: string, loadUser: (userId: number) => Promise<TokenUser>) {
    const claims = decode<RefreshTokenClaims>(token, 'refresh');
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.jti, claims.jti)).for('update');
      if (!row || row.revokedAt || row.expiresAt.getTime() <= clock.now().getTime()) return 'invalid' as const;
      if (row.usedAt) return 'reused' as const;
      await tx.update(refreshTokens).set({ usedAt: clock.now() }).where(eq(refreshTokens.jti, claims.jti));
      return 'ok' as const;
    });
    if (outcome === 'reused') {
      await revokeFamily(claims.fam);
      throw unauthorized('Token is blacklisted', ERROR_CODES.tokenNotValid);
    }
    if (outcome === 'invalid') throw unauthorized(MESSAGES.tokenNotValid, ERROR_CODES.tokenNotValid);
    const user = await loadUser(claims.user_id);
    if (user.tokenVersion !== claims.ver) {
      await revokeFamily(claims.fam);
      throw unauthorized(MESSAGES.tokenNotValid, ERROR_CODES.tokenNotValid);
    }
    return issuePair(user, claims.fam);
  }

  async function logout(token: string | undefined) {
    if (!token) return;
    let claims: RefreshTokenClaims;
    try {
      claims = decode<RefreshTokenClaims>(token, 'refresh');
    } catch {
      return; // logout always succeeds: the client clears its tokens anyway
    }
    await revokeFamily(claims.fam);
  }

  return {
    issuePair,
    rotate,
    logout,
    revokeFamily,
    verifyAccess: (token: string) => decode<AccessTokenClaims & { token_type: 'access' }>(token, 'access'),
    verifyAny: (token: string) => {
      try {
        const claims = jwt.verify<{ token_type?: string }>(token);
        return claims.token_type === 'access' || claims.token_type === 'refresh';
      } catch {
        return false;
      }
    },
    async revokeAllForUser(userId: number) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
