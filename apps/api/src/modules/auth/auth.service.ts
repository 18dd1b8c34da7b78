import { eq } from 'drizzle-orm';
import { ERROR_CODES, MESSAGES } from '@meterline/contract/errors';
import type { TokenCreateInput } from '@meterline/contract/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { forbidden, HttpError, tooManyRequests, unauthorized } from '../../lib/http-errors';
import type { PasswordHasher } from '../../lib/password';
import { findUserByUsername, findUserWithTenant } from '../users/users.repository';
import { verifyOtp } from './otp';
import type { ThrottleStore } from './throttle';
import type { TokenService, TokenUser } from './tokens';

export interface LoginLimits {
  perIpPerMinute: number;
  perAccountAndIp: number;
  lockSeconds: number;
}

/** Sign-in: one answer for an unknown user and a wrong password; failures limited per IP and per account and IP. */
export function createAuthService(deps: {
  db: Db;
  tokens: TokenService;
  passwords: PasswordHasher;
  throttle: ThrottleStore;
  clock: Clock;
  limits: LoginLimits;
}) {
  const { db, tokens, passwords, throttle, clock, limits } = deps;
  const ipKey = (ip: string) => `ip:${ip}`;
  const accountKey = (username: string, ip: string) => `acct:${username.toLowerCase()}:${ip}`;
  const userKey = (username: string) => `user:${username.toLowerCase()}`;

  async function assertNotThrottled(username: string, ip: string) {
    const ipFailures = await throttle.failures(ipKey(ip), 60);
    if (limits.perIpPerMinute > 0 && ipFailures >= limits.perIpPerMinute) throw tooManyRequests(60);
    const lockedFor = await throttle.lockedFor(accountKey(username, ip));
    if (lockedFor > 0) throw tooManyRequests(lockedFor);
  }

  async function recordFailure(username: string, ip: string) {
    await throttle.recordFailure(ipKey(ip), 60);
    const consecutive = await throttle.recordFailure(accountKey(username, ip), limits.lockSeconds);
    if (limits.perAccountAndIp > 0 && consecutive >= limits.perAccountAndIp) {
      await throttle.reset(accountKey(username, ip));
      await throttle.lock(accountKey(username, ip), limits.lockSeconds);
    }
    // The account alone is only slowed down (never locked), so nobody can lock an admin out.
    const accountFailures = await throttle.recordFailure(userKey(username), limits.lockSeconds);
    const excess = accountFailures - limits.perAccountAndIp;
    if (excess > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(excess, 10) * 100));
  }

  async function loadTokenUser(userId: number): Promise<TokenUser> {
    const found = await findUserWithTenant(db, userId);
    if (!found || !found.user.isActive) throw unauthorized(MESSAGES.userInactive, ERROR_CODES.userInactive);
    if (found.tenant?.isBlocked) throw unauthorized(MESSAGES.tenantBlocked, ERROR_CODES.tenantBlocked);
    return { id: found.user.id, tenantId: found.user.tenantId, role: found.user.role, tokenVersion: found.user.tokenVersion };
  }

  return {
    async login(input: TokenCreateInput, ip: string) {
      await assertNotThrottled(input.username, ip);
      const found = await findUserByUsername(db, input.username);
      const passwordOk = found ? await passwords.verify(found.user.passwordHash, input.password) : false;
      if (!found) await passwords.verifyDummy(input.password);
      if (!found || !passwordOk || !found.user.isActive) {
        await recordFailure(input.username, ip);
        throw unauthorized(MESSAGES.badCredentials, ERROR_CODES.authenticationFailed);
      }
      const { user, tenant } = found;
      if (tenant?.isBlocked) throw forbidden(MESSAGES.tenantBlocked, ERROR_CODES.tenantBlocked);
      if (user.otpEnabled && user.otpSecret) {
        if (!input.otp) throw new HttpError(400, { otp: [MESSAGES.otpRequired], code: ERROR_CODES.otpRequired });
        const step = verifyOtp(user.otpSecret, input.otp, user.otpLastTimeStep, clock.now());
        if (step === null) {
          await recordFailure(input.username, ip);
          throw new HttpError(400, { otp: [MESSAGES.otpInvalid], code: ERROR_CODES.otpInvalid });
        }
        await db.update(users).set({ otpLastTimeStep: step }).where(eq(users.id, user.id));
      }
      await throttle.reset(accountKey(input.username, ip));
      await throttle.reset(userKey(input.username));
      await db.update(users).set({ lastLogin: clock.now() }).where(eq(users.id, user.id));
      return tokens.issuePair({ id: user.id, tenantId: user.tenantId, role: user.role, tokenVersion: user.tokenVersion });
    },

    refresh: (refreshToken: string) => tokens.rotate(refreshToken, loadTokenUser),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
