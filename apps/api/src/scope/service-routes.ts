import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rulesOf, type PermissionRule } from '@meterline/contract/endpoint';
import type { DatabaseRegistry } from '../db/client';
import { notFound } from '../lib/http-errors';
import { requirePermission } from '../plugins/request-context';
import { resolveServiceContext, type ServiceContext } from './service-scope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a route under `/api/services/{serviceId}/` needs of the rule table: one rule, or several
     * that must all hold. Checked in `onRequest`, before the body is read (403 whatever the body).
     */
    permission?: PermissionRule | readonly PermissionRule[];
  }
  interface FastifyRequest {
    /**
     * The request's service scope (tenant, service, settings, actor): set once, before the handler,
     * for every route under `/api/services/{serviceId}/`. Undefined anywhere else.
     */
    scope: ServiceContext;
  }
}

const SCOPE_PREFIX = '/api/services/:serviceId';

/**
 * A declared permission is enforced only inside the service scope: anywhere else it would read as a
 * check and be none. Registered on the root app before any route, this refuses such a route.
 */
export function refuseDeclaredPermissionsOutsideTheScope(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.permission && !route.url.startsWith(`${SCOPE_PREFIX}/`)) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} declares a permission outside ${SCOPE_PREFIX}/: use onRequest hooks there`,
      );
    }
  });
}

/**
 * Every route under `/api/services/{serviceId}/` is registered inside this one encapsulated plugin:
 * a route declares its permission (`config: { permission: ['list', 'cash'] }`) and calls its service
 * with `request.scope`. The plugin signs the caller in and checks the declared rules in `onRequest`
 * (so the route-table test reads them as the route's own hooks), and resolves the scope once after
 * validation (a disabled service refuses writes there). A route that declares no permission cannot
 * be registered: the app does not start.
 */
export async function registerServiceScope(
  app: FastifyInstance,
  databases: DatabaseRegistry,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        const rules = route.config?.permission ? rulesOf(route.config.permission) : [];
        const method = [route.method].flat().join(',');
        if (!rules.length) throw new Error(`${method} ${route.url} declares no permission (config.permission)`);
        route.onRequest = [
          app.authenticate,
          ...rules.map(([action, subject]) => requirePermission(action, subject)),
          ...[route.onRequest ?? []].flat(),
        ];
        route.preHandler = [resolveScope, ...[route.preHandler ?? []].flat()];
      });
      async function resolveScope(request: FastifyRequest) {
        const serviceId = Number((request.params as { serviceId?: unknown }).serviceId);
        if (!Number.isSafeInteger(serviceId) || serviceId < 1) throw notFound();
        request.scope = await resolveServiceContext(databases, request, serviceId);
      }
      await register(scope);
    },
    { prefix: SCOPE_PREFIX },
  );
}
