import { randomUUID } from 'node:crypto';
import type { AccessTokenClaims } from '@meterline/contract/auth';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { Db } from '../../db/client';
import {
  findRefreshToken,
  insertRefreshToken,
  isRefreshTokenFamilyRevoked,
  markRefreshTokenUsed,
  revokeRefreshTokenFamily,
  revokeRefreshTokensOfUser,
} from './auth.repository';
import type { Clock } from '../../lib/clock';
import { unauthorized } from '../../lib/http-errors';

export interface RefreshTokenClaims {
  token_type: 'refresh';
  user_id: number;
  ver: number;
  fam: string;
  jti: string;
  /** When the session (the family) began, in seconds: its absolute limit counts from here. */
  sat: number;
  exp: number;
  iat: number;
}

export interface JwtCodec {
  /** Signs the claims as given (they carry their own iat and exp): the same claims give the same token. */
  sign(payload: Record<string, unknown>): string;
  /** Throws on a bad signature, another algorithm, or an expired token. */
  verify<T>(token: string): T;
}

export interface TokenUser {
  id: number;
  tenantId: number | null;
  role: string;
  tokenVersion: number;
}

/** Claims of the pair issued at one rotation: kept so that a repeat within the grace window answers the same pair. */
interface PairStamp {
  familyId: string;
  jti: string;
  /** Seconds (wall clock), the tokens' iat. */
  issuedAt: number;
  sessionStartedAt: number;
}

