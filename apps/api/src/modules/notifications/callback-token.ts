import { randomBytes } from 'node:crypto';

/**
 * The delivery callbacks' token (docs/notifications.md, "Delivery callbacks"): `<tenant id>.<32 random
 * bytes, base64url>`. The tenant id finds the tenant's database; the random part is what no one can guess.
 */
export function newCallbackToken(tenantId: number): string {
  return `${tenantId}.${randomBytes(32).toString('base64url')}`;
}

/** The tenant a token names, or null when it is not a token's shape. */
export function tenantOfCallbackToken(token: string): number | null {
  const match = /^(\d{1,10})\.[A-Za-z0-9_-]{43}$/.exec(token);
  const tenantId = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(tenantId) && tenantId > 0 ? tenantId : null;
}
