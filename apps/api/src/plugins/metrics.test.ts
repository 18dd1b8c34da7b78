import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { servicePath } from '../../test/billing';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createTestContext, isPostgres, type Client, type TestContext } from '../../test/harness';

/* Prometheus metrics at /api/metrics (docs/operations.md), with the bearer token METRICS_TOKEN only. */
const TOKEN = 'metrics-token-for-the-tests-0123456789';

it('refuses a METRICS_TOKEN shorter than 16 characters at start', () => {
  expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow('METRICS_TOKEN: must be at least 16 characters');
  expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  expect(loadConfig({}).metricsToken).toBeNull();
});

describe('without METRICS_TOKEN', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => context?.close());

  it('answers 404 not_found, whatever the token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await context.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let context: TestContext;
  let fixture: Fixture;
  let admin: Client;
  beforeAll(async () => {
    context = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
    fixture = await createFixture(context);
    admin = await fixture.as('a.admin');
  });
  afterAll(async () => context?.close());

  const scrape = (authorization?: string) =>
    context.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

  it("answers 401 without the token, with another token or with a user's access token", async () => {
    const missing = await scrape();
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('not_authenticated');
    for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer short', `Bearer ${admin.token}`]) {
      const response = await scrape(wrong);
      expect(response.statusCode, wrong).toBe(401);
      expect(response.json().code).toBe('token_not_valid');
      expect(response.body).not.toContain('meterline_');
    }
  });

  it('counts requests by route pattern and status, with their latency, sign-in refusals and the queue', async () => {
    const customers = servicePath(fixture.tenantA, 'customers/');
    for (let index = 0; index < 3; index += 1) expect((await admin.get(customers)).statusCode).toBe(200);
    expect((await admin.get(servicePath(fixture.tenantA, 'customers/987654321/'))).statusCode).toBe(404);
    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/create/',
      payload: { username: 'a.admin', password: 'not-the-password' },
    });
    expect(refused.statusCode).toBe(401);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    // A list registered as its prefix's `/` is matched by the prefix's pattern.
    expect(text).toContain('meterline_http_requests_total{method="GET",route="/api/services/:serviceId/customers",status_code="200"} 3');
    expect(text).toContain(
      'meterline_http_requests_total{method="GET",route="/api/services/:serviceId/customers/:id/",status_code="404"} 1',
    );
    expect(text).toContain('meterline_http_request_duration_seconds_count{method="GET",route="/api/services/:serviceId/customers"} 3');
    expect(text).toMatch(
      /meterline_http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/services\/:serviceId\/customers"\} \d/,
    );
    expect(text).toContain('meterline_http_requests_total{method="POST",route="/api/auth/jwt/create/",status_code="401"} 1');
    expect(text).toContain('meterline_sign_in_refusals_total{reason="authentication_failed"} 1');
    expect(text).toContain('meterline_job_queue_depth{kind="billing_run"} 0');
    expect(text).toContain('meterline_api_processes 1');
    expect(text).toContain('process_resident_memory_bytes');
    // The route pattern, never the URL with its ids.
    expect(text).not.toContain(`/api/services/${fixture.tenantA.electricityId}/`);
    expect(text).not.toContain('987654321');
    if (isPostgres) expect(text).toMatch(/meterline_db_pool_idle\{alias="default"\} \d+/);
    else expect(text).not.toContain('meterline_db_pool_idle{');
    // The door's turns (PostgreSQL; 0 on PGlite, which has no door): the scrape takes none, so none is held now.
    expect(text).toMatch(/meterline_requests_running 0\n[\s\S]*meterline_requests_waiting 0\n/);
  });

  it('labels a path no route matched as unmatched, never by its URL', async () => {
    expect((await admin.get('/api/no-such-thing/12345/')).statusCode).toBe(404);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain('meterline_http_requests_total{method="GET",route="unmatched",status_code="404"}');
    expect(text).not.toContain('no-such-thing');
  });
});
