import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  cashDueInSecond,
  formatRate,
  rateSides,
  settlePayment,
  type CurrencyTerms,
  type PaymentSettlement,
} from '@meterline/contract/currency-payments';
import { currencyDecimals, formatMoney, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import type { CurrencyAmount } from '@meterline/contract/payments';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDecimal, numberLocale } from '../lib/format-number';
import { keepCaret } from './form-text-field';
import { Money, moneyInText } from './money';
import { normalizeNumericInput, shownNumericInput } from './numeric-text-field';

/*
 * The one tender of every screen that receives money (docs/web.md, "Money dialogs"): the notes
 * handed over in the billing currency, the second one, or both, settled exactly as the server
 * settles them (`settlePayment`), with the change in both currencies shown as they are typed.
 * Mark as paid, the partial payment, the account payment and the collector's door all draw it.
 */

/** What was typed in each currency's field, as text (money never becomes a float). */
export interface CashAmounts {
  billing: string;
  second: string;
}
export const NO_CASH: CashAmounts = { billing: '', second: '' };

export interface CashTender {
  /** The body's `amounts`; null while nothing valid is typed. */
  amounts: CurrencyAmount[] | null;
  settlement: PaymentSettlement | null;
  /** A field that does not hold an amount of its currency. */
  errors: Partial<Record<keyof CashAmounts, string>>;
}

/** Cash steps as the API sends them ("LBP": "1000") to minor units of each currency. */
export function cashStepsOf(rounding: Record<string, string> | null | undefined): Record<string, bigint> {
  return Object.fromEntries(Object.entries(rounding ?? {}).map(([code, step]) => [code, parseMoney(step, currencyDecimals(code)) ?? 1n]));
}

/** A second currency with a rate: the tender shows its second field. */
export function hasSecondCurrency(terms: CurrencyTerms): boolean {
  return Boolean(terms.secondCurrency && terms.rate !== null && terms.rate > 0n);
}

/** Reads the fields and settles them against the balance (minor units of the billing currency) exactly as the server will. */
export function tenderOf(terms: CurrencyTerms, balance: bigint, cash: CashAmounts, t: TFunction): CashTender {
  const errors: CashTender['errors'] = {};
  const parts: { currency: string; minor: bigint }[] = [];
  for (const [key, currency] of [
    ['billing', terms.billingCurrency],
    ['second', hasSecondCurrency(terms) ? terms.secondCurrency : null],
  ] as const) {
    const text = cash[key].trim();
    if (!text || !currency) continue;
    const decimals = currencyDecimals(currency);
    const minor = parseMoney(text, decimals);
    if (minor === null || minor < 0n) errors[key] = t('currencies.invalid', { count: decimals });
    else if (minor > 0n) parts.push({ currency, minor });
  }
  if (Object.keys(errors).length || parts.length === 0) return { amounts: null, settlement: null, errors };
  const settled = settlePayment(parts, balance, terms);
  if ('kind' in settled) return { amounts: null, settlement: null, errors };
  return {
    amounts: parts.map((part) => ({ currency: part.currency, amount: formatMoneyAmount(part.minor, currencyDecimals(part.currency)) })),
    settlement: settled,
    errors,
  };
}

/** " Change due: 1.80 USD or 163,000 LBP." after a payment (its `change_due`), or '' when there is none. */
export function changeDueNotice(answer: { change_due: CurrencyAmount[] | null }, t: TFunction, language: string): string {
  const change = answer.change_due ?? [];
  if (!change.some((part) => !/^0(\.0+)?$/.test(part.amount))) return '';
  const [billing, second] = change.map((part) => moneyInText(formatMoney(part.amount, part.currency, numberLocale(language)), language));
  return ` ${t('currencies.changeDueDone', { billing, second: second ?? '' })}`;
}

/** "1 USD = 89,500 LBP". */
function rateLine(terms: CurrencyTerms, t: TFunction, language: string): string {
  const sides = rateSides(terms.billingCurrency, terms.secondCurrency ?? '', terms.rateBase);
  return t('currencies.rate', { billing: sides.base, rate: formatDecimal(formatRate(terms.rate ?? 0n), language, 6), second: sides.quote });
}

/**
 * One amount field per currency (either, or both), large enough for a thumb at the door, with what
 * they pay of the balance and the change due in both currencies, rounded to the cash steps like the server.
 */
export function TenderField({
  terms,
  balance,
  value,
  onChange,
  tender,
  autoFocus = false,
}: {
  terms: CurrencyTerms;
  /** What the money pays at most, minor units of the billing currency: beyond it is change. */
  balance: bigint;
  value: CashAmounts;
  onChange(next: CashAmounts): void;
  tender: CashTender;
  autoFocus?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = numberLocale(i18n.language);
  const billing = terms.billingCurrency;
  const second = hasSecondCurrency(terms) ? (terms.secondCurrency ?? '') : '';
  const billingText = (minor: bigint) =>
    moneyInText(formatMoney(formatMoneyAmount(minor, terms.billingDecimals), billing, locale), i18n.language);
  const secondText = (minor: bigint | null) =>
    moneyInText(formatMoney(formatMoneyAmount(minor ?? 0n, currencyDecimals(second)), second, locale), i18n.language);
  const settlement = tender.settlement;
  const hasChange = settlement !== null && (settlement.changeBilling > 0n || (settlement.changeSecond ?? 0n) > 0n);
  const field = (key: keyof CashAmounts, currency: string, isFirst: boolean) => (
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
      autoFocus={autoFocus && isFirst}
      sx={{ '& .MuiInputBase-input': { minHeight: 32, fontSize: '1.25rem' } }}
      slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', autoComplete: 'off', 'data-currency': currency } }}
    />
  );
  return (
    <Stack spacing={1.5} component="fieldset" data-testid="tender-field" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {second ? t('currencies.cashHandedOver') : t('currencies.handedOver')}
      </Typography>
      {second && (
        <Typography variant="body2" color="text.secondary">
          {t('currencies.balanceIn', { amount: billingText(balance), second: secondText(cashDueInSecond(balance, terms)) })}{' '}
          <bdi dir="ltr">{rateLine(terms, t, i18n.language)}</bdi>
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {field('billing', billing, true)}
        {second && field('second', second, false)}
      </Stack>
      {settlement && (
        <Alert severity={hasChange ? 'warning' : 'info'} role="status" data-testid="tender-summary">
          <div>
            {t('currencies.received', { amount: '' })}
            <Money amount={formatMoneyAmount(settlement.received, terms.billingDecimals)} currency={billing} />
          </div>
          <div>{t('currencies.pays', { amount: billingText(settlement.applied) })}</div>
          {hasChange && (
            <strong data-testid="change-due">
              {second
                ? t('currencies.changeDue', { billing: billingText(settlement.changeBilling), second: secondText(settlement.changeSecond) })
                : t('currencies.changeDueOne', { amount: billingText(settlement.changeBilling) })}
            </strong>
          )}
        </Alert>
      )}
    </Stack>
  );
}
