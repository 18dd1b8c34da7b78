import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoint } from '@meterline/contract/endpoint';
import { requireSelfOr, type PermissionHook } from '../plugins/request-context';
import { publicRouteOf, routeOf } from './endpoint-routes';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A bare app with the one decorator `routeOf` uses, and the routes registered at `prefix`. */
async function bareApp(prefix: string, register: (routes: FastifyInstance) => Promise<void>) {
  const app = Fastify();
  apps.push(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('authenticate', async (_request: FastifyRequest) => undefined);
  await app.register(register, { prefix });
  await app.ready();
  return app;
}

const params = async () => ({ response: (await import('zod')).z.unknown() });
const tenantUser = endpoint({
  method: 'GET',
  path: 'tenants/:id/users/:userId/',
  permission: ['view', 'tenant_users'],
  summary: "One of a client's users",
  tags: ['tenant users'],
  schemas: params,
});

/** The rules each permission hook of a route checks, in order. */
function permissionsOf(hooks: unknown[]): unknown[] {
  return hooks
    .filter((hook) => Array.isArray((hook as Partial<PermissionHook>).permissions))
    .map((hook) => (hook as PermissionHook).permissions);
}

describe('routeOf outside the service scope (docs/api.md, "Endpoints")', () => {
  it('gives the route app.authenticate, then one requirePermission per rule, and no declared permission', async () => {
    let route: { url: string; config: object; onRequest: unknown[] } | undefined;
    await bareApp('/api/tenants', async (routes) => {
      route = await routeOf(routes, tenantUser, {});
    });
    expect(route?.url).toBe('/:id/users/:userId/');
    expect(route?.config).toEqual({});
    expect(route?.onRequest[0]).toBeTypeOf('function');
    expect(permissionsOf(route?.onRequest.slice(1) ?? [])).toEqual([[['view', 'tenant_users']]]);
  });

  it('reads every :id and :…Id of the path as an id: a number, and a 400 for anything else', async () => {
    const app = await bareApp('/api/tenants', async (instance) => {
      const routes = instance.withTypeProvider<ZodTypeProvider>();
      // No signed-in caller here: the hooks are left out, the path's parameters are what is read.
      routes.route({ ...(await routeOf(routes, tenantUser, {})), onRequest: [], handler: async (request) => request.params });
    });
    expect((await app.inject({ method: 'GET', url: '/api/tenants/3/users/7/' })).json()).toEqual({ id: 3, userId: 7 });
    expect((await app.inject({ method: 'GET', url: '/api/tenants/3/users/x/' })).statusCode).toBe(400);
  });

  it('refuses at start a path parameter that is not an id, unless the route gives its schema', async () => {
    const channel = { ...tenantUser, path: 'tenants/:channel/' as const };
    await expect(bareApp('/api/tenants', async (routes) => void (await routeOf(routes, channel, {})))).rejects.toThrow(
      ':channel is not an id',
    );
  });

  it('takes a check hook naming the endpoint’s rules, and refuses at start one naming others', async () => {
    const self = endpoint({ ...tenantUser, path: 'auth/users/:id/', permission: ['list', 'user'] });
    const check = requireSelfOr(null, ['list', 'user']);
    let hooks: unknown[] = [];
    await bareApp('/api/auth/users', async (routes) => {
      hooks = (await routeOf(routes, self, {}, { check })).onRequest;
    });
    expect(hooks.slice(1)).toEqual([check]);
    await expect(
      bareApp(
        '/api/auth/users',
        async (routes) => void (await routeOf(routes, self, {}, { check: requireSelfOr(null, ['update', 'user']) })),
      ),
    ).rejects.toThrow('its check hook names other rules');
  });

  it('refuses an endpoint without a rule (publicRouteOf is for those), and publicRouteOf one with a rule', async () => {
    const open = endpoint({ ...tenantUser, permission: [] });
    await expect(bareApp('/api/tenants', async (routes) => void (await routeOf(routes, open, {})))).rejects.toThrow('use publicRouteOf');
    await expect(bareApp('/api/tenants', async (routes) => void (await publicRouteOf(routes, tenantUser, {})))).rejects.toThrow(
      'declares a permission',
    );
  });

  it('declares the permission for the service scope under services/:serviceId/, with no hooks of its own', async () => {
    const widgets = endpoint({ ...tenantUser, path: 'services/:serviceId/widgets/', permission: ['list', 'invoice'] });
    let route: { url: string; config: object; onRequest: unknown[] } | undefined;
    await bareApp('/api/services/:serviceId', async (routes) => {
      route = await routeOf(routes, widgets, {});
    });
    expect(route?.config).toEqual({ permission: ['list', 'invoice'] });
    expect(route?.onRequest).toEqual([]);
  });
});
