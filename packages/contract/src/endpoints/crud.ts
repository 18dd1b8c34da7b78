import type { z } from 'zod';
import { endpoint } from '../endpoint';
import type { noContentSchema } from '../common';
import type { Subject } from '../permissions';

/** The schemas of an entity a service keeps (bundles, stations, tariffs, customers). */
export interface CrudSchemas {
  entity: z.ZodType;
  paginated: z.ZodType;
  query: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
}

/**
 * The five calls of an entity under `/api/services/{serviceId}/<plural>/` (list, create, one,
 * update, delete), each with its permission: `list` for reads, `create`/`update`/`delete` for writes.
 * The API registers them with `registerServiceCrudRoutes` (`apps/api/src/scope/crud-routes.ts`).
 */
export function crudEndpoints<const Plural extends string, Schemas extends CrudSchemas>(spec: {
  plural: Plural;
  subject: Subject;
  /** Singular, capitalised: "Bundle". */
  label: string;
  deleteSummary: string;
  schemas: () => Promise<Schemas>;
}) {
  const { plural, subject, label, schemas } = spec;
  // The endpoints' types are written out: inferred inside this generic function, they would widen to
  // the constraint (`z.ZodType`) and the web would read every answer as `unknown`.
  const collection = `services/:serviceId/${plural}/` as const;
  const item = `services/:serviceId/${plural}/:id/` as const;
  const tags = [plural];
  const lower = label.toLowerCase();
  return {
    /** The entity's schemas, as the routes read them. */
    schemas,
    list: endpoint<typeof collection, { query: Schemas['query']; response: Schemas['paginated'] }>({
      method: 'GET',
      path: collection,
      permission: ['list', subject],
      summary: `${label}s of the service (paginated; ?format=csv)`,
      tags,
      schemas: async () => {
        const { query, paginated } = await schemas();
        return { query, response: paginated };
      },
    }),
    create: endpoint<typeof collection, { body: Schemas['create']; response: Schemas['entity'] }>({
      method: 'POST',
      path: collection,
      permission: ['create', subject],
      status: [201],
      summary: `Create a ${lower}`,
      tags,
      schemas: async () => {
        const { create, entity } = await schemas();
        return { body: create, response: entity };
      },
    }),
    get: endpoint<typeof item, { response: Schemas['entity'] }>({
      method: 'GET',
      path: item,
      permission: ['list', subject],
      summary: `One ${lower}`,
      tags,
      schemas: async () => ({ response: (await schemas()).entity }),
    }),
    update: endpoint<typeof item, { body: Schemas['update']; response: Schemas['entity'] }>({
      method: 'PUT',
      path: item,
      permission: ['update', subject],
      summary: `Partial update of a ${lower}`,
      tags,
      schemas: async () => {
        const { update, entity } = await schemas();
        return { body: update, response: entity };
      },
    }),
    remove: endpoint<typeof item, { response: typeof noContentSchema }>({
      method: 'DELETE',
      path: item,
      permission: ['delete', subject],
      status: [204],
      summary: spec.deleteSummary,
      tags,
      schemas: async () => ({ response: (await import('../common')).noContentSchema }),
    }),
  };
}
