import type { z } from 'zod';
import type { Action, Subject } from './permissions';

/**
 * One call of the API written once (docs/api.md, "Endpoints"): its method, path, permission and
 * schemas. The API registers its route from it (`routeOf` in `apps/api/src/scope/endpoint-routes.ts`),
 * the web calls it through `callEndpoint` (`apps/web/src/shared/lib/api-client.ts`), typed by it, and
 * `docs/permissions-table.md` is generated from it. The schemas are loaded by a function: the API
 * awaits it when it registers the route, the web app only reads its type, so a list screen that calls
 * an endpoint downloads no zod (docs/performance.md, "No zod before a screen shows").
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One rule of the table a call needs: `[action, subject]`. */
export type PermissionRule = readonly [Action, Subject];

export interface EndpointSchemas {
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body of a success answer. */
  response: z.ZodType;
}

export interface Endpoint<Path extends string = string, Schemas extends EndpointSchemas = EndpointSchemas> {
  method: Method;
  /** Under `/api/`, with `:name` for each path parameter: `services/:serviceId/exchange-rates/`. */
  path: Path;
  /** One rule, or several that must all hold. */
  permission: PermissionRule | readonly PermissionRule[];
  /** The success statuses, when not only 200 (a create answers 201). */
  status?: readonly number[];
  summary: string;
  tags: readonly string[];
  schemas: () => Promise<Schemas>;
}

export function endpoint<const Path extends string, Schemas extends EndpointSchemas>(
  spec: Endpoint<Path, Schemas>,
): Endpoint<Path, Schemas> {
  return spec;
}

type ParamNames<Path> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's parameters: `{ serviceId: 3 }` for `services/:serviceId/…`. */
export type PathParams<Path extends string> = { [Name in ParamNames<Path>]: string | number };

type SchemasOf<E> = E extends Endpoint<string, infer Schemas> ? Schemas : never;

/** What a success answer's body is, as the web reads it. */
export type ResponseOf<E> = z.output<SchemasOf<E>['response']>;

/** What the body sent is, as the web writes it. */
export type BodyOf<E> = SchemasOf<E>['body'] extends z.ZodType ? z.input<SchemasOf<E>['body'] & z.ZodType> : never;

/** The path with its parameters filled in. */
export function fillPath<Path extends string>(path: Path, params: PathParams<Path>): string {
  const values = params as Record<string, string | number>;
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The rules of an endpoint, one or several, as a list. */
export function rulesOf(permission: Endpoint['permission']): readonly PermissionRule[] {
  if (permission.length === 0) return [];
  return typeof permission[0] === 'string' ? [permission as PermissionRule] : (permission as readonly PermissionRule[]);
}
