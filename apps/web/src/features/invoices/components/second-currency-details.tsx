import type { InvoiceDetail } from '@meterline/contract/invoices';
import type { Payment } from '@meterline/contract/payments';
import { rateSides } from '@meterline/contract/currency-payments';
import { formatMoney } from '@meterline/contract/money-format';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDecimal, numberLocale } from '../../../shared/lib/format-number';
import { Money, stripBidiMarks } from '../../../shared/ui/money';

/** "1 USD = 89,500 LBP": the invoice's rate the way it is quoted (per one unit of its base currency). */
export function rateText(
  invoice: Pick<InvoiceDetail, 'currency' | 'second_currency' | 'exchange_rate' | 'exchange_rate_base'>,
  t: TFunction,
  language: string,
): string {
  const sides = rateSides(invoice.currency, invoice.second_currency ?? '', invoice.exchange_rate_base);
  return t('currencies.rate', { billing: sides.base, rate: formatDecimal(invoice.exchange_rate ?? '0', language, 6), second: sides.quote });
}

/** The invoice's rate (docs/money-and-numbering.md) and its total and balance in the second currency, for its amounts list. */
export function secondCurrencyItems(
  invoice: InvoiceDetail,
  t: TFunction,
  language: string,
): { label: string; value: ReactNode; isEmphasized?: boolean }[] {
  const second = invoice.second_currency;
  if (!second || !invoice.exchange_rate || invoice.total_second === null || invoice.balance_due_second === null) return [];
  return [
    { label: t('currencies.exchangeRate'), value: <bdi dir="ltr">{rateText(invoice, t, language)}</bdi> },
    { label: t('currencies.totalIn', { currency: second }), value: <Money amount={invoice.total_second} currency={second} /> },
    {
      label: t('currencies.balanceDueIn', { currency: second }),
      value: <Money amount={invoice.balance_due_second} currency={second} />,
      isEmphasized: true,
    },
  ];
}

/** "Handed over: 20.00 USD + 900,000 LBP · Change due: …" for a payment taken in two currencies. */
export function tenderText(payment: Payment, t: TFunction, language: string): string {
  if (!payment.tendered) return '';
  const money = (part: { currency: string; amount: string }) =>
    stripBidiMarks(formatMoney(part.amount, part.currency, numberLocale(language)));
  const handed = `${t('currencies.tendered')}: ${payment.tendered.map(money).join(' + ')}`;
  const change = payment.change_due ?? [];
  if (!change.some((part) => !/^0(\.0+)?$/.test(part.amount))) return handed;
  return `${handed} · ${t('currencies.changeDue', { billing: change[0] ? money(change[0]) : '', second: change[1] ? money(change[1]) : '' })}`;
}
