import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first, nth } from '@meterline/contract/invariant';
import { tenants, users } from '../db/schema/index';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../test/harness';

/**
 * Property-based requests against every route of the OpenAPI document (which the routes' own zod
 * schemas generate): each field gets either a value of its declared type or a hostile one (wrong
 * types, huge and empty strings, control and right-to-left characters, prototype-polluting keys,
 * floats and huge numbers, huge pages), for every role. No answer may be a 5xx, and no body may
 * hold a stack trace or SQL. Run twice: a fixed seed (reproducible) and a fresh one (printed).
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  nullable?: boolean;
};
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
}

/**
 * Requests per seed: with the fixed and the fresh seed, at least 20,000 per run however many
 * operations the document lists (runs per operation = this / operations, rounded up).
 */
const REQUESTS_PER_SEED = 10_000;
const runsPerOperation = () => Number(process.env.FUZZ_RUNS_PER_OPERATION ?? Math.ceil(REQUESTS_PER_SEED / operations.length));
export const FIXED_SEED = 20_261_124;

let context: TestContext;
let fixture: Fixture;
let clients: Record<string, Client | null>;
let operations: Operation[];
let components: Record<string, JsonSchema>;

async function setUp() {
  context = await createTestContext({
    env: {
      LOGIN_FAILURES_PER_IP_PER_MINUTE: '0',
      LOGIN_FAILURES_PER_ACCOUNT_AND_IP: '0',
      RESET_REQUESTS_PER_IP_PER_HOUR: '0',
      RESET_REQUESTS_PER_EMAIL_PER_HOUR: '0',
      // Printed invoices as HTML: the fuzz tests the API, not Chromium.
      CHROMIUM_PATH: '/nonexistent/chromium',
    },
  });
  fixture = await createFixture(context);
  ({ passwordHash: fixturePasswordHash } = first(
    await context.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.username, 'a.admin')),
    'the fixture admin a.admin',
  ));
  clients = { anonymous: null };
  await signInAll();
  const document = context.app.swagger() as unknown as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; schema: JsonSchema }[];
          requestBody?: { content?: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  components = document.components?.schemas ?? {};
  operations = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, spec] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(upper)) continue;
      const parameters = spec.parameters ?? [];
      operations.push({
        method: upper,
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        query: Object.fromEntries(
          parameters.filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter.schema]),
        ),
        body: spec.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
}

const ROLES = ['superadmin', 'a.admin', 'a.accountant', 'a.support', 'a.collector'];
const ROLE_OF: Record<string, string> = {
  'a.admin': 'admin',
  'a.accountant': 'accountant',
  'a.support': 'support',
  'a.collector': 'collector',
};

async function signInAll() {
  for (const name of ROLES) clients[name] = await fixture.as(name);
}

/** The fuzz may deactivate, demote or re-password the signed-in users: put them back and sign in again. */
async function restoreUsers() {
  for (const [username, role] of Object.entries(ROLE_OF)) {
    await context.db
      .update(users)
      .set({ isActive: true, role, passwordHash: fixturePasswordHash, otpEnabled: false, otpSecret: null })
      .where(eq(users.username, username));
  }
  await context.db.update(tenants).set({ isBlocked: false });
  await signInAll();
}
let fixturePasswordHash = '';

function resolve(schema: JsonSchema): JsonSchema {
  if (schema.$ref) return resolve(components[schema.$ref.split('/').pop()!] ?? {});
  return schema;
}

/** Values nobody should send: each must be refused cleanly. */
const hostileText = fc.oneof(
  fc.constant(''),
  fc.constant(' '),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u202Eevil\u202C', '\u200F\u061C', '\r\n\t', '\uFEFF', '\uD800', '🙂'.repeat(10)),
  fc.constantFrom(
    "' or 1=1 --",
    '"; drop table users; --',
    '<img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '=cmd|/c calc!A1',
    '../../etc/passwd',
    '%00',
    '${7*7}',
  ),
  fc.constantFrom('x'.repeat(300), 'x'.repeat(3000), 'y'.repeat(20_000)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 53), 1e308, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom('99999999999.999', '1e400', '-0', '0x10', '١٢٣', 'NaN', '12.345678901234567890', '9'.repeat(40)),
);
const hostileAny: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { __proto__: { admin: true } }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}')),
);

function valueFor(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  const variants = schema.anyOf ?? schema.oneOf;
  const typed = ((): fc.Arbitrary<unknown> => {
    if (variants?.length) return fc.oneof(...variants.map((variant) => valueFor(variant, depth)));
    const [firstOfAll] = schema.allOf ?? [];
    if (firstOfAll) return valueFor(firstOfAll, depth);
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'string':
        return schema.format === 'date'
          ? fc.constantFrom('2026-11-01', '2026-02-30', '0000-00-00', '9999-12-31')
          : fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 60) });
      case 'integer':
        return fc.integer({ min: -5, max: 50 });
      case 'number':
        return fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.double({ min: 0, max: 1e6, noNaN: true }));
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(valueFor(schema.items ?? {}, depth + 1), { maxLength: 3 });
      case 'object':
        return depth > 3 ? fc.constant({}) : objectFor(schema, depth + 1);
      default:
        return hostileAny;
    }
  })();
  return fc.oneof({ weight: 3, arbitrary: typed }, { weight: 2, arbitrary: hostileAny });
}

