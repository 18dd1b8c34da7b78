import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  tokenCreateInputSchema,
  tokenLogoutInputSchema,
  tokenPairSchema,
  tokenRefreshInputSchema,
  tokenVerifyInputSchema,
} from '@meterline/contract/auth';
import { errorSchema, ERROR_CODES, validationErrorSchema, type ErrorCode } from '@meterline/contract/errors';
import { HttpError, unauthorized } from '../../lib/http-errors';
import { noContent } from '../../lib/route-schemas';
import type { AuthService } from './auth.service';
import type { TokenService } from './tokens';

export async function authRoutes(
  app: FastifyInstance,
  options: {
    auth: AuthService;
    tokens: TokenService;
    /** Told of every refused sign-in, by its code (the metrics' counter). */
    onSignInRefused?: (code: ErrorCode) => void;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  routes.post(
    '/create/',
    {
      schema: {
        tags,
        summary: 'Sign in: access and refresh tokens',
        body: tokenCreateInputSchema,
        response: { 200: tokenPairSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      try {
        return await options.auth.login(request.body, request.ip);
      } catch (error) {
        if (error instanceof HttpError) options.onSignInRefused?.(error.code);
        throw error;
      }
    },
  );

  routes.post(
    '/refresh/',
    {
      schema: {
        tags,
        summary: 'Rotate a refresh token (single use; reuse revokes its family)',
        body: tokenRefreshInputSchema,
        response: { 200: tokenPairSchema, 400: validationErrorSchema, 401: errorSchema },
      },
    },
    async (request) => options.auth.refresh(request.body.refresh),
  );

  routes.post(
    '/verify/',
    {
      schema: {
        tags,
        summary: 'Check a token',
        body: tokenVerifyInputSchema,
        response: { 200: z.object({}), 400: validationErrorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      if (!options.tokens.verifyAny(request.body.token)) throw unauthorized(ERROR_CODES.tokenNotValid);
      return {};
    },
  );

  routes.post(
    '/logout/',
    {
      schema: {
        tags,
        summary: "Revoke the refresh token's family",
        body: tokenLogoutInputSchema.optional(),
        response: { 204: noContent, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      await options.tokens.logout(request.body?.refresh);
      return reply.code(204).send(null);
    },
  );
}
