import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES, MESSAGES } from '@meterline/contract/errors';
import type { Action, Subject } from '@meterline/contract/permissions';
import { can } from '@meterline/contract/permissions';
import { normalizeRole, type Role } from '@meterline/contract/roles';
import type { DatabaseRegistry, Db } from '../db/client';
import { forbidden, unauthorized } from '../lib/http-errors';
import type { AuditContext } from '../modules/audit/audit.repository';
import type { TokenService } from '../modules/auth/tokens';
import { findUserWithTenant } from '../modules/users/users.repository';

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
  return match ? match[1] : null;
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
    const found = await findUserWithTenant(options.databases.default, claims.user_id);
    if (!found) throw unauthorized(MESSAGES.tokenNotValid, ERROR_CODES.tokenNotValid);
    const { user, tenant } = found;
    if (!user.isActive) throw unauthorized(MESSAGES.userInactive, ERROR_CODES.userInactive);
    if (tenant?.isBlocked) throw unauthorized(MESSAGES.tenantBlocked, ERROR_CODES.tenantBlocked);
    if (user.tokenVersion !== claims.ver) throw unauthorized(MESSAGES.tokenNotValid, ERROR_CODES.tokenNotValid);
    const role = normalizeRole(user.role);
    if (!role) throw unauthorized(MESSAGES.tokenNotValid, ERROR_CODES.tokenNotValid);
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

/** The database holding the actor's tenant data. */
export function tenantDbOf(databases: DatabaseRegistry, request: FastifyRequest): Db {
  return databases.get(tenantActorOf(request).dbAlias);
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

/** preHandler: the rule table decides (403 otherwise). */
export function requirePermission(action: Action, subject: Subject) {
  return async (request: FastifyRequest) => {
    const actor = actorOf(request);
    if (!can(actor.role, action, subject)) throw forbidden();
  };
}

/** preHandler: any one of the permissions is enough. */
export function requireAnyPermission(...permissions: [Action, Subject][]) {
  return async (request: FastifyRequest) => {
    const actor = actorOf(request);
    if (!permissions.some(([action, subject]) => can(actor.role, action, subject))) throw forbidden();
  };
}