function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = resolve(schema).properties ?? {};
  const known = fc.record(Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueFor(property, depth)])), {
    requiredKeys: [],
  });
  const extra = fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'tenant', 'tenant_id', 'is_superuser', 'id', 'role', 'extra'),
    hostileAny,
    { maxKeys: 2 },
  );
  return fc.tuple(known, extra).map(([values, extras]) => ({ ...values, ...extras }));
}

const pathValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('1', '2', '3', '4', '5', '8', '10') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', '%00', '%E2%80%AE', '١', '1e3', '%2e%2e'),
  },
);

function requestFor(operation: Operation): fc.Arbitrary<{ role: string; options: InjectOptions }> {
  const query = fc.record(
    Object.fromEntries(
      Object.entries({ ...operation.query, page: {}, page_size: {} }).map(([name, schema]) => [
        name,
        name === 'page' || name === 'page_size'
          ? fc.constantFrom('1', '0', '-1', '999999999', '2147483648', 'x')
          : valueFor(schema).map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))),
      ]),
    ),
    { requiredKeys: [] },
  );
  const params = fc.tuple(...operation.pathParams.map(() => pathValue));
  const body = operation.body
    ? fc.oneof({ weight: 5, arbitrary: objectFor(operation.body) }, { weight: 1, arbitrary: hostileAny })
    : fc.constant(undefined);
  return fc
    .record({ role: fc.constantFrom(...Object.keys(clients)), params, query, body })
    .map(({ role, params: values, query: search, body: payload }) => {
      let url = operation.path;
      operation.pathParams.forEach((name, index) => {
        url = url.replace(`{${name}}`, nth(values, index, `a value for {${name}}`));
      });
      const queryString = new URLSearchParams(
        Object.entries(search).map(([key, value]): [string, string] => [key, String(value).slice(0, 5000)]),
      ).toString();
      const options: InjectOptions = {
        method: operation.method,
        url: queryString ? `${url}?${queryString}` : url,
        ...(payload !== undefined && operation.method !== 'GET'
          ? { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }
          : {}),
      };
      return { role, options };
    });
}

const STACK_OR_SQL =
  /(\bat \S+ \(|\.ts:\d+|node_modules|Failed query|\bselect .+ from\b|\binsert into\b|\bupdate \S+ set\b|syntax error at|violates .* constraint)/i;

async function fuzz(seed: number) {
  let requests = 0;
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (const operation of operations) {
    let signedOut = false;
    await fc.assert(
      fc.asyncProperty(requestFor(operation), async ({ role, options }) => {
        const client = clients[role];
        const response = client ? await client.request(options) : await context.app.inject(options);
        requests += 1;
        if (client && response.statusCode === 401) signedOut = true;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const contentType = String(response.headers['content-type'] ?? '');
        const leaks = contentType.includes('json') && STACK_OR_SQL.test(response.body);
        if (response.statusCode >= 500 || leaks) {
          failures.push(
            `${role} ${options.method} ${options.url} ${String(options.payload ?? '').slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`,
          );
        }
      }),
      { numRuns: runsPerOperation(), seed, endOnFailure: true },
    );
    if (signedOut) await restoreUsers();
  }
  return { requests, failures, statuses };
}

/**
 * One fuzz run (its own app and database) with one seed: the fixed seed and a fresh one live in two
 * test files so that they run side by side.
 */
export function fuzzSuite(name: 'fixed' | 'fresh', seed: number) {
  describe(`fuzzing every route through app.inject() (${name} seed)`, () => {
    beforeAll(setUp);
    afterAll(async () => context?.close());

    it(`${name} seed: no 5xx, no stack trace or SQL in any body`, async () => {
      const started = performance.now();
      const { requests, failures, statuses } = await fuzz(seed);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const fivexx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
      console.log(
        `fuzz-${name}: seed=${seed} operations=${operations.length} roles=${Object.keys(clients).length} requests=${requests} 5xx=${fivexx} leaks=${failures.length - fivexx} seconds=${seconds} statuses=${[
          ...statuses,
        ]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}:${n}`)
          .join(',')}`,
      );
      expect(operations.length).toBeGreaterThan(60);
      expect(requests).toBeGreaterThanOrEqual(REQUESTS_PER_SEED);
      expect(failures.slice(0, 20)).toEqual([]);
    }, 2_400_000);
  });
}
