import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '@meterline/contract/common';
import { rulesOf, type Endpoint, type EndpointSchemas, type PathParams } from '@meterline/contract/endpoint';
import { requirePermission, type PermissionHook } from '../plugins/request-context';

/** A public call's one path parameter: a link's token (docs/security.md, "The public bill link"); any text, checked by its route. */
const tokenParamsSchema = z.object({ token: z.string().max(200) });

/** Where a route declares its permission (`config.permission`) instead of its own hooks (`service-routes.ts`). */
const SERVICE_PATH = 'services/:serviceId/';

/** A route's own `onRequest` hooks: signing in, then its permission's checks. */
type OnRequestHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Where `path` (under `/api/`) is inside the plugin registered at `prefix`: `/` for its own root. */
function urlInside(prefix: string, path: string): string {
  const full = `/api/${path}`;
  const own = prefix.replace(/\/$/, '');
  if (!full.startsWith(`${own}/`)) throw new Error(`${full} is not under the prefix ${prefix} it is registered at`);
  return full.slice(own.length);
}

/** A record's id (`:id`, `:serviceId`, `:userId`): every path parameter but a public call's `:token`. */
type ParamsOf<Path extends string> = Path extends `${string}/:token/${string}`
  ? typeof tokenParamsSchema
  : z.ZodObject<{ [Name in keyof PathParams<Path>]: typeof idParamSchema }>;

function paramsOf<Path extends string>(path: Path): ParamsOf<Path> {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  if (names.join() === 'token') return tokenParamsSchema as ParamsOf<Path>;
  const other = names.find((name) => name !== 'id' && !name.endsWith('Id'));
  if (other) throw new Error(`${path}: :${other} is not an id (:id, :…Id): the route gives its parameters' schema`);
  return z.object(Object.fromEntries(names.map((name) => [name, idParamSchema]))) as unknown as ParamsOf<Path>;
}

/** The same rules, in any order. */
function sameRules(a: readonly (readonly string[])[], b: readonly (readonly string[])[]): boolean {
  const key = (rules: readonly (readonly string[])[]) =>
    rules
      .map((rule) => rule.join(' '))
      .sort()
      .join();
  return key(a) === key(b);
}

/** A route's `config`: the permission the service scope checks, none anywhere else. */
function declared(permission: Endpoint['permission'] | undefined): { permission?: Endpoint['permission'] } {
  return permission ? { permission } : {};
}

/** The options of a route outside the service scope (docs/api.md, "Endpoints"). */
export interface RouteOfOptions<Params> {
  /** The path parameters' schema when one is not an id (`notifications/channels/:channel/`). */
  params?: Params;
  /**
   * The hook that checks the endpoint's rules its own way (`requireSelfOr`: one's own id needs less),
   * instead of `requirePermission` for each; it must name the same rules (checked at start).
   */
  check?: PermissionHook;
}

/** Method, address, schemas and answers: what every route made from an endpoint has. */
async function routeParts<Path extends string, Schemas extends EndpointSchemas, Errors extends object, Params>(
  instance: FastifyInstance,
  endpoint: Endpoint<Path, Schemas>,
  errors: Errors,
  params: Params | undefined,
) {
  const schemas = await endpoint.schemas();
  const success = Object.fromEntries((endpoint.status ?? [200]).map((status) => [status, schemas.response])) as Record<
    200 | 201 | 202 | 204,
    Schemas['response']
  >;
  const schema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    params: (params ?? paramsOf(endpoint.path)) as Params,
    querystring: schemas.query as Schemas['query'],
    body: schemas.body as Schemas['body'],
    response: { ...success, ...errors },
  };
  // Fastify warns of a schema key that is there without a schema: a call without a query or a body has none.
  if (!schemas.query) delete schema.querystring;
  if (!schemas.body) delete schema.body;
  return { method: endpoint.method, url: urlInside(instance.prefix, endpoint.path), schema };
}

/**
 * A public endpoint's route options (`permission: []`: no rule of the table, no sign-in, like the
 * sign-in itself): `routeOf`'s without a permission.
 */
export async function publicRouteOf<Path extends string, Schemas extends EndpointSchemas, Errors extends object>(
  instance: FastifyInstance,
  endpoint: Endpoint<Path, Schemas>,
  errors: Errors,
) {
  if (rulesOf(endpoint.permission).length) throw new Error(`${endpoint.path} declares a permission: use routeOf`);
  const route = await routeParts(instance, endpoint, errors, undefined as ParamsOf<Path> | undefined);
  return { ...route, schema: { ...route.schema, security: [] } };
}

/**
 * A route's options from its endpoint in the contract (docs/api.md, "Endpoints"): method, address,
 * permission, schemas, OpenAPI summary and tags, the endpoint's success statuses with its answer,
 * plus the route's error answers. The route adds its handler:
 * `routes.route({ ...(await routeOf(routes, exchangeRateEndpoints.list, readErrors)), handler })`.
 * Under `services/:serviceId/` the permission is declared (`config.permission`, checked by the
 * service scope); anywhere else the route gets its hooks: `app.authenticate`, then
 * `requirePermission` for each rule (or `options.check`).
 */
export async function routeOf<Path extends string, Schemas extends EndpointSchemas, Errors extends object, Params = ParamsOf<Path>>(
  instance: FastifyInstance,
  endpoint: Endpoint<Path, Schemas>,
  errors: Errors,
  options: RouteOfOptions<Params> = {},
) {
  const route = await routeParts(instance, endpoint, errors, options.params);
  const rules = rulesOf(endpoint.permission);
  const where = `${endpoint.method} ${endpoint.path}`;
  if (!rules.length) throw new Error(`${where} declares no permission: use publicRouteOf for a public call`);
  if (endpoint.path.startsWith(SERVICE_PATH)) {
    if (options.check) throw new Error(`${where}: the service scope checks the declared permission, no hook of its own`);
    return { ...route, config: declared(endpoint.permission), onRequest: [] as OnRequestHook[] };
  }
  if (options.check && !sameRules(options.check.permissions, rules)) {
    throw new Error(`${where}: its check hook names other rules than the endpoint's permission`);
  }
  const hooks = options.check ? [options.check] : rules.map(([action, subject]) => requirePermission(action, subject));
  return { ...route, config: declared(undefined), onRequest: [instance.authenticate, ...hooks] as OnRequestHook[] };
}
