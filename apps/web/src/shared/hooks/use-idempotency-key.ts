import { useCallback, useState } from 'react';
import { ApiError } from '../lib/api-client';
import { newIdempotencyKey } from '../lib/idempotency-key';

/**
 * One `Idempotency-Key` per opening of a money dialog: a double click or a retry after a lost
 * answer sends the same key, so the server pays once. A refusal (any HTTP answer) moved no money,
 * so the next attempt, maybe with another amount, gets a new key; a network failure keeps it,
 * since the payment may have gone through.
 */
export function useIdempotencyKey(isOpen: boolean) {
  const [key, setKey] = useState(newIdempotencyKey);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setKey(newIdempotencyKey());
  }
  const renewAfter = useCallback((error: unknown) => {
    if (error instanceof ApiError && error.status > 0) setKey(newIdempotencyKey());
  }, []);
  return { idempotencyKey: key, renewAfter };
}
