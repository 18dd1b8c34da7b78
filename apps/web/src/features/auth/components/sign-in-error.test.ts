import { describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../../i18n/index';
import { ApiError } from '../../../shared/lib/api-client';
import { describeSignInError, retryAfterSeconds } from './sign-in-error';

initI18n('en');
const t = i18next.t.bind(i18next);
const failure = (status: number, data: unknown, headers: Record<string, string> = {}) =>
  new ApiError(status, data, 'x', new Headers(headers));

describe('sign-in errors in words', () => {
  it('explains wrong credentials, a blocked client and a wrong code', () => {
    expect(describeSignInError(failure(401, { detail: 'No active account', code: 'authentication_failed' }), t)).toBe(
      'The username or password is not correct.',
    );
    expect(describeSignInError(failure(403, { detail: 'blocked', code: 'tenant_blocked' }), t)).toMatch(/client account is blocked/);
    expect(describeSignInError(failure(400, { otp: ['bad'], code: 'otp_invalid' }), t)).toMatch(/code is not valid/);
    expect(describeSignInError(new ApiError(0, undefined, 'Network error'), t)).toMatch(/could not be reached/);
  });

  it('tells how long to wait from Retry-After', () => {
    expect(describeSignInError(failure(429, { code: 'throttled' }, { 'Retry-After': '42' }), t)).toBe(
      'Too many sign-in attempts. Please wait 42 seconds and try again.',
    );
    expect(describeSignInError(failure(429, { code: 'throttled' }, { 'Retry-After': '900' }), t)).toBe(
      'Too many sign-in attempts. Please wait 15 minutes and try again.',
    );
    expect(describeSignInError(failure(429, { code: 'throttled' }), t)).toBe(
      'Too many sign-in attempts. Please wait a moment and try again.',
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(retryAfterSeconds(failure(429, null, { 'Retry-After': 'Sat, 21 Nov 2026 10:01:30 GMT' }), now)).toBe(90);
    expect(retryAfterSeconds(failure(429, null, { 'Retry-After': '0' }), now)).toBe(1);
  });
});
