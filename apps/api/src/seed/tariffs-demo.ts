/**
 * Demo data (docs/operations.md): a year of monthly tariffs (a price change every month, a tiered tariff for
 * the largest bundle) and the months' USD/LBP rates, so the demo invoices are priced by them. A
 * USD tenant gets LBP as its second currency, an LBP tenant USD; either way the rate is quoted
 * 1 USD = 89,5xx LBP and the prices are the USD ones times `priceFactor` (LBP: 90,000).
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { formatScaled, UNIT_PRICE_SCALE } from '@meterline/contract/money';
import type { TariffRule } from '@meterline/contract/tariff-pricing';
import { toTariffRule } from '../modules/invoices/consumption-pricing';
import { findSettings, updateSettings } from '../modules/config/config.repository';
import type { DraftLine } from '../modules/invoices/invoice-lines';
import type { Executor } from '../db/client';
import { exchangeRates, invoiceExchangeRates, invoiceLinePricing, invoiceLines, tariffs } from '../db/schema/index';

const monthText = (date: Date) => date.toISOString().slice(0, 7);

/** Tariffs for the first twelve months from `firstMonth` (a Date at a month's start, UTC) and the rates of those months. */
export async function seedTariffsDemo(
  executor: Executor,
  options: {
    tenantId: number;
    serviceId: number;
    firstMonth: Date;
    bundles: { id: number; name: string }[];
    setBy: number | null;
    currency: string;
    priceFactor: bigint;
  },
): Promise<TariffRule[]> {
  const { tenantId, serviceId, firstMonth, bundles, priceFactor } = options;
  const secondCurrency = options.currency === 'LBP' ? 'USD' : 'LBP';
  const price = (scaled: bigint) => formatScaled(scaled * priceFactor, UNIT_PRICE_SCALE);
  const monthly = bundles.slice(0, -1).map((bundle) => bundle.id);
  const tiered = bundles.at(-1);
  const months = Array.from({ length: 12 }, (_, index) =>
    monthText(new Date(Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth() + index, 1))),
  );
  const values: (typeof tariffs.$inferInsert)[] = months.map((month, index) => ({
    tenantId,
    serviceId,
    name: `Tariff ${month}`,
    effectiveFrom: `${month}-01`,
    effectiveTo: `${month}-01`,
    // 0.20 USD (18,000 LBP) per kWh in the first month, then a change every month (fuel prices), 10 % uplift.
    unitPrice: price(200_000n + BigInt(((index * 7) % 5) * 10_000 + index * 2_000)),
    upliftPercent: '10',
    bundleIds: monthly,
  }));
  if (tiered) {
    values.push({
      tenantId,
      serviceId,
      name: `${tiered.name}: tiered`,
      effectiveFrom: `${months[0]}-01`,
      effectiveTo: null,
      unitPrice: '0',
      tiers: [
        { up_to: '300.000', unit_price: price(180_000n) },
        { up_to: null, unit_price: price(260_000n) },
      ],
      upliftPercent: '0',
      bundleIds: [tiered.id],
    });
  }
  const rows = await executor.insert(tariffs).values(values).returning();
  await updateSettings(executor, { tenantId }, { secondCurrency, cashRounding: { LBP: 1000, USD: 5 } });
  await executor.insert(exchangeRates).values(
    months.map((month, index) => ({
      tenantId,
      // 1 USD = 89,5xx LBP for either tenant: the rate is in LBP, for one USD (never USD for one USD).
      currency: 'LBP',
      month: `${month}-01`,
      rate: `${89_500 + ((index * 3) % 4) * 100}.000000`,
      baseCurrency: 'USD',
      setBy: options.setBy,
    })),
  );
  return rows.map(toTariffRule);
}

/** The demo invoices' line pricing and, with a second currency, the rate of each invoice's month. */
export async function seedPricingOf(
  executor: Executor,
  tenantId: number,
  invoicesOf: { invoiceId: number; periodStart: string; lines: { position: number; pricing?: DraftLine['pricing'] }[] }[],
): Promise<void> {
  if (!invoicesOf.length) return;
  const ids = invoicesOf.map((invoice) => invoice.invoiceId);
  const lineRows = await executor
    .select({ id: invoiceLines.id, invoiceId: invoiceLines.invoiceId, position: invoiceLines.position })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.tenantId, tenantId), inArray(invoiceLines.invoiceId, ids)));
  const lineId = new Map(lineRows.map((row) => [`${row.invoiceId}:${row.position}`, row.id]));
  const pricing = invoicesOf.flatMap((invoice) =>
    invoice.lines.flatMap((line) =>
      line.pricing
        ? [
            {
              tenantId,
              invoiceLineId: lineId.get(`${invoice.invoiceId}:${line.position}`)!,
              tariffId: line.pricing.tariffId,
              month: `${line.pricing.month}-01`,
              tier: line.pricing.tier,
            },
          ]
        : [],
    ),
  );
  for (let index = 0; index < pricing.length; index += 500)
    await executor.insert(invoiceLinePricing).values(pricing.slice(index, index + 500));
  const second = (await findSettings(executor, { tenantId }))?.secondCurrency;
  if (!second) return;
  const rates = await executor
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.tenantId, tenantId), or(eq(exchangeRates.currency, second), eq(exchangeRates.baseCurrency, second))));
  const rateOf = new Map(rates.map((rate) => [rate.month, rate]));
  const stored = invoicesOf.flatMap((invoice) => {
    const month = `${invoice.periodStart.slice(0, 7)}-01`;
    const rate = rateOf.get(month);
    return rate
      ? [{ tenantId, invoiceId: invoice.invoiceId, currency: second, month, rate: rate.rate, baseCurrency: rate.baseCurrency }]
      : [];
  });
  for (let index = 0; index < stored.length; index += 500)
    await executor.insert(invoiceExchangeRates).values(stored.slice(index, index + 500));
}
