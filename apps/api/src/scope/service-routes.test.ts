import Fastify, { type FastifyRequest, type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseRegistry } from '../db/client';
import type { PermissionHook } from '../plugins/request-context';
import { refuseDeclaredPermissionsOutsideTheScope, registerServiceScope } from './service-routes';

/** A bare app with the one decorator the scope uses; no database is reached while registering. */
function bareApp() {
  const app = Fastify();
  app.decorate('authenticate', async (_request: FastifyRequest) => undefined);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  return { app, routes };
}

const noDatabases = {} as DatabaseRegistry;

describe('the service scope', () => {
  it('refuses to register a route that declares no permission: the app does not start', async () => {
    const { app } = bareApp();
    await expect(
      registerServiceScope(app, noDatabases, async (scope) => {
        scope.get('/widgets/', async () => ({ ok: true }));
      }),
    ).rejects.toThrow('GET /api/services/:serviceId/widgets/ declares no permission');
    await app.close();
  });

  it("turns a route's declared rules into its own onRequest hooks, after signing in and before the route's own", async () => {
    const { app, routes } = bareApp();
    const own = async () => undefined;
    await registerServiceScope(app, noDatabases, async (scope) => {
      scope.get('/widgets/', { config: { permission: ['list', 'invoice'] } }, async () => ({ ok: true }));
      scope.post(
        '/widgets/',
        {
          config: {
            permission: [
              ['create', 'invoice'],
              ['manage', 'invoice'],
            ],
          },
          onRequest: own,
        },
        async () => ({ ok: true }),
      );
    });
    await app.ready();
    const hooksOf = (method: string) => {
      const route = routes.find((item) => item.method === method && item.url === '/api/services/:serviceId/widgets/');
      return [route?.onRequest ?? []].flat() as unknown[];
    };
    const permissionsOf = (method: string) =>
      hooksOf(method).flatMap((hook) => ((hook as Partial<PermissionHook>).permissions ? [(hook as PermissionHook).permissions] : []));
    expect(hooksOf('GET')[0]).toBe(app.authenticate);
    expect(permissionsOf('GET')).toEqual([[['list', 'invoice']]]);
    expect(permissionsOf('POST')).toEqual([[['create', 'invoice']], [['manage', 'invoice']]]);
    expect(hooksOf('POST').at(-1)).toBe(own);
    await app.close();
  });
});

describe('a declared permission outside the scope', () => {
  it('refuses the route: there it would be no check at all', async () => {
    const { app } = bareApp();
    refuseDeclaredPermissionsOutsideTheScope(app);
    expect(() => app.get('/api/jobs/:id/file/', { config: { permission: ['list', 'statement'] } }, async () => ({ ok: true }))).toThrow(
      'GET /api/jobs/:id/file/ declares a permission outside /api/services/:serviceId/',
    );
    await app.close();
  });
});
