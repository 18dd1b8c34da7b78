import type { z } from 'zod';
import type { Bundle, createBundleInputSchema, ListBundlesQuery, updateBundleInputSchema } from '@meterline/contract/bundles';
import { UNIT_PRICE_SCALE } from '@meterline/contract/money';
import type { Clock } from '../../lib/clock';
import { notFound, protectedConflict } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { isForeignKeyViolation } from '../../scope/codes';
import { decimalFieldText, parseDecimalField } from '../../lib/decimal-input';
import type { ServiceContext } from '../../scope/service-scope';
import {
  deleteBundleRow,
  findBundle,
  findBundleRow,
  insertBundle,
  isBundleReferenced,
  listBundlesSource,
  updateBundleRow,
} from './bundles.repository';

type CreateBundleData = z.output<typeof createBundleInputSchema>;
type UpdateBundleData = z.output<typeof updateBundleInputSchema>;

/** Money and prices of a bundle body, exact: price in the currency's decimals, unit price up to 6. */
function priceColumns(context: ServiceContext, input: { price?: string; unit_price?: string; amperage?: string | null }) {
  return {
    price: input.price === undefined ? undefined : parseDecimalField('price', input.price, context.terms.decimals, { maxDigits: 15 }),
    unitPrice:
      input.unit_price === undefined ? undefined : decimalFieldText('unit_price', input.unit_price, UNIT_PRICE_SCALE, { maxDigits: 18 }),
    amperage:
      input.amperage === undefined
        ? undefined
        : input.amperage === null
          ? null
          : decimalFieldText('amperage', input.amperage, 2, { maxDigits: 8 }),
  };
}

/** Bundles (tariffs) of a service: a monthly price plus a price per metered unit. */
export function createBundleService(deps: { clock: Clock }) {
  return {
    async listSource(context: ServiceContext, query: ListBundlesQuery): Promise<ListSource<Bundle>> {
      return listBundlesSource(context.db, context.scope, query, context.terms.decimals);
    },

    async get(context: ServiceContext, bundleId: number): Promise<Bundle> {
      const bundle = await findBundle(context.db, context.scope, bundleId, context.terms.decimals);
      if (!bundle) throw notFound();
      return bundle;
    },

    async create(context: ServiceContext, input: CreateBundleData, audit: AuditContext): Promise<Bundle> {
      const { db, scope } = context;
      const prices = priceColumns(context, input);
      const id = await db.transaction(async (tx) => {
        const row = await insertBundle(tx, {
          tenantId: scope.tenantId,
          serviceId: scope.serviceId,
          name: input.name,
          description: input.description,
          amperage: prices.amperage ?? null,
          price: prices.price ?? 0n,
          unitPrice: prices.unitPrice ?? '0',
          isActive: input.is_active,
          createdAt: deps.clock.now(),
        });
        await recordAudit(tx, audit, { action: 'create', entity: 'bundle', entityId: row.id, after: row });
        return row.id;
      });
      return this.get(context, id);
    },

    /** New prices apply to invoices created from now on; issued invoices keep theirs. */
    async update(context: ServiceContext, bundleId: number, input: UpdateBundleData, audit: AuditContext): Promise<Bundle> {
      const { db, scope } = context;
      const prices = priceColumns(context, input);
      await db.transaction(async (tx) => {
        const current = await findBundleRow(tx, scope, bundleId, { lock: true });
        if (!current) throw notFound();
        const after = await updateBundleRow(tx, scope, bundleId, {
          name: input.name,
          description: input.description,
          amperage: prices.amperage,
          price: prices.price,
          unitPrice: prices.unitPrice,
          isActive: input.is_active,
        });
        await recordAudit(tx, audit, { action: 'update', entity: 'bundle', entityId: bundleId, before: current, after });
      });
      return this.get(context, bundleId);
    },

    async remove(context: ServiceContext, bundleId: number, audit: AuditContext): Promise<void> {
      const { db, scope } = context;
      const inUse = () => protectedConflict();
      try {
        await db.transaction(async (tx) => {
          const current = await findBundleRow(tx, scope, bundleId, { lock: true });
          if (!current) throw notFound();
          if (await isBundleReferenced(tx, scope, bundleId)) throw inUse();
          await deleteBundleRow(tx, scope, bundleId);
          await recordAudit(tx, audit, { action: 'delete', entity: 'bundle', entityId: bundleId, before: current });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw inUse();
        throw error;
      }
    },
  };
}

export type BundleService = ReturnType<typeof createBundleService>;
