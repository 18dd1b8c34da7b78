import { computeInvoiceTotals, formatScaled, QUANTITY_SCALE, UNIT_PRICE_SCALE, type InvoiceTotals } from '@meterline/contract/money';
import { defined } from '@meterline/contract/invariant';
import { trimDecimal } from '../../lib/decimal-input';

/** A line before it is stored: quantity scaled by 10^3, unit price by 10^6. */
export interface DraftLine {
  description: string;
  quantity: bigint;
  unitPrice: bigint;
  /** How a consumption line was priced (tariff-pricing.ts), stored in invoice_line_pricing. */
  pricing?: { tariffId: number | null; month: string; tier: number | null };
}

/** The lines, amounts and totals of an invoice, computed once by the shared money module. */
export interface PricedInvoice {
  lines: (DraftLine & { amount: bigint })[];
  totals: InvoiceTotals;
}

export function priceLines(lines: DraftLine[], taxRate: bigint, decimals: number): PricedInvoice {
  const totals = computeInvoiceTotals(
    lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unitPrice })),
    taxRate,
    decimals,
  );
  return { lines: lines.map((line, index) => ({ ...line, amount: defined(totals.lines[index], 'an amount for every line') })), totals };
}

/**
 * An invoice from a meter: the bundle's monthly price as one line and the consumption times the
 * bundle's unit price as another (a flat bundle has no consumption line).
 */
export function meterInvoiceLines(input: {
  bundleName: string;
  priceMinor: bigint;
  unitPrice: bigint;
  consumption: bigint;
  unit: string;
  decimals: number;
  /** The consumption priced month by month with its tariffs: replaces the single consumption line. */
  consumptionLines?: DraftLine[];
}): DraftLine[] {
  const lines: DraftLine[] = [];
  const oneUnit = 10n ** BigInt(QUANTITY_SCALE);
  // The monthly price is money (minor units); as a unit price it takes UNIT_PRICE_SCALE decimals.
  const priceAsUnitPrice = input.priceMinor * 10n ** BigInt(UNIT_PRICE_SCALE - input.decimals);
  if (input.priceMinor !== 0n || input.unitPrice === 0n) {
    lines.push({ description: `${input.bundleName}: monthly fee`, quantity: oneUnit, unitPrice: priceAsUnitPrice });
  }
  if (input.consumptionLines) {
    lines.push(...input.consumptionLines);
  } else if (input.unitPrice !== 0n) {
    const quantityText = trimDecimal(formatScaled(input.consumption, QUANTITY_SCALE));
    lines.push({
      description: `Consumption: ${quantityText} ${input.unit}`.trim(),
      quantity: input.consumption,
      unitPrice: input.unitPrice,
    });
  }
  return lines;
}
