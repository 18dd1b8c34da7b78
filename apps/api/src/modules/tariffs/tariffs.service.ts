import type { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@meterline/contract/errors';
import { formatScaled, QUANTITY_SCALE, UNIT_PRICE_SCALE } from '@meterline/contract/money';
import { PERCENT_SCALE, tierProblem } from '@meterline/contract/tariff-pricing';
import type { createTariffInputSchema, ListTariffsQuery, Tariff, updateTariffInputSchema } from '@meterline/contract/tariffs';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import type { StoredTariffTier } from '../../db/schema/tariffs';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { decimalFieldText, parseDecimalField } from '../../lib/decimal-input';
import type { ServiceContext } from '../../scope/service-scope';
import {
  deleteTariffRow,
  findServiceBundleIds,
  findTariff,
  findTariffRowForUpdate,
  insertTariff,
  listTariffsSource,
  monthDate,
  updateTariffRow,
  type TariffRow,
} from './tariffs.repository';

type CreateTariffData = z.output<typeof createTariffInputSchema>;
type UpdateTariffData = z.output<typeof updateTariffInputSchema>;

const TIER_PROBLEMS: Record<string, ErrorCode> = {
  tiers_empty: ERROR_CODES.tiersEmpty,
  tier_open_before_last: ERROR_CODES.tierOpenBeforeLast,
  tier_last_must_be_open: ERROR_CODES.tierLastMustBeOpen,
  tier_bounds_not_ascending: ERROR_CODES.tierBoundsNotAscending,
};

const MAX_UPLIFT = 1000n * 10n ** BigInt(PERCENT_SCALE); // 1,000 %

function parseTiers(tiers: { up_to: string | null; unit_price: string }[] | null): StoredTariffTier[] | null {
  if (tiers === null) return null;
  const parsed = tiers.map((tier, index) => ({
    upTo:
      tier.up_to === null
        ? null
        : parseDecimalField(`tiers.${index}.up_to`, tier.up_to, QUANTITY_SCALE, { maxDigits: 14, allowZero: false }),
    unitPrice: parseDecimalField(`tiers.${index}.unit_price`, tier.unit_price, UNIT_PRICE_SCALE, { maxDigits: 18 }),
  }));
  const problem = tierProblem(parsed);
  if (problem) throw fieldError('tiers', TIER_PROBLEMS[problem] ?? ERROR_CODES.invalid);
  return parsed.map((tier) => ({
    up_to: tier.upTo === null ? null : formatScaled(tier.upTo, QUANTITY_SCALE),
    unit_price: formatScaled(tier.unitPrice, UNIT_PRICE_SCALE),
  }));
}

function parseUplift(value: string): string {
  const scaled = parseDecimalField('uplift_percent', value, PERCENT_SCALE, { maxDigits: 7 });
  if (scaled > MAX_UPLIFT) throw fieldError('uplift_percent', ERROR_CODES.maxValue, { max: 1000 });
  return formatScaled(scaled, PERCENT_SCALE);
}

const tariffInUse = () => conflict(ERROR_CODES.tariffInUse);

/** Tariffs of a service; each change is audited, and a tariff an invoice used never changes. */
export function createTariffService(deps: { clock: Clock }) {
  async function checkedBundles(context: ServiceContext, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const found = new Set(await findServiceBundleIds(context.db, context.scope, unique));
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined) throw fieldError('bundles', ERROR_CODES.doesNotExist, { id: missing });
    return unique;
  }

  function checkMonths(from: string, to: string | null) {
    if (to !== null && to < from) throw fieldError('effective_to', ERROR_CODES.dateRangeOrder);
  }

  return {
    async listSource(context: ServiceContext, query: ListTariffsQuery): Promise<ListSource<Tariff>> {
      return listTariffsSource(context.db, context.scope, query);
    },

    async get(context: ServiceContext, tariffId: number): Promise<Tariff> {
      const tariff = await findTariff(context.db, context.scope, tariffId);
      if (!tariff) throw notFound();
      return tariff;
    },

    async create(context: ServiceContext, input: CreateTariffData, audit: AuditContext): Promise<Tariff> {
      const { db, scope } = context;
      checkMonths(input.effective_from, input.effective_to);
      const values = {
        tenantId: scope.tenantId,
        serviceId: scope.serviceId,
        name: input.name,
        effectiveFrom: monthDate(input.effective_from),
        effectiveTo: input.effective_to === null ? null : monthDate(input.effective_to),
        unitPrice: decimalFieldText('unit_price', input.unit_price, UNIT_PRICE_SCALE, { maxDigits: 18 }),
        tiers: parseTiers(input.tiers),
        upliftPercent: parseUplift(input.uplift_percent),
        bundleIds: await checkedBundles(context, input.bundles),
        createdAt: deps.clock.now(),
      };
      const id = await db.transaction(async (tx) => {
        const row = await insertTariff(tx, values);
        await recordAudit(tx, audit, { action: 'create', entity: 'tariff', entityId: row.id, after: row });
        return row.id;
      });
      return this.get(context, id);
    },

    async update(context: ServiceContext, tariffId: number, input: UpdateTariffData, audit: AuditContext): Promise<Tariff> {
      const { db, scope } = context;
      const changes: Partial<TariffRow> = {
        name: input.name,
        effectiveFrom: input.effective_from === undefined ? undefined : monthDate(input.effective_from),
        effectiveTo: input.effective_to === undefined ? undefined : input.effective_to === null ? null : monthDate(input.effective_to),
        unitPrice:
          input.unit_price === undefined
            ? undefined
            : decimalFieldText('unit_price', input.unit_price, UNIT_PRICE_SCALE, { maxDigits: 18 }),
        tiers: input.tiers === undefined ? undefined : parseTiers(input.tiers),
        upliftPercent: input.uplift_percent === undefined ? undefined : parseUplift(input.uplift_percent),
        bundleIds: input.bundles === undefined ? undefined : await checkedBundles(context, input.bundles),
      };
      await db.transaction(async (tx) => {
        const current = await findTariffRowForUpdate(tx, scope, tariffId);
        if (!current) throw notFound();
        if (current.isInUse) throw tariffInUse();
        checkMonths(
          (changes.effectiveFrom ?? current.row.effectiveFrom).slice(0, 7),
          (changes.effectiveTo === undefined ? current.row.effectiveTo : changes.effectiveTo)?.slice(0, 7) ?? null,
        );
        const after = await updateTariffRow(tx, scope, tariffId, changes);
        await recordAudit(tx, audit, { action: 'update', entity: 'tariff', entityId: tariffId, before: current.row, after });
      });
      return this.get(context, tariffId);
    },

    async remove(context: ServiceContext, tariffId: number, audit: AuditContext): Promise<void> {
      const { db, scope } = context;
      await db.transaction(async (tx) => {
        const current = await findTariffRowForUpdate(tx, scope, tariffId);
        if (!current) throw notFound();
        if (current.isInUse) throw tariffInUse();
        await deleteTariffRow(tx, scope, tariffId);
        await recordAudit(tx, audit, { action: 'delete', entity: 'tariff', entityId: tariffId, before: current.row });
      });
    },
  };
}

export type TariffService = ReturnType<typeof createTariffService>;
