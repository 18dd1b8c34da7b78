/** Unsigned JWT-shaped tokens for tests: only `exp` matters to the client. */
export function makeToken(expSeconds: number, extra: Record<string, unknown> = {}): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp: expSeconds, ...extra })}.signature`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
