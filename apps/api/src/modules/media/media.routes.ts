import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@meterline/contract/errors';
import type { DatabaseRegistry } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { actorOf } from '../../plugins/request-context';
import { tenantIdOfMediaName } from './media-names';
import { findUpload } from './media.repository';

/**
 * Private to the signed-in user: a name is never reused for other bytes (a new logo gets a new
 * name), so the browser may keep it a year, but no shared cache may.
 */
const IMMUTABLE_CACHE = 'private, max-age=31536000, immutable';

/**
 * Uploaded images (avatars, the logo, meters' photos) by their random name, for the signed-in users
 * of the tenant that owns them only (docs/security.md, "Uploaded pictures"): no token is a 401,
 * another tenant's name (or the superadmin, who has no tenant data) a 404 like a missing one. The
 * web fetches them with its token into an object URL (`shared/ui/auth-image.tsx`); printed
 * documents embed the logo as a data: URI. Served with the type found from its content at upload,
 * and `nosniff`, so a browser never runs one as a page.
 */
export async function mediaRoutes(app: FastifyInstance, options: { databases: DatabaseRegistry }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/:name',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['media'],
        summary: "An uploaded image (avatar, logo, meter photo) of the caller's tenant, by its random name",
        params: z.object({ name: z.string() }),
        response: {
          200: z.any().meta({ description: 'The image bytes (image/png, image/jpeg or image/webp)' }),
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const tenantId = tenantIdOfMediaName(request.params.name);
      if (tenantId === null || tenantId !== actor.tenantId || !actor.dbAlias || !options.databases.has(actor.dbAlias)) throw notFound();
      const upload = await findUpload(options.databases.get(actor.dbAlias), { tenantId }, request.params.name);
      if (!upload) throw notFound();
      return reply
        .header('content-type', upload.contentType)
        .header('content-length', String(upload.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', IMMUTABLE_CACHE)
        .send(upload.data);
    },
  );
}
