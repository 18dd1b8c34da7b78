import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

/*
 * The logs (docs/operations.md) are one JSON object per line (Fastify's pino logger, as `npm start` runs it),
 * each line of a request carrying its `reqId`, and every answer carries that id back.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let context: TestContext;
let output = '';

beforeAll(async () => {
  context = await createTestContext({
    logger: { level: 'info', stream: { write: (chunk: string) => void (output += chunk) } },
  });
});
afterAll(async () => context?.close());

/** The log lines written since `from`, each parsed (a line that is not one JSON object fails the test). */
function linesSince(from: number): Record<string, unknown>[] {
  return output
    .slice(from)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const parsed: unknown = JSON.parse(line);
      expect(parsed, line).toBeTypeOf('object');
      return parsed as Record<string, unknown>;
    });
}

describe('request ids and JSON logs', () => {
  it('keeps a sane incoming X-Request-Id: answered back and in every log line of the request', async () => {
    const from = output.length;
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/auth/users/me/',
      headers: { 'x-request-id': 'edge-7f3a.1:9_Z' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-request-id']).toBe('edge-7f3a.1:9_Z');
    const lines = linesSince(from);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    for (const line of lines) expect(line).toMatchObject({ reqId: 'edge-7f3a.1:9_Z', level: expect.any(Number), time: expect.any(Number) });
    expect(lines.find((line) => line.msg === 'request completed')).toMatchObject({ res: { statusCode: 401 } });
  });

  it('generates a UUID when there is none, or when the incoming one is not a short token', async () => {
    const incoming = [undefined, '', 'has space', 'x'.repeat(65), 'quote"d', 'new\nline', 'é-accent'];
    const seen = new Set<string>();
    for (const value of incoming) {
      const from = output.length;
      const headers = value === undefined ? {} : { 'x-request-id': value };
      const response = await context.app.inject({ method: 'GET', url: '/api/auth/users/me/', headers }).catch(() => null);
      // A header Node refuses to send (a new line) never reaches the app.
      if (!response) continue;
      const id = String(response.headers['x-request-id']);
      expect(id, String(value)).toMatch(UUID);
      seen.add(id);
      const lines = linesSince(from);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line.reqId).toBe(id);
    }
    expect(seen.size).toBeGreaterThanOrEqual(incoming.length - 1);
  });

  it('does not log the probes, which answer every few seconds (a failing readiness is logged)', async () => {
    const from = output.length;
    const response = await context.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'probe-1' } });
    expect(response.headers['x-request-id']).toBe('probe-1');
    expect((await context.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    expect(linesSince(from)).toEqual([]);
  });

  it('answers the id on errors and on paths no route matches', async () => {
    const missing = await context.app.inject({ method: 'GET', url: '/api/no-such-route/', headers: { 'x-request-id': 'trace-404' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('trace-404');
    const unreadable = await context.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/create/',
      payload: '{"username":',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-400' },
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.headers['x-request-id']).toBe('trace-400');
  });
});
