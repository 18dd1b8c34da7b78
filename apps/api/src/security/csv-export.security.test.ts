import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ListQuery } from '@meterline/contract/pagination';
import type { Executor } from '../db/client';
import { sendList, type ListSource } from '../lib/list';
import { errorHandler } from '../plugins/error-handler';

describe('CSV export', () => {
  it('a query that fails answers a clean JSON error, not a broken download or a raw Fastify error', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    const failing: ListSource<{ id: number }> = {
      countQuery: () => {
        throw new Error('not used for CSV');
      },
      fetchPage: async () => {
        throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
      },
    };
    app.get('/export', async (request, reply) =>
      sendList(request, reply, {} as Executor, { format: 'csv', page: 1, page_size: 25 } as ListQuery, failing, {
        filename: 'rows',
        columns: [{ header: 'Id', value: (row) => row.id }],
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/export' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({ detail: 'A server error occurred.', code: 'server_error' });
    expect(response.body).not.toContain('statement timeout');
    console.log(
      `csv-export-failure: status=${response.statusCode} json=${String(response.headers['content-type']).includes('json')} download-started=${response.headers['content-disposition'] !== undefined} raw-error-in-body=${response.body.includes('statement timeout')}`,
    );
    await app.close();
  });
});
