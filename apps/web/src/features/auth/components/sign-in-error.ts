import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/lib/api-client';

/** Seconds to wait from a 429's Retry-After (seconds or an HTTP date). */
export function retryAfterSeconds(error: ApiError, now: number = Date.now()): number | null {
  const header = error.headers?.get('Retry-After');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(1, Math.ceil((date - now) / 1000));
}

/** Sign-in failures in words a person understands. */
export function describeSignInError(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('auth.errors.unknown');
  if (error.status === 0) return t('auth.errors.network');
  if (error.status === 429) {
    const seconds = retryAfterSeconds(error);
    if (seconds === null) return t('auth.errors.tooManyAttempts');
    if (seconds >= 120) return t('auth.errors.tooManyAttemptsMinutes', { count: Math.ceil(seconds / 60) });
    return t('auth.errors.tooManyAttemptsSeconds', { count: seconds });
  }
  switch (error.code) {
    case 'tenant_blocked':
      return t('auth.errors.tenantBlocked');
    case 'user_inactive':
      return t('auth.errors.userInactive');
    case 'otp_invalid':
      return t('auth.errors.otpInvalid');
    case 'authentication_failed':
      return t('auth.errors.wrongCredentials');
  }
  if (error.status === 401) return t('auth.errors.wrongCredentials');
  if (error.status === 403) return t('auth.errors.tenantBlocked');
  return t('auth.errors.unknown');
}

/** Why the user is on the login page (`?reason=`): a 401 handler or a password change sent them here. */
export function describeSignedOutReason(reason: string | null, t: TFunction): string | null {
  switch (reason) {
    case 'tenant_blocked':
      return t('tenants.signedOut');
    case 'user_inactive':
      return t('users.signedOut');
    case 'password_changed':
      return t('profile.password.signInAgain');
    default:
      return null;
  }
}
