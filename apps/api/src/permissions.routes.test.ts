import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableAllows, type ConcreteSubject } from '@meterline/contract/permissions';
import type { PermissionHook } from './plugins/request-context';
import { ROLES_UNDER_TEST, signInRoles, type RoleUnderTest } from '../test/billing';
import { createFixture, type Fixture } from '../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../test/harness';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
});
afterAll(async () => context?.close());

/**
 * Routes open without a rule of the table: sign-in, the signed-in user's own data, files (any signed-in
 * user of the file's tenant, docs/security.md), and the
 * operations probes (health without a token, metrics with METRICS_TOKEN: docs/operations.md).
 */
const OPEN_ROUTES = new Set([
  'POST /api/auth/jwt/create/',
  'POST /api/auth/jwt/refresh/',
  'POST /api/auth/jwt/verify/',
  'POST /api/auth/jwt/logout/',
  'GET /api/auth/users/me/',
  'POST /api/auth/users/reset_password/',
  'POST /api/auth/users/reset_password_confirm/',
  'GET /api/media/:name',
  'GET /api/media/*',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/metrics',
  // "Check my bill": the signed token is the permission (docs/security.md, "The public bill link").
  'GET /api/public/bills/:token/',
  // A provider's delivery report: no user, the token and the body's signature instead (docs/notifications.md).
  'POST /api/notifications/callbacks/:token/',
  // WhatsApp Cloud's check of that address: the verify token is the address's own token.
  'GET /api/notifications/callbacks/:token/',
]);

function permissionHooksOf(route: RouteOptions): PermissionHook[] {
  const hooks = [route.onRequest ?? []].flat() as unknown[];
  return hooks.filter((hook): hook is PermissionHook => typeof hook === 'function' && Array.isArray((hook as PermissionHook).permissions));
}

/** A role passes a route's hooks when each hook accepts one of its permissions of the contract's table (none: any tenant user). */
function isAllowed(role: RoleUnderTest, hooks: PermissionHook[]): boolean {
  return hooks.every((hook) =>
    hook.permissions.length === 0
      ? role !== 'superadmin'
      : hook.permissions.some(([action, subject]) => tableAllows(role, action, subject as ConcreteSubject)),
  );
}

/** The route's URL with every parameter filled: a real service of tenant A, 999999 for ids. */
function urlOf(route: RouteOptions): string {
  return route.url.replace(':serviceId', String(fixture.tenantA.electricityId)).replace(/:[A-Za-z]+/g, '999999');
}

const VALID_LOOKING_BODY = {
  name: 'Walk',
  full_name: 'Walk Test',
  username: 'walker',
  email: 'walk@example.com',
  password: 'long-enough-1',
  role: 'support',
  amount: '10',
  kind: 'expense',
  counter: '10',
  reason: 'test',
  price: '10',
  code: 'W-1',
  period_start: '2026-01-01',
  period_end: '2026-01-31',
  subscription: 1,
  customer: 1,
  is_active: true,
  outcome: 'absent',
  collector: 1,
  region: 1,
};

