import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  cashDueInSecond,
  parseRate,
  settlePayment,
  type CurrencyTerms,
  type PaymentSettlement,
} from '@meterline/contract/currency-payments';
import type { InvoiceDetail } from '@meterline/contract/invoices';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import type { CurrencyAmount, Payment } from '@meterline/contract/payments';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@meterline/contract/money-format';
import { rateText } from './second-currency-details';
import { normalizeNumericInput, shownNumericInput } from '../../../shared/ui/numeric-text-field';
import { keepCaret } from '../../../shared/ui/form-text-field';
import { numberLocale } from '../../../shared/lib/format-number';
import { Money, stripBidiMarks } from '../../../shared/ui/money';

/** What was typed in each currency's field, as text (money never becomes a float). */
export interface CashAmounts {
  billing: string;
  second: string;
}
export const NO_CASH: CashAmounts = { billing: '', second: '' };

/** The invoice's two currencies at its own rate, with the tenant's cash steps. */
export function currencyTermsOfInvoice(invoice: InvoiceDetail): CurrencyTerms {
  const steps = Object.fromEntries(
    Object.entries(invoice.cash_rounding ?? {}).map(([code, step]) => [code, parseMoney(step, currencyDecimals(code)) ?? 1n]),
  );
  return {
    billingCurrency: invoice.currency,
    billingDecimals: currencyDecimals(invoice.currency),
    secondCurrency: invoice.second_currency,
    secondDecimals: invoice.second_currency ? currencyDecimals(invoice.second_currency) : null,
    rate: invoice.exchange_rate ? parseRate(invoice.exchange_rate) : null,
    rateBase: invoice.exchange_rate_base ?? invoice.currency,
    cashSteps: steps,
  };
}

/** An invoice with a rate can be paid in its second currency too. */
export function takesTwoCurrencies(invoice: InvoiceDetail): boolean {
  return Boolean(invoice.second_currency && invoice.exchange_rate);
}

export interface CashTender {
  /** The body's `amounts`; null while nothing is typed (the dialog pays the balance as before). */
  amounts: CurrencyAmount[] | null;
  settlement: PaymentSettlement | null;
  /** A field that does not hold an amount of its currency. */
  errors: Partial<Record<keyof CashAmounts, string>>;
}

/** Reads the two fields and settles them against the balance exactly as the server will. */
export function tenderOf(invoice: InvoiceDetail, cash: CashAmounts, t: TFunction): CashTender {
  const terms = currencyTermsOfInvoice(invoice);
  const errors: CashTender['errors'] = {};
  const parts: { key: keyof CashAmounts; currency: string; minor: bigint }[] = [];
  for (const [key, currency] of [
    ['billing', invoice.currency],
    ['second', invoice.second_currency],
  ] as const) {
    const text = cash[key].trim();
    if (!text || !currency) continue;
    const decimals = currencyDecimals(currency);
    const minor = parseMoney(text, decimals);
    if (minor === null || minor < 0n) errors[key] = t('currencies.invalid', { count: decimals });
    else if (minor > 0n) parts.push({ key, currency, minor });
  }
  if (Object.keys(errors).length || parts.length === 0) return { amounts: null, settlement: null, errors };
  const balance = parseMoney(invoice.balance_due, terms.billingDecimals) ?? 0n;
  const settled = settlePayment(parts, balance, terms);
  if ('kind' in settled) return { amounts: null, settlement: null, errors };
  return {
    amounts: parts.map((part) => ({ currency: part.currency, amount: formatMoneyAmount(part.minor, currencyDecimals(part.currency)) })),
    settlement: settled,
    errors,
  };
}

/** "Change due: 1.80 USD or 163,000 LBP." after a payment, or '' when there is none. */
export function changeDueNotice(payment: Payment, t: TFunction, language: string): string {
  const change = payment.change_due ?? [];
  if (!change.some((part) => !/^0(\.0+)?$/.test(part.amount))) return '';
  const [billing, second] = change.map((part) => stripBidiMarks(formatMoney(part.amount, part.currency, numberLocale(language))));
  return ` ${t('currencies.changeDueDone', { billing, second: second ?? '' })}`;
}

/**
 * Two amount fields, one per currency of the invoice (either, or both), with what they pay at the
 * invoice's rate and the change due in both currencies, rounded to the cash steps like the server.
 */
export function CurrencyAmountsField({
  invoice,
  value,
  onChange,
  tender,
}: {
  invoice: InvoiceDetail;
  value: CashAmounts;
  onChange(next: CashAmounts): void;
  tender: CashTender;
}) {
  const { t, i18n } = useTranslation();
  const second = invoice.second_currency ?? '';
  const terms = currencyTermsOfInvoice(invoice);
  const balance = parseMoney(invoice.balance_due, terms.billingDecimals) ?? 0n;
  const dueSecond = cashDueInSecond(balance, terms);
  const secondMoney = (amount: bigint | null) => (amount === null ? '' : formatMoneyAmount(amount, currencyDecimals(second)));
  const settlement = tender.settlement;
  const hasChange = settlement !== null && (settlement.changeBilling > 0n || (settlement.changeSecond ?? 0n) > 0n);
  const field = (key: keyof CashAmounts, currency: string) => (
    <TextField
      label={t('currencies.amountIn', { currency })}
      value={shownNumericInput(value[key], i18n.language)}
      onChange={(event) => {
        const next = normalizeNumericInput(event.target.value);
        keepCaret(event.target, shownNumericInput(next, i18n.language));
        onChange({ ...value, [key]: next });
      }}
      error={Boolean(tender.errors[key])}
      helperText={tender.errors[key]}
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', autoComplete: 'off', 'data-currency': currency } }}
    />
  );
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('currencies.cashHandedOver')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('currencies.balanceIn', {
          amount: stripBidiMarks(formatMoney(invoice.balance_due, invoice.currency, numberLocale(i18n.language))),
          second: stripBidiMarks(formatMoney(secondMoney(dueSecond) || '0', second, numberLocale(i18n.language))),
        })}{' '}
        <bdi dir="ltr">{rateText(invoice, t, i18n.language)}</bdi>
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {field('billing', invoice.currency)}
        {field('second', second)}
      </Stack>
      {settlement && (
        <Alert severity={hasChange ? 'warning' : 'info'} role="status">
          <div>
            {t('currencies.received', { amount: '' })}
            <Money amount={formatMoneyAmount(settlement.received, terms.billingDecimals)} currency={invoice.currency} />
          </div>
          <div>
            {t('currencies.pays', {
              amount: stripBidiMarks(
                formatMoney(formatMoneyAmount(settlement.applied, terms.billingDecimals), invoice.currency, numberLocale(i18n.language)),
              ),
            })}
          </div>
          {hasChange && (
            <strong data-testid="change-due">
              {t('currencies.changeDue', {
                billing: stripBidiMarks(
                  formatMoney(
                    formatMoneyAmount(settlement.changeBilling, terms.billingDecimals),
                    invoice.currency,
                    numberLocale(i18n.language),
                  ),
                ),
                second: stripBidiMarks(formatMoney(secondMoney(settlement.changeSecond), second, numberLocale(i18n.language))),
              })}
            </strong>
          )}
        </Alert>
      )}
    </Stack>
  );
}
