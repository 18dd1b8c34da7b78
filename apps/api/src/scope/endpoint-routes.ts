import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Endpoint, EndpointSchemas } from '@meterline/contract/endpoint';
import { serviceItemParamsSchema, serviceParamsSchema } from './service-scope';

/** A public call's one path parameter: a link's token (docs/security.md, "The public bill link"); any text, checked by its route. */
const tokenParamsSchema = z.object({ token: z.string().max(200) });

/** Where `path` (under `/api/`) is inside the plugin registered at `prefix`: `/` for its own root. */
function urlInside(prefix: string, path: string): string {
  const full = `/api/${path}`;
  const own = prefix.replace(/\/$/, '');
  if (!full.startsWith(`${own}/`)) throw new Error(`${full} is not under the prefix ${prefix} it is registered at`);
  return full.slice(own.length);
}

/** The path parameters of a service's call: `serviceId`, and `id` for one record; a public call's `token`. */
type ParamsOf<Path extends string> = Path extends `${string}/:token/${string}`
  ? typeof tokenParamsSchema
  : Path extends `${string}/:id/${string}`
    ? typeof serviceItemParamsSchema
    : typeof serviceParamsSchema;

function paramsOf<Path extends string>(path: Path): ParamsOf<Path> {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
  if (!names.length) return z.object({}) as unknown as ParamsOf<Path>;
  if (names.join() === 'serviceId') return serviceParamsSchema as ParamsOf<Path>;
  if (names.join() === 'serviceId,id') return serviceItemParamsSchema as ParamsOf<Path>;
  if (names.join() === 'token') return tokenParamsSchema as ParamsOf<Path>;
  throw new Error(`${path}: only :serviceId and :id are path parameters of a service's call (:token of a public one)`);
}

/**
 * A public endpoint's route options (`permission: []`: no rule of the table, registered outside the
 * service scope, like the sign-in): `routeOf`'s without the declared permission.
 */
export async function publicRouteOf<Path extends string, Schemas extends EndpointSchemas, Errors extends object>(
  instance: FastifyInstance,
  endpoint: Endpoint<Path, Schemas>,
  errors: Errors,
) {
  if ([endpoint.permission].flat().length) throw new Error(`${endpoint.path} declares a permission: use routeOf`);
  const { config: _declared, ...route } = await routeOf(instance, endpoint, errors);
  return { ...route, schema: { ...route.schema, security: [] } };
}

/**
 * A route's options from its endpoint in the contract (docs/api.md, "Endpoints"): method, address,
 * declared permission, schemas, OpenAPI summary and tags, the endpoint's success statuses with its
 * answer, plus the route's error answers. The route adds its handler:
 * `routes.route({ ...(await routeOf(routes, exchangeRateEndpoints.list, readErrors)), handler })`.
 */
export async function routeOf<Path extends string, Schemas extends EndpointSchemas, Errors extends object, Params = ParamsOf<Path>>(
  instance: FastifyInstance,
  endpoint: Endpoint<Path, Schemas>,
  errors: Errors,
  /** The path parameters' schema of a call outside a service (`notifications/channels/:channel/`). */
  params?: Params,
) {
  const schemas = await endpoint.schemas();
  const success = Object.fromEntries((endpoint.status ?? [200]).map((status) => [status, schemas.response])) as Record<
    200 | 201 | 204,
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
  return { method: endpoint.method, url: urlInside(instance.prefix, endpoint.path), config: { permission: endpoint.permission }, schema };
}
