/**
 * A fresh `Idempotency-Key` for one attempt at a write that moves money (docs/product/domain.md): the same key
 * sent twice (a double click, a retry after a lost answer) pays once. `crypto.randomUUID` needs a
 * secure context; plain http on a LAN address is not one, so random bytes are the fallback.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
