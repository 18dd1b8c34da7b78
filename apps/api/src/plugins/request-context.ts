import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorLanguageOf, type ErrorLanguage } from '@meterline/contract/error-messages';
import type { Action, Subject } from '@meterline/contract/permissions';
import { can } from '@meterline/contract/permissions';
import type { Role } from '@meterline/contract/roles';
import type { services, settings, tenants, users } from '../db/schema/index';
import { forbidden, unauthorized } from '../lib/http-errors';

/*
 * What a module may read of its request, and the permission hooks of its routes: the one file of
 * plugins/ that modules (and scope/) import. It imports no module, so no module depends on the
 * authenticate plugin (which reads the users repository) through it.
 */

/** The signed-in user, as every route and repository receives it. */
export interface Actor {
  userId: number;
  tenantId: number | null;
  role: Role;
  username: string;
  /** Database alias of the actor's tenant (null for the superadmin). */
  dbAlias: string | null;
}

/**
 * The rows the authentication's one statement read for this request (docs/performance.md), so that the
 * request's scope and `users/me` do not read them again. `scope` is null when the tenant's data
 * lives in another database than `default` (the statement reads `default` only): the scope then
 * reads its own database.
 */
export interface SignedInRows {
  user: typeof users.$inferSelect;
  tenant: typeof tenants.$inferSelect | null;
  scope: {
    settings: typeof settings.$inferSelect | null;
    /** The path's `serviceId` the statement looked for (null: none in the path, or not an id by `idParamSchema`). */
    serviceId: number | null;
    /** That service if it is the tenant's, else null. */
    service: typeof services.$inferSelect | null;
  } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    signedInRows: SignedInRows | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Who did it, from where: written with every audit row. */
export interface AuditContext {
  actorId: number | null;
  actorRole: string | null;
  tenantId: number | null;
  ip: string | null;
  requestId: string | null;
}

/** A user's name as the API answers it (`received_by_name`, …): first and last name, else the username. */
export function userDisplayName(user: { firstName: string; lastName: string; username: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

/** The signed-in user's name, from the row the authentication read for this request (no read of its own). */
export function actorNameOf(request: FastifyRequest): string | null {
  const user = request.signedInRows?.user;
  return user ? userDisplayName(user) : null;
}

/** The caller's language for messages: `?lang=`, else Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): ErrorLanguage {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  const header = request.headers['accept-language'];
  return errorLanguageOf(Array.isArray(header) ? header[0] : header, typeof lang === 'string' ? lang : undefined);
}

/** The actor of an authenticated route (the authenticate hook has run). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** A signed-in tenant user: the tenant and its database alias are known. */
export type TenantActor = Actor & { tenantId: number; dbAlias: string };

/** A tenant user's actor: the superadmin has no tenant data. */
export function tenantActorOf(request: FastifyRequest): TenantActor {
  const actor = actorOf(request);
  if (actor.tenantId === null || actor.dbAlias === null) throw forbidden();
  return actor as TenantActor;
}

export function auditContextOf(request: FastifyRequest): AuditContext {
  return {
    actorId: request.actor?.userId ?? null,
    actorRole: request.actor?.role ?? null,
    tenantId: request.actor?.tenantId ?? null,
    ip: request.ip,
    requestId: String(request.id),
  };
}

/**
 * A permission check of the rule table, run in `onRequest` right after `app.authenticate`: before
 * the body is read or validated, so a caller without the permission gets a 403 whatever they
 * send (docs/permissions.md). `permissions` names what the hook checks, for the route-table test.
 */
export type PermissionHook = ((request: FastifyRequest) => Promise<void>) & { permissions: [Action, Subject][] };

function permissionHook(permissions: [Action, Subject][], check: (request: FastifyRequest, actor: Actor) => boolean): PermissionHook {
  const hook = async (request: FastifyRequest) => {
    if (!check(request, actorOf(request))) throw forbidden();
  };
  return Object.assign(hook, { permissions });
}

/** onRequest (after authenticate): the rule table decides (403 otherwise). */
export function requirePermission(action: Action, subject: Subject): PermissionHook {
  return permissionHook([[action, subject]], (_request, actor) => can(actor.role, action, subject));
}

/** onRequest (after authenticate): any one of the permissions is enough. */
export function requireAnyPermission(...permissions: [Action, Subject][]): PermissionHook {
  return permissionHook(permissions, (_request, actor) => permissions.some(([action, subject]) => can(actor.role, action, subject)));
}

/**
 * onRequest (after authenticate) for `/users/{id}/`: the caller's own id needs `own` (any signed-in
 * user when null), another id needs `other`.
 */
export function requireSelfOr(own: [Action, Subject][] | null, other: [Action, Subject]): PermissionHook {
  return permissionHook([other], (request, actor) => {
    const isSelf = Number((request.params as { id?: string }).id) === actor.userId;
    const needed = isSelf ? own : [other];
    return needed === null || needed.some(([action, subject]) => can(actor.role, action, subject));
  });
}

/** onRequest (after authenticate): a tenant user, any role (the superadmin has no tenant data). */
export const requireTenantUser: PermissionHook = Object.assign(
  async (request: FastifyRequest) => {
    tenantActorOf(request);
  },
  { permissions: [] as [Action, Subject][] },
);
