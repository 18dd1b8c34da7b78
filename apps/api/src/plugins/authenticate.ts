import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@meterline/contract/errors';
import { idParamSchema } from '@meterline/contract/common';
import { normalizeRole } from '@meterline/contract/roles';
import type { DatabaseRegistry } from '../db/client';
import { unauthorized } from '../lib/http-errors';
import type { TokenService } from '../modules/auth/tokens';
import { findUserWithTenantAndSession } from '../modules/users/users.repository';
import './request-context';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:Bearer|JWT)\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The path's `serviceId` read by the route's own rule (`idParamSchema`, which validates it again
 * later); null when there is none or it is not an id.
 */
function pathServiceId(request: FastifyRequest): number | null {
  const value = (request.params as { serviceId?: unknown } | undefined)?.serviceId;
  if (value === undefined) return null;
  const parsed = idParamSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Verifies the access token and re-reads the user on every request, so that a blocked tenant,
 * a deactivated user, or a changed role or password is refused at once with a 401.
 */
async function authenticatePlugin(app: FastifyInstance, options: { tokens: TokenService; databases: DatabaseRegistry }) {
  app.decorateRequest('actor', null);
  app.decorateRequest('signedInRows', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = options.tokens.verifyAccess(token);
    // One statement per request: the user, the tenant, the session's revocation and, for a tenant
    // in `default`, the settings and the path's service that the request's scope reads (one round trip, docs/performance.md).
    const found = await findUserWithTenantAndSession(options.databases.default, claims.user_id, claims.fam, pathServiceId(request));
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
    request.signedInRows = { user, tenant, scope: found.scope };
  });
}

export const authenticate = fp(authenticatePlugin, { name: 'authenticate' });
