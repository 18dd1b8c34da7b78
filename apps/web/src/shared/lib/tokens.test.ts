import { describe, expect, it } from 'vitest';
import { isTokenValid, readTokenExpiry } from './tokens';
import { makeToken, nowSeconds } from './test-tokens';

describe('token expiry', () => {
  it('reads exp from the payload', () => {
    expect(readTokenExpiry(makeToken(1234567890))).toBe(1234567890);
  });

  it('is valid only while exp is later than now', () => {
    expect(isTokenValid(makeToken(nowSeconds() + 60))).toBe(true);
    expect(isTokenValid(makeToken(nowSeconds() - 1))).toBe(false);
  });

  it('answers "still valid then?" for a later instant', () => {
    const token = makeToken(nowSeconds() + 30);
    expect(isTokenValid(token, Date.now() + 60_000)).toBe(false);
  });

  it('treats missing, malformed or exp-less tokens as invalid', () => {
    expect(isTokenValid(null)).toBe(false);
    expect(isTokenValid('not-a-jwt')).toBe(false);
    expect(isTokenValid('a.%%%.c')).toBe(false);
    expect(isTokenValid(`${btoa('{}')}.${btoa('{"sub":1}')}.x`)).toBe(false);
  });
});
