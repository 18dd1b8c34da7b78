import { describe, expect, it } from 'vitest';
import { ApiError } from '../shared/lib/api-client';
import { queryRetryDelay, shouldRetryQuery } from './providers';

const busy = new ApiError(503, { code: 'server_busy', detail: 'busy', retry_after: 2 }, 'busy', new Headers({ 'retry-after': '3' }));
const unavailable = new ApiError(503, { code: 'database_unavailable', detail: 'down' }, 'down');
const notFound = new ApiError(404, { code: 'not_found', detail: 'x' }, 'x');

describe('reads the API refused', () => {
  it('tries a busy read again three times, after the Retry-After the server gave', () => {
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, busy))).toEqual([true, true, true, false]);
    expect(queryRetryDelay(1, busy)).toBe(3000);
    expect(queryRetryDelay(1, new ApiError(503, { code: 'server_busy', retry_after: 5 }, 'busy'))).toBe(5000);
  });

  it('tries another server fault once and a client error never', () => {
    expect([0, 1].map((count) => shouldRetryQuery(count, unavailable))).toEqual([true, false]);
    expect(shouldRetryQuery(0, notFound)).toBe(false);
    expect(queryRetryDelay(0, unavailable)).toBe(1000);
  });
});
