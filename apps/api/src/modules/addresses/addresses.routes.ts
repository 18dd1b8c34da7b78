import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildingSchema, regionParamsSchema, regionSchema, streetParamsSchema, streetSchema } from '@meterline/contract/addresses';
import { addressEndpoints } from '@meterline/contract/endpoints/addresses';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, requireTenantUser, tenantActorOf } from '../../plugins/request-context';
import { routeOf } from '../../scope/endpoint-routes';
import type { AddressService } from './addresses.service';

/**
 * `/regions/`, `/regions/{r}/streets/`, `/regions/{r}/streets/{s}/buildings/`: read by every
 * tenant user (forms pick addresses), written with `update settings` (`addressEndpoints` in the
 * contract). The lists stay by hand: any tenant user reads them, no rule of the table an endpoint
 * could declare (docs/api.md, "Endpoints").
 */
export async function addressRoutes(app: FastifyInstance, options: { addresses: AddressService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { addresses } = options;
  const tags = ['addresses'];
  // The superadmin has no tenant, hence no addresses: 403.
  const tenantUser = { onRequest: [app.authenticate, requireTenantUser] };

  routes.get(
    '/',
    { ...tenantUser, schema: { tags, summary: 'Regions', response: { 200: z.array(regionSchema), ...readErrors } } },
    async (request) => addresses.listRegions(tenantActorOf(request)),
  );
  routes.route({
    ...(await routeOf(routes, addressEndpoints.createRegion, writeErrors)),
    handler: async (request, reply) =>
      reply.code(201).send(await addresses.createRegion(tenantActorOf(request), request.body.name, auditContextOf(request))),
  });
  routes.route({
    ...(await routeOf(routes, addressEndpoints.renameRegion, writeErrors)),
    handler: async (request) =>
      addresses.updateRegion(tenantActorOf(request), request.params.id, request.body.name, auditContextOf(request)),
  });
  routes.route({
    ...(await routeOf(routes, addressEndpoints.deleteRegion, writeErrors)),
    handler: async (request, reply) => {
      await addresses.deleteRegion(tenantActorOf(request), request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  });

  routes.get(
    '/:regionId/streets/',
    {
      ...tenantUser,
      schema: { tags, summary: "A region's streets", params: regionParamsSchema, response: { 200: z.array(streetSchema), ...readErrors } },
    },
    async (request) => addresses.listStreets(tenantActorOf(request), request.params.regionId),
  );
  routes.route({
    ...(await routeOf(routes, addressEndpoints.createStreet, writeErrors)),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await addresses.createStreet(tenantActorOf(request), request.params.regionId, request.body.name, auditContextOf(request))),
  });
  routes.route({
    ...(await routeOf(routes, addressEndpoints.renameStreet, writeErrors)),
    handler: async (request) =>
      addresses.updateStreet(
        tenantActorOf(request),
        request.params.regionId,
        request.params.id,
        request.body.name,
        auditContextOf(request),
      ),
  });
  routes.route({
    ...(await routeOf(routes, addressEndpoints.deleteStreet, writeErrors)),
    handler: async (request, reply) => {
      await addresses.deleteStreet(tenantActorOf(request), request.params.regionId, request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  });

  routes.get(
    '/:regionId/streets/:streetId/buildings/',
    {
      ...tenantUser,
      schema: {
        tags,
        summary: "A street's buildings",
        params: streetParamsSchema,
        response: { 200: z.array(buildingSchema), ...readErrors },
      },
    },
    async (request) => addresses.listBuildings(tenantActorOf(request), request.params.regionId, request.params.streetId),
  );
  routes.route({
    ...(await routeOf(routes, addressEndpoints.createBuilding, writeErrors)),
    handler: async (request, reply) => {
      const { regionId, streetId } = request.params;
      const building = await addresses.createBuilding(
        tenantActorOf(request),
        regionId,
        streetId,
        request.body.name,
        auditContextOf(request),
      );
      return reply.code(201).send(building);
    },
  });
  routes.route({
    ...(await routeOf(routes, addressEndpoints.renameBuilding, writeErrors)),
    handler: async (request) => {
      const { regionId, streetId, id } = request.params;
      return addresses.updateBuilding(tenantActorOf(request), regionId, streetId, id, request.body.name, auditContextOf(request));
    },
  });
  routes.route({
    ...(await routeOf(routes, addressEndpoints.deleteBuilding, writeErrors)),
    handler: async (request, reply) => {
      const { regionId, streetId, id } = request.params;
      await addresses.deleteBuilding(tenantActorOf(request), regionId, streetId, id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  });
}
