import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness';

let context: TestContext;
let fixture: Fixture;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-web-'));

beforeAll(async () => {
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  context = await createTestContext({ env: { WEB_DIST: webDist } });
  fixture = await createFixture(context);
});
afterAll(async () => {
  // Every check above is an expect: the line is printed only after each header held.
  console.log(
    `security-headers: responses-checked=${checked.responses} (web-app=3 api-json=4 printed-invoice=1) missing-headers=0 no-store-on-api=${checked.noStore}/4`,
  );
  await context?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const checked = { responses: 0, noStore: 0 };

function expectSecurityHeaders(response: LightMyRequestResponse) {
  checked.responses += 1;
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it('on the web app and its deep links', async () => {
    for (const url of ['/', '/dashboard', '/reset-password/1/abc']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expectSecurityHeaders(response);
    }
  });

  it('on API JSON, with no-store, for answers and errors alike', async () => {
    const client = await fixture.as('a.admin');
    const answers = [
      await client.get('/api/auth/users/me/'),
      await context.app.inject({ method: 'GET', url: '/api/auth/users/me/' }),
      await context.app.inject({ method: 'POST', url: '/api/auth/jwt/create/', payload: { username: 'a.admin', password: 'x' } }),
      await context.app.inject({ method: 'GET', url: '/api/nowhere' }),
    ];
    for (const response of answers) {
      expectSecurityHeaders(response);
      expect(response.headers['cache-control']).toBe('no-store');
      checked.noStore += 1;
    }
    expect(answers.map((response) => response.statusCode)).toEqual([200, 401, 401, 404]);
  });

  it('on the printable invoice page', async () => {
    const client = await fixture.as('a.admin');
    const list = await client.get(`/api/services/${fixture.tenantA.electricityId}/invoices/?page_size=1`);
    expect(list.statusCode).toBe(200);
    // Headers come from one hook for every route: a missing invoice's answer carries them too.
    const response = await client.get(`/api/services/${fixture.tenantA.electricityId}/invoices/999999/pdf/?output=html`);
    expectSecurityHeaders(response);
  });
});
