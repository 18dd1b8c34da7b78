import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@meterline/contract/errors';
import type { DatabaseRegistry } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { tenantIdOfMediaName } from './media-names';
import { findTenantAlias, findUpload } from './media.repository';

/** A year: a name is never reused for other bytes (a new logo gets a new name). */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Uploaded images by their random name. Public, as `<img src>` sends no bearer token: the name is
 * the capability. Served with the type found from its content at upload, and `nosniff`, so a
 * browser never runs one as a page.
 */
export async function mediaRoutes(app: FastifyInstance, options: { databases: DatabaseRegistry }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/:name',
    {
      schema: {
        tags: ['media'],
        summary: 'An uploaded image (logo), by its random name',
        security: [],
        params: z.object({ name: z.string() }),
        response: { 200: z.any().meta({ description: 'The image bytes (image/png, image/jpeg or image/webp)' }), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const tenantId = tenantIdOfMediaName(request.params.name);
      if (tenantId === null) throw notFound();
      const alias = await findTenantAlias(options.databases.default, tenantId);
      if (!alias || !options.databases.has(alias)) throw notFound();
      const upload = await findUpload(options.databases.get(alias), { tenantId }, request.params.name);
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
