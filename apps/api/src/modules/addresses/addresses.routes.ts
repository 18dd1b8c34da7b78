import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buildingItemParamsSchema,
  buildingSchema,
  createAddressInputSchema,
  regionItemParamsSchema,
  regionParamsSchema,
  regionSchema,
  streetItemParamsSchema,
  streetParamsSchema,
  streetSchema,
  updateAddressInputSchema,
} from '@meterline/contract/addresses';
import { noContent, readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, requirePermission, requireTenantUser, tenantActorOf } from '../../plugins/request-context';
import type { AddressService } from './addresses.service';

/**
 * `/regions/`, `/regions/{r}/streets/`, `/regions/{r}/streets/{s}/buildings/`: read by every
 * tenant user (forms pick addresses), written with `update settings`.
 */
export async function addressRoutes(app: FastifyInstance, options: { addresses: AddressService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { addresses } = options;
  const tags = ['addresses'];
  // The superadmin has no tenant, hence no addresses: 403.
  const tenantUser = { onRequest: [app.authenticate, requireTenantUser] };
  const settingsWriter = { onRequest: [app.authenticate, requirePermission('update', 'settings')] };
  const created = <T extends z.ZodType>(schema: T) => ({ 201: schema, ...writeErrors });
  const deleted = { 204: noContent, ...writeErrors };

  routes.get(
    '/',
    { ...tenantUser, schema: { tags, summary: 'Regions', response: { 200: z.array(regionSchema), ...readErrors } } },
    async (request) => addresses.listRegions(tenantActorOf(request)),
  );
  routes.post(
    '/',
    { ...settingsWriter, schema: { tags, summary: 'Create a region', body: createAddressInputSchema, response: created(regionSchema) } },
    async (request, reply) =>
      reply.code(201).send(await addresses.createRegion(tenantActorOf(request), request.body.name, auditContextOf(request))),
  );
  routes.put(
    '/:id/',
    {
      ...settingsWriter,
      schema: {
        tags,
        summary: 'Rename a region',
        params: regionItemParamsSchema,
        body: updateAddressInputSchema,
        response: { 200: regionSchema, ...writeErrors },
      },
    },
    async (request) => addresses.updateRegion(tenantActorOf(request), request.params.id, request.body.name, auditContextOf(request)),
  );
  routes.delete(
    '/:id/',
    {
      ...settingsWriter,
      schema: { tags, summary: 'Delete an unused region (409 protected otherwise)', params: regionItemParamsSchema, response: deleted },
    },
    async (request, reply) => {
      await addresses.deleteRegion(tenantActorOf(request), request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/:regionId/streets/',
    {
      ...tenantUser,
      schema: { tags, summary: "A region's streets", params: regionParamsSchema, response: { 200: z.array(streetSchema), ...readErrors } },
    },
    async (request) => addresses.listStreets(tenantActorOf(request), request.params.regionId),
  );
  routes.post(
    '/:regionId/streets/',
    {
      ...settingsWriter,
      schema: {
        tags,
        summary: 'Create a street',
        params: regionParamsSchema,
        body: createAddressInputSchema,
        response: created(streetSchema),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addresses.createStreet(tenantActorOf(request), request.params.regionId, request.body.name, auditContextOf(request))),
  );
  routes.put(
    '/:regionId/streets/:id/',
    {
      ...settingsWriter,
      schema: {
        tags,
        summary: 'Rename a street',
        params: streetItemParamsSchema,
        body: updateAddressInputSchema,
        response: { 200: streetSchema, ...writeErrors },
      },
    },
    async (request) =>
      addresses.updateStreet(
        tenantActorOf(request),
        request.params.regionId,
        request.params.id,
        request.body.name,
        auditContextOf(request),
      ),
  );
  routes.delete(
    '/:regionId/streets/:id/',
    {
      ...settingsWriter,
      schema: { tags, summary: 'Delete an unused street (409 protected otherwise)', params: streetItemParamsSchema, response: deleted },
    },
    async (request, reply) => {
      await addresses.deleteStreet(tenantActorOf(request), request.params.regionId, request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

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
  routes.post(
    '/:regionId/streets/:streetId/buildings/',
    {
      ...settingsWriter,
      schema: {
        tags,
        summary: 'Create a building',
        params: streetParamsSchema,
        body: createAddressInputSchema,
        response: created(buildingSchema),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addresses.createBuilding(
            tenantActorOf(request),
            request.params.regionId,
            request.params.streetId,
            request.body.name,
            auditContextOf(request),
          ),
        ),
  );
  routes.put(
    '/:regionId/streets/:streetId/buildings/:id/',
    {
      ...settingsWriter,
      schema: {
        tags,
        summary: 'Rename a building',
        params: buildingItemParamsSchema,
        body: updateAddressInputSchema,
        response: { 200: buildingSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { regionId, streetId, id } = request.params;
      return addresses.updateBuilding(tenantActorOf(request), regionId, streetId, id, request.body.name, auditContextOf(request));
    },
  );
  routes.delete(
    '/:regionId/streets/:streetId/buildings/:id/',
    {
      ...settingsWriter,
      schema: { tags, summary: 'Delete an unused building (409 protected otherwise)', params: buildingItemParamsSchema, response: deleted },
    },
    async (request, reply) => {
      const { regionId, streetId, id } = request.params;
      await addresses.deleteBuilding(tenantActorOf(request), regionId, streetId, id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );
}
