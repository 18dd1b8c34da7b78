import { ERROR_CODES } from '@meterline/contract/errors';
import type { TokenCreateInput } from '@meterline/contract/auth';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { fieldError, forbidden, unauthorized } from '../../lib/http-errors';
import type { PasswordHasher } from '../../lib/password';
import { claimOtpStep, findUserByUsername, findUserWithTenant, recordLastLogin } from '../users/index';
import { verifyOtp } from '../../lib/otp';
import { createLimiter, type LimiterStore } from '../../lib/throttle';
import type { TokenService, TokenUser } from './tokens';

export interface LoginLimits {
  perIpPerMinute: number;
  perAccountAndIp: number;
  lockSeconds: number;
}

/**
 * Sign-in: one answer for an unknown user and a wrong password. Failures are limited per IP and
 * per account and IP (then a back-off); the account alone is only slowed down, so nobody can lock
 * an admin out. An attempt spends its points before the password is checked and gets them back
 * when it succeeds, so parallel attempts cannot slip past a limit.
 */
export function createAuthService(deps: {
  db: Db;
  tokens: TokenService;
  passwords: PasswordHasher;
  limiterStore: LimiterStore;
  clock: Clock;
  limits: LoginLimits;
}) {
  const { db, tokens, passwords, limiterStore, clock, limits } = deps;
  const perIp = createLimiter(limiterStore, { name: 'login-ip', points: limits.perIpPerMinute, windowSeconds: 60 });
  const perAccountAndIp = createLimiter(limiterStore, {
    name: 'login-account-ip',
    points: limits.perAccountAndIp,
    windowSeconds: limits.lockSeconds,
    blockSeconds: limits.lockSeconds,
  });
  const perAccount = createLimiter(limiterStore, { name: 'login-account', points: 1_000_000_000, windowSeconds: limits.lockSeconds });
  const accountKey = (username: string, ip: string) => `${username.toLowerCase()}|${ip}`;

  async function reserveAttempt(username: string, ip: string) {
    await perIp.consume(ip);
    try {
      await perAccountAndIp.consume(accountKey(username, ip));
    } catch (error) {
      await perIp.reward(ip);
      throw error;
    }
  }

  /** The attempt was not a failed guess: its points go back. */
  async function releaseAttempt(username: string, ip: string) {
    await perIp.reward(ip);
    await perAccountAndIp.reset(accountKey(username, ip));
  }

  /** The account alone is only slowed down (never locked): from the limit on, each failure waits longer. */
  async function slowDownAccount(username: string) {
    const accountFailures = await perAccount.consume(username.toLowerCase());
    const excess = accountFailures - limits.perAccountAndIp;
    if (excess > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(excess, 10) * 100));
  }

  async function loadTokenUser(userId: number): Promise<TokenUser> {
    const found = await findUserWithTenant(db, userId);
    if (!found || !found.user.isActive) throw unauthorized(ERROR_CODES.userInactive);
    if (found.tenant?.isBlocked) throw unauthorized(ERROR_CODES.tenantBlocked);
    return { id: found.user.id, tenantId: found.user.tenantId, role: found.user.role, tokenVersion: found.user.tokenVersion };
  }

  return {
    async login(input: TokenCreateInput, ip: string) {
      await reserveAttempt(input.username, ip);
      const found = await findUserByUsername(db, input.username);
      const passwordOk = found ? await passwords.verify(found.user.passwordHash, input.password) : false;
      if (!found) await passwords.verifyDummy(input.password);
      if (!found || !passwordOk || !found.user.isActive) {
        await slowDownAccount(input.username);
        throw unauthorized(ERROR_CODES.authenticationFailed);
      }
      const { user, tenant } = found;
      if (tenant?.isBlocked) {
        await releaseAttempt(input.username, ip);
        throw forbidden(ERROR_CODES.tenantBlocked);
      }
      if (user.otpEnabled && user.otpSecret) {
        if (!input.otp) {
          await releaseAttempt(input.username, ip);
          throw fieldError('otp', ERROR_CODES.otpRequired);
        }
        const step = verifyOtp(user.otpSecret, input.otp, user.otpLastTimeStep, clock.now());
        // Compare-and-set on the last used step: of concurrent requests with one code, one wins.
        const accepted = step !== null && (await claimOtpStep(db, user.id, step));
        if (!accepted) {
          await slowDownAccount(input.username);
          throw fieldError('otp', ERROR_CODES.otpInvalid);
        }
      }
      await releaseAttempt(input.username, ip);
      await perAccount.reset(input.username.toLowerCase());
      await recordLastLogin(db, user.id, clock.now());
      return tokens.issuePair({ id: user.id, tenantId: user.tenantId, role: user.role, tokenVersion: user.tokenVersion });
    },

    refresh: (refreshToken: string) => tokens.rotate(refreshToken, loadTokenUser),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
