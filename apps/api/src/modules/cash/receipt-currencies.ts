/**
 * A receipt's figures in the tenant's two currencies (docs/collectors.md, "Receipts in two
 * currencies"): what was handed over, part by part, the invoice's rate, the change given in both
 * currencies and the balances still due in the second one, at the invoice's rate.
 */
import { cashDueInSecond, formatRate, rateSides, type CurrencyTerms } from '@meterline/contract/currency-payments';
import { currencyDecimals, formatMoneyAmount } from '@meterline/contract/money';
import type { Executor } from '../../db/client';
import type { ServiceContext } from '../../scope/service-scope';
import { currencyTermsOf, findInvoiceRate, type PaymentTenderRow } from '../invoices/index';
import { findPaymentTender } from './receipt.repository';

export interface CurrencyAmountText {
  currency: string;
  /** Decimal text in that currency. */
  amount: string;
}

export interface ReceiptCurrencies {
  /** Each part as handed over, in its own currency. */
  tendered: CurrencyAmountText[];
  /** Their sum in the billing currency at the invoice's rate (what paid the invoice, and the change); null: one part in the billing currency. */
  handedOver: string | null;
  /** The invoice's rate: `rate` units of `quote` for one `base` ("1 USD = 89,600 LBP"); null when it has none. */
  rate: { base: string; quote: string; rate: string } | null;
  /** The change given back, in the billing currency then the second (either one was given); empty when none. */
  change: CurrencyAmountText[];
  /** The balances still due in the second currency at the invoice's rate, rounded up to its cash step; null without a rate. */
  second: { currency: string; invoiceBalance: string; balanceDue: string } | null;
}

const moneyIn = (currency: string, minor: bigint) => ({ currency, amount: formatMoneyAmount(minor, currencyDecimals(currency)) });

/** Pure: the receipt's two-currency figures from the stored tender (if any) and the invoice's currency terms. */
export function receiptCurrenciesOf(
  tender: Pick<PaymentTenderRow, 'tendered' | 'currency' | 'received' | 'changeDue' | 'secondCurrency' | 'changeDueSecond'> | null,
  paid: bigint,
  terms: CurrencyTerms,
  balances: { invoiceBalance: bigint; customerBalance: bigint },
): ReceiptCurrencies | null {
  const hasRate = terms.secondCurrency !== null && terms.rate !== null && terms.rate > 0n;
  if (!tender && !hasRate) return null;
  const change: CurrencyAmountText[] = [];
  if (tender && (tender.changeDue > 0n || (tender.changeDueSecond ?? 0n) > 0n)) {
    change.push(moneyIn(tender.currency, tender.changeDue));
    if (tender.secondCurrency !== null && tender.changeDueSecond !== null)
      change.push(moneyIn(tender.secondCurrency, tender.changeDueSecond));
  }
  const second =
    hasRate && terms.secondCurrency !== null
      ? {
          currency: terms.secondCurrency,
          invoiceBalance: moneyIn(terms.secondCurrency, cashDueInSecond(balances.invoiceBalance, terms) ?? 0n).amount,
          balanceDue: moneyIn(terms.secondCurrency, cashDueInSecond(balances.customerBalance, terms) ?? 0n).amount,
        }
      : null;
  const sides = hasRate && terms.secondCurrency !== null ? rateSides(terms.billingCurrency, terms.secondCurrency, terms.rateBase) : null;
  return {
    tendered: tender ? tender.tendered : [moneyIn(terms.billingCurrency, paid)],
    handedOver: tender ? formatMoneyAmount(tender.received, terms.billingDecimals) : null,
    rate: sides && terms.rate !== null ? { ...sides, rate: formatRate(terms.rate) } : null,
    change,
    second,
  };
}

/** Reads the payment's tender and its invoice's rate, then `receiptCurrenciesOf`. */
export async function receiptCurrencies(
  executor: Executor,
  context: ServiceContext,
  payment: { id: number; invoiceId: number; amount: bigint },
  balances: { invoiceBalance: bigint; customerBalance: bigint },
): Promise<ReceiptCurrencies | null> {
  const tenantId = context.scope.tenantId;
  const [tender, rate] = await Promise.all([
    findPaymentTender(executor, tenantId, payment.id),
    findInvoiceRate(executor, tenantId, payment.invoiceId),
  ]);
  return receiptCurrenciesOf(tender, payment.amount, currencyTermsOf(context.terms, rate), balances);
}