describe('403 before 400 on every route', () => {
  it('collects the route table of the running app', () => {
    const apiRoutes = context.routes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
    expect(apiRoutes.length).toBeGreaterThan(60);
  });

  it('answers 403 to every role without the permission, with an empty body and with a valid-looking one', async () => {
    const failures: string[] = [];
    let checks = 0;
    const routes = context.routes.filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
    );
    for (const route of routes) {
      const methods = [route.method].flat();
      for (const method of methods) {
        const name = `${method} ${route.url}`;
        const hooks = permissionHooksOf(route);
        if (hooks.length === 0) {
          if (!OPEN_ROUTES.has(name)) failures.push(`${name}: no permission hook in onRequest (add one, or list it as open)`);
          continue;
        }
        for (const role of ROLES_UNDER_TEST) {
          if (isAllowed(role, hooks)) continue;
          const bodies: (unknown | undefined)[] = method === 'GET' ? [undefined] : [undefined, {}, VALID_LOOKING_BODY, 'not json'];
          for (const body of bodies) {
            checks += 1;
            const response = await clients[role].request({
              method: method as 'GET',
              url: urlOf(route),
              payload: body as string,
              headers: body === undefined ? {} : { 'content-type': 'application/json' },
            });
            if (response.statusCode !== 403 || response.json().code !== 'permission_denied') {
              failures.push(`${name} as ${role} with ${JSON.stringify(body)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checks).toBeGreaterThan(200);
  });
});

/** The role × call table of `docs/permissions-table.md`, made from the running app's routes and the contract's rule table. */
function permissionsTable(): string {
  const rows = new Map<string, string>();
  for (const route of context.routes) {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const hooks = permissionHooksOf(route);
      const rules = hooks.map((hook) =>
        hook.permissions.length === 0 ? 'any tenant user' : hook.permissions.map((rule) => rule.join(' ')).join(' or '),
      );
      const cells = ROLES_UNDER_TEST.map((role) => (hooks.length === 0 || isAllowed(role, hooks) ? '✓' : '–'));
      const call = `${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`;
      rows.set(
        `${route.url} ${method}`,
        `| \`${call}\` | ${hooks.length === 0 ? 'open (its own checks)' : rules.join(', and ')} | ${cells.join(' | ')} |`,
      );
    }
  }
  return [
    '# Who may call what',
    '',
    'Generated from the running app: each route with the rules of `PERMISSION_TABLE` its hooks check (a route under',
    '`/api/services/{serviceId}/` declares them, or takes them from its endpoint in `packages/contract/src/endpoints/`).',
    'Do not edit: `npx vitest run apps/api/src/permissions.routes.test.ts -u` writes it again, and the test fails while',
    'it differs from the routes. ✓ the role may call it, – it answers 403. "Open" calls check the caller themselves',
    '(sign-in, the signed-in user, files, health).',
    '',
    `| call | permission | ${ROLES_UNDER_TEST.join(' | ')} |`,
    `|---|---|${ROLES_UNDER_TEST.map(() => '---').join('|')}|`,
    ...[...rows.keys()].sort().map((key) => rows.get(key)),
    '',
  ].join('\n');
}

describe('the permissions table in the docs', () => {
  it('is the running app’s route table', async () => {
    await expect(permissionsTable()).toMatchFileSnapshot('../../../docs/permissions-table.md');
  });
});

describe('collectors (issue 19)', () => {
  it('lets collectors take payments and see their cash, and only the office count it', () => {
    const expected: Record<string, RoleUnderTest[]> = {
      'PUT /api/services/:serviceId/invoices/:id/create_payment/': ['admin', 'accountant', 'collector'],
      'GET /api/services/:serviceId/cash/': ['admin', 'accountant', 'collector'],
      'GET /api/services/:serviceId/cash/handovers/': ['admin', 'accountant', 'collector'],
      'POST /api/services/:serviceId/cash/handovers/': ['admin', 'accountant'],
      'GET /api/services/:serviceId/cash/performance/': ['admin', 'accountant', 'collector'],
      'GET /api/services/:serviceId/payments/:id/receipt/': ['admin', 'accountant', 'support', 'collector'],
      'GET /api/services/:serviceId/payments/:id/verification/': ['admin', 'accountant', 'support', 'collector'],
    };
    const actual: Record<string, RoleUnderTest[]> = {};
    for (const route of context.routes) {
      const name = `${[route.method].flat().join(',')} ${route.url}`;
      if (name in expected) actual[name] = ROLES_UNDER_TEST.filter((role) => isAllowed(role, permissionHooksOf(route)));
    }
    expect(actual).toEqual(expected);
  });
});

describe('overdue follow-up (issue 15)', () => {
  it('lets the office send reminders and everyone who lists invoices print the disconnection list', () => {
    const expected: Record<string, RoleUnderTest[]> = {
      'POST /api/services/:serviceId/overdue/remind/': ['admin', 'accountant'],
      // The billing run's "send all" (who runs billing runs and sends reminders).
      'POST /api/services/:serviceId/invoices/send/': ['admin', 'accountant'],
      'GET /api/services/:serviceId/overdue/disconnection-list/': ['admin', 'accountant', 'support', 'collector'],
    };
    const actual: Record<string, RoleUnderTest[]> = {};
    for (const route of context.routes) {
      const name = `${[route.method].flat().join(',')} ${route.url}`;
      if (name in expected) actual[name] = ROLES_UNDER_TEST.filter((role) => isAllowed(role, permissionHooksOf(route)));
    }
    expect(actual).toEqual(expected);
  });
});
