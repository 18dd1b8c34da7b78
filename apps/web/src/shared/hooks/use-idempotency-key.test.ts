import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { useIdempotentWrite } from './use-idempotency-key';

/** Sends through the hook, recording the key each attempt went with; resolves to the answer or the error. */
async function attempt(send: ReturnType<typeof useIdempotentWrite>, keys: string[], outcome: 'success' | ApiError) {
  let result: unknown;
  await act(async () => {
    result = await send(async (key) => {
      keys.push(key);
      if (outcome === 'success') return 'saved';
      throw outcome;
    }).catch((error: unknown) => error);
  });
  return result;
}

describe('useIdempotentWrite', () => {
  it('keeps the key after a network failure, renews it after a refusal and after a success', async () => {
    const keys: string[] = [];
    const { result } = renderHook(() => useIdempotentWrite(true));
    const networkFailure = new ApiError(0, undefined, 'Network error');
    expect(await attempt(result.current, keys, networkFailure)).toBe(networkFailure);
    const refusal = new ApiError(400, { amount: ['Enter a valid number.'] }, 'Bad request');
    expect(await attempt(result.current, keys, refusal)).toBe(refusal);
    expect(await attempt(result.current, keys, 'success')).toBe('saved');
    await attempt(result.current, keys, 'success');
    // The retry after a lost answer may repeat a write that went through: the same key says so.
    expect(keys[1]).toBe(keys[0]);
    // A refusal moved nothing, and a success spent its key: each next submission is a new request.
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).not.toBe(keys[2]);
    expect(new Set(keys).size).toBe(3);
  });

  it('gives a new opening a new key', async () => {
    const keys: string[] = [];
    const { result, rerender } = renderHook(({ isOpen }) => useIdempotentWrite(isOpen), { initialProps: { isOpen: true } });
    await attempt(result.current, keys, new ApiError(0, undefined, 'Network error'));
    rerender({ isOpen: false });
    rerender({ isOpen: true });
    await attempt(result.current, keys, 'success');
    expect(keys[1]).not.toBe(keys[0]);
  });
});
