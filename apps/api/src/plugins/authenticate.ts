import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { Action, Subject } from '@meterline/contract/permissions';
import { can } from '@meterline/contract/permissions';
import { normalizeRole, type Role } from '@meterline/contract/roles';
import type { DatabaseRegistry } from '../db/client';
import { forbidden, unauthorized } from '../lib/http-errors';
import type { AuditContext } from '../modules/audit/audit.repository';
import type { TokenService } from '../modules/auth/tokens';
import { findUserWithTenantAndSession } from '../modules/users/users.repository';

/** The signed-in user, as every route and repository receives it. */
export interface Actor {
  userId: number;
  tenantId: number | null;
  role: Role;
  username: string;
  /** Database alias of the actor's tenant (null for the superadmin). */
  dbAlias: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:Bearer|JWT)\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Verifies the access token and re-reads the user on every request, so that a blocked tenant,
 * a deactivated user, or a changed role or password is refused at once with a 401.
 */
async function authenticatePlugin(app: FastifyInstance, options: { tokens: TokenService; databases: DatabaseRegistry }) {
  app.decorateRequest('actor', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = options.tokens.verifyAccess(token);
    // One statement per request: the user, the tenant and the session's revocation (issue 18).
    const found = await findUserWithTenantAndSession(options.databases.default, claims.user_id, claims.fam);
    if (!found) throw unauthorized(ERROR_CODES.tokenNotValid);
    const { user, tenant } = found;
    if (!user.isActive) throw unauthorized(ERROR_CODES.userInactive);
    if (tenant?.isBlocked) throw unauthorized(ERROR_CODES.tenantBlocked);
    if (user.tokenVersion !== claims.ver) throw unauthorized(ERROR_CODES.tokenNotValid);
    // Signed out (or its refresh token was stolen and reused): the session's access tokens end too.
    if (found.isSessionRevoked) throw unauthorized(ERROR_CODES.tokenNotValid);
    const role = normalizeRole(user.role);
    if (!role) throw unauthorized(ERROR_CODES.tokenNotValid);
    request.actor = { userId: user.id, tenantId: user.tenantId, role, username: user.username, dbAlias: tenant?.dbAlias ?? null };
  });
}

export const authenticate = fp(authenticatePlugin, { name: 'authenticate' });

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
 * send (issue 11). `permissions` names what the hook checks, for the route-table test.
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
