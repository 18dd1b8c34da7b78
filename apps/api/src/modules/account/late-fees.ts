import { divideRoundHalfUp, parseScaled, UNIT_PRICE_SCALE } from '@meterline/contract/money';
import type { Tx } from '../../db/client';
import { findOverdueInvoicesWithoutLateFee, insertLateFees } from './account.repository';
import { findLateFeeSettings } from '../config/index';
import type { LateFeePlan } from '../invoices/index';
import { addDays, type ServiceContext } from '../../scope/service-scope';

/** Late fee settings of a tenant: a percent or an amount scaled by 10^3. */
interface LateFeeTerms {
  kind: string;
  value: bigint;
  afterDays: number;
}

const VALUE_SCALE = 3;
const NONE: LateFeePlan = { lines: [], record: async () => undefined };

/**
 * The late fee lines of the billing run (docs/billing.md, "Late fees"): one line per invoice of the customer overdue
 * more than N days and not charged yet, a fixed amount or a percent of what is left on it. Off
 * unless the tenant turned it on. Call inside the invoice's transaction, customer row locked.
 */
export async function planLateFees(tx: Tx, context: ServiceContext, customerId: number, today: string): Promise<LateFeePlan> {
  const { scope, terms } = context;
  const row = await findLateFeeSettings(tx, scope);
  const fee: LateFeeTerms | null = row
    ? { kind: row.kind, value: parseScaled(row.value, VALUE_SCALE) ?? 0n, afterDays: row.afterDays }
    : null;
  if (!fee || fee.kind === 'none' || fee.value <= 0n) return NONE;
  // Overdue more than N days: due before today - N.
  const dueBefore = addDays(today, -fee.afterDays);
  const overdue = await findOverdueInvoicesWithoutLateFee(tx, scope, customerId, dueBefore);
  const charges = overdue
    .map((invoice) => {
      // Fixed: the amount in minor units; percent: of what is left, rounded half up to the minor unit.
      const minorOfValue = (value: bigint) => divideRoundHalfUp(value * 10n ** BigInt(terms.decimals), 10n ** BigInt(VALUE_SCALE));
      const amount =
        fee.kind === 'fixed'
          ? minorOfValue(fee.value)
          : divideRoundHalfUp((invoice.total - invoice.amountPaid) * fee.value, 100n * 10n ** BigInt(VALUE_SCALE));
      return { invoice, amount };
    })
    .filter((charge) => charge.amount > 0n);
  if (!charges.length) return NONE;
  return {
    lines: charges.map((charge) => ({
      description: `Late fee: ${charge.invoice.number}`,
      quantity: 10n ** 3n,
      unitPrice: charge.amount * 10n ** BigInt(UNIT_PRICE_SCALE - terms.decimals),
    })),
    async record(executor, invoiceId, now) {
      await insertLateFees(
        executor,
        scope,
        invoiceId,
        charges.map((charge) => ({ overdueInvoiceId: charge.invoice.id, amount: charge.amount })),
        now,
      );
    },
  };
}
