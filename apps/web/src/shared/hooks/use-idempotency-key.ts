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
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { idempotencyKey: key, renewAfter, renew };
}

/** Sends a write under the current `Idempotency-Key`: what `useIdempotentWrite` returns. */
export type IdempotentWrite = <T>(write: (idempotencyKey: string) => Promise<T>) => Promise<T>;

/**
 * The way a screen sends a write that moves money (a money dialog through `useDialogForm`, a create
 * page directly): `send((key) => ...)` sends with the current key, which the hook renews itself once
 * the write is over, after a success (the key is spent: the next submission is a new request) or a
 * refusal with an HTTP answer (nothing moved: the next attempt, maybe with another body, is a new
 * request); a network failure keeps it, so the retry of a write that may have gone through says so.
 * The write's answer or error passes through. `isOpen`: one key per opening (a page passes true).
 */
export function useIdempotentWrite(isOpen: boolean): IdempotentWrite {
  const { idempotencyKey, renewAfter, renew } = useIdempotencyKey(isOpen);
  return useCallback(
    async <T>(write: (key: string) => Promise<T>) => {
      try {
        const answer = await write(idempotencyKey);
        renew();
        return answer;
      } catch (error) {
        renewAfter(error);
        throw error;
      }
    },
    [idempotencyKey, renew, renewAfter],
  );
}
