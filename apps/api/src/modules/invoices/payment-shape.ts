import type { CurrencyAmount, Payment } from '@meterline/contract/payments';
import { currencyDecimals, formatMoneyAmount } from '@meterline/contract/money';
import type { paymentTenders, payments } from '../../db/schema/index';

/*
 * A payment as the API shows it (pure, no database). It lives with the invoices because an
 * invoice's details list its payments: the payments and cash modules import it from here, and the
 * invoices module imports nothing of theirs (no invoices <-> payments cycle).
 */

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentTenderRow = typeof paymentTenders.$inferSelect;

/** The payment's tender fields for the answer; null for a payment taken with `amount`. */
export function tenderFields(
  tender: Omit<PaymentTenderRow, 'id' | 'paymentId'> | null,
  decimals: number,
): {
  tendered: CurrencyAmount[] | null;
  received: string | null;
  change_due: CurrencyAmount[] | null;
  exchange_rate: string | null;
  exchange_rate_base: string | null;
} {
  if (!tender) return { tendered: null, received: null, change_due: null, exchange_rate: null, exchange_rate_base: null };
  const changeDue: CurrencyAmount[] = [{ currency: tender.currency, amount: formatMoneyAmount(tender.changeDue, decimals) }];
  if (tender.secondCurrency !== null && tender.changeDueSecond !== null) {
    changeDue.push({
      currency: tender.secondCurrency,
      amount: formatMoneyAmount(tender.changeDueSecond, currencyDecimals(tender.secondCurrency)),
    });
  }
  return {
    tendered: tender.tendered,
    received: formatMoneyAmount(tender.received, decimals),
    change_due: changeDue,
    exchange_rate: tender.rate,
    exchange_rate_base: tender.rate === null ? null : (tender.baseCurrency ?? tender.currency),
  };
}

export type PaymentJoined = {
  payment: PaymentRow;
  invoiceNumber: string;
  customerName: string;
  tender?: PaymentTenderRow | null;
  /** The customer's bill link version, when the query read it (the answer's `public_url`). */
  publicLinkVersion?: number;
};

/** The customer's public bill link (docs/security.md, "The public bill link"): the receipt's `public_url`. */
export type PaymentLinkOf = (tenantId: number, customerId: number, publicLinkVersion: number) => string;

export function toPayment(row: PaymentJoined, names: Map<number, string>, decimals: number, linkOf?: PaymentLinkOf): Payment {
  const { payment } = row;
  return {
    id: payment.id,
    invoice: payment.invoiceId,
    invoice_number: row.invoiceNumber,
    customer: payment.customerId,
    customer_name: row.customerName,
    amount: formatMoneyAmount(payment.amount, decimals),
    method: payment.method,
    reference: payment.reference,
    paid_at: payment.paidAt.toISOString(),
    received_by: payment.receivedBy,
    received_by_name: payment.receivedBy === null ? null : (names.get(payment.receivedBy) ?? null),
    note: payment.note,
    reason: payment.reason,
    reverses: payment.reversesId,
    ...tenderFields(row.tender ?? null, decimals),
    ...(linkOf && row.publicLinkVersion !== undefined
      ? { public_url: linkOf(payment.tenantId, payment.customerId, row.publicLinkVersion) }
      : {}),
  };
}