export function createTokenService(deps: {
  db: Db;
  jwt: JwtCodec;
  clock: Clock;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** Absolute session lifetime: no refresh after this long from the sign-in. */
  sessionMaxSeconds: number;
  /** A refresh token presented again within this many seconds of its use answers the same new pair. */
  refreshGraceSeconds: number;
}) {
  const { db, jwt, clock } = deps;
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const invalid = () => unauthorized(ERROR_CODES.tokenNotValid);

  function signPair(user: TokenUser, stamp: PairStamp) {
    const access = jwt.sign({
      token_type: 'access',
      user_id: user.id,
      tenant_id: user.tenantId,
      role: user.role,
      ver: user.tokenVersion,
      fam: stamp.familyId,
      jti: `${stamp.jti}.a`,
      iat: stamp.issuedAt,
      exp: stamp.issuedAt + deps.accessTokenSeconds,
    });
    const refresh = jwt.sign({
      token_type: 'refresh',
      user_id: user.id,
      ver: user.tokenVersion,
      fam: stamp.familyId,
      jti: stamp.jti,
      sat: stamp.sessionStartedAt,
      iat: stamp.issuedAt,
      exp: stamp.issuedAt + deps.refreshTokenSeconds,
    });
    return { access, refresh };
  }

  async function issuePair(user: TokenUser, family?: { id: string; startedAt: number }, executor: Db = db) {
    const issuedAt = nowSeconds();
    const stamp: PairStamp = {
      familyId: family?.id ?? randomUUID(),
      jti: randomUUID(),
      issuedAt,
      sessionStartedAt: family?.startedAt ?? issuedAt,
    };
    const expiresAt = new Date(clock.now().getTime() + deps.refreshTokenSeconds * 1000);
    await insertRefreshToken(executor, {
      jti: stamp.jti,
      familyId: stamp.familyId,
      userId: user.id,
      expiresAt,
      issuedAt: new Date(issuedAt * 1000),
    });
    return { pair: signPair(user, stamp), jti: stamp.jti };
  }

  function decode<T extends { token_type: string; exp?: unknown }>(token: string, type: T['token_type']): T {
    let claims: T;
    try {
      claims = jwt.verify<T>(token);
    } catch {
      throw invalid();
    }
    // A token without an expiry is never accepted, whoever signed it.
    if (claims.token_type !== type || typeof claims.exp !== 'number') throw invalid();
    return claims;
  }

  async function revokeFamily(familyId: string, executor: Db = db) {
    await revokeRefreshTokenFamily(executor, familyId, clock.now());
  }

  /**
   * Rotates a refresh token: single use; presenting a used one revokes its whole family (a stolen
   * token and its thief's descendants stop working together) — except within a short grace window
   * after its use, when it answers the same new pair again (two tabs refreshing at once), as long
   * as that new pair's refresh token was not used in turn.
   */
  async function rotate(token: string, loadUser: (userId: number) => Promise<TokenUser>) {
    const claims = decode<RefreshTokenClaims>(token, 'refresh');
    const sessionStartedAt = typeof claims.sat === 'number' ? claims.sat : claims.iat;
    if (nowSeconds() - sessionStartedAt > deps.sessionMaxSeconds) {
      await revokeFamily(claims.fam);
      throw invalid();
    }
    // Read before the transaction: on the embedded database a query outside it would wait for it.
    const user = await loadUser(claims.user_id);
    const outcome = await db.transaction(async (tx) => {
      const row = await findRefreshToken(tx, claims.jti, { lock: true });
      if (!row || row.revokedAt || row.expiresAt.getTime() <= clock.now().getTime()) return { kind: 'invalid' as const };
      if (row.usedAt) {
        const withinGrace = clock.now().getTime() - row.usedAt.getTime() <= deps.refreshGraceSeconds * 1000;
        if (!withinGrace || row.replacedBy === null) return { kind: 'reused' as const };
        // The grace is for a tab that raced the rotation: once the successor was itself used, the
        // session has moved on and this token is a reuse like any other (docs/security.md). Locked: a
        // rotation of the successor in flight is waited for (always an older token, then a newer).
        const successor = await findRefreshToken(tx, row.replacedBy, { lock: true });
        return successor && !successor.usedAt ? { kind: 'repeat' as const, next: successor } : { kind: 'reused' as const };
      }
      if (user.tokenVersion !== claims.ver) return { kind: 'stale' as const };
      const issued = await issuePair(user, { id: claims.fam, startedAt: sessionStartedAt }, tx as unknown as Db);
      await markRefreshTokenUsed(tx, claims.jti, clock.now(), issued.jti);
      return { kind: 'ok' as const, pair: issued.pair };
    });
    switch (outcome.kind) {
      case 'ok':
        return outcome.pair;
      case 'repeat': {
        const { next } = outcome;
        if (next.revokedAt || user.tokenVersion !== claims.ver) throw invalid();
        return signPair(user, {
          familyId: claims.fam,
          jti: next.jti,
          issuedAt: Math.floor(next.issuedAt.getTime() / 1000),
          sessionStartedAt,
        });
      }
      case 'reused':
        await revokeFamily(claims.fam);
        throw unauthorized(ERROR_CODES.tokenNotValid);
      case 'stale':
        await revokeFamily(claims.fam);
        throw invalid();
      default:
        throw invalid();
    }
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
    issuePair: async (user: TokenUser) => (await issuePair(user)).pair,
    rotate,
    logout,
    revokeFamily,
    verifyAccess: (token: string) => {
      const claims = decode<AccessTokenClaims & { token_type: 'access'; fam?: unknown }>(token, 'access');
      if (typeof claims.fam !== 'string') throw invalid();
      return claims as AccessTokenClaims & { token_type: 'access'; fam: string };
    },
    /** An access token dies with its session: after logout or a detected reuse. */
    async isFamilyRevoked(familyId: string): Promise<boolean> {
      return isRefreshTokenFamilyRevoked(db, familyId);
    },
    verifyAny: (token: string) => {
      try {
        const claims = jwt.verify<{ token_type?: string; exp?: unknown }>(token);
        return (claims.token_type === 'access' || claims.token_type === 'refresh') && typeof claims.exp === 'number';
      } catch {
        return false;
      }
    },
    async revokeAllForUser(userId: number) {
      await revokeRefreshTokensOfUser(db, userId, clock.now());
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
