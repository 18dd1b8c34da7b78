import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@meterline/contract/invoices';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/session';
import { useFormatMoney, useTenantCurrency } from '../../../shared/ui/money';
import { cashStepsOf, NO_CASH, TenderField, tenderOf, type CashTender } from '../../../shared/ui/tender-field';
import { invoiceCurrencyTerms } from '../../../shared/lib/currency-terms';
import { splitDoorTender, type DoorSplit } from './door-tender';

/** The terms the tender shows: the oldest invoice with a rate (else the oldest), with the tenant's cash steps. */
function useShownTerms(unpaid: Invoice[]) {
  const currency = useTenantCurrency();
  const steps = cashStepsOf(useSession().user?.tenant?.cash_rounding);
  const shown = unpaid.find((invoice) => invoice.exchange_rate) ??
    unpaid[0] ?? { currency, second_currency: null, exchange_rate: null, exchange_rate_base: null };
  return { steps, terms: invoiceCurrencyTerms(shown, steps) };
}

/**
 * The notes handed over at the door (the shared tender, docs/collectors.md), spread over the
 * invoices oldest first at each one's rate (`splitDoorTender`): what they pay and the change, in
 * both currencies, shown as they are typed; "Take this amount" asks to take them.
 */
export function DoorTenderForm({
  unpaid,
  totalMinor,
  buttonProps,
  onTake,
}: {
  unpaid: Invoice[];
  totalMinor: bigint;
  buttonProps: ButtonProps;
  onTake(split: DoorSplit): void;
}) {
  const { t } = useTranslation();
  const currency = useTenantCurrency();
  const decimals = currencyDecimals(currency);
  const { steps, terms } = useShownTerms(unpaid);
  const [cash, setCash] = useState(NO_CASH);
  const [error, setError] = useState<string | null>(null);
  const typed = tenderOf(terms, totalMinor, cash, t);
  const split = typed.amounts
    ? splitDoorTender(
        typed.amounts.map((part) => ({ currency: part.currency, minor: parseMoney(part.amount, currencyDecimals(part.currency)) ?? 0n })),
        unpaid.map((invoice) => ({
          id: invoice.id,
          balance: parseMoney(invoice.balance_due, decimals) ?? 0n,
          terms: invoiceCurrencyTerms(invoice, steps),
        })),
        currency,
      )
    : null;
  const tender: CashTender = {
    ...typed,
    settlement: split,
    errors: {
      ...typed.errors,
      ...(typed.amounts && !split ? { second: t('collect.rateMissing', { currency }) } : {}),
      ...(error && !typed.errors.billing ? { billing: error } : {}),
    },
  };
  const submit = () => {
    if (split && split.applied > 0n && !Object.keys(typed.errors).length) onTake(split);
    else if (!typed.amounts && !Object.keys(typed.errors).length) setError(t('invoices.payment.amountPositive'));
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TenderField
        terms={terms}
        balance={totalMinor}
        value={cash}
        onChange={(next) => {
          setError(null);
          setCash(next);
        }}
        tender={tender}
      />
      <Typography variant="body2" color="text.secondary">
        {t('collect.partialHelp')}
      </Typography>
      <Button {...buttonProps} type="submit" variant="outlined">
        {t('collect.takePartial')}
      </Button>
    </Stack>
  );
}

/** " Change due: $1.80 or LBP 163,000" in the confirmation, when the notes are more than they pay. */
export function DoorChangeDue({ split, unpaid }: { split: DoorSplit; unpaid: Invoice[] }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const decimals = currencyDecimals(useTenantCurrency());
  const second = useShownTerms(unpaid).terms.secondCurrency;
  if (split.changeBilling <= 0n && (split.changeSecond ?? 0n) <= 0n) return null;
  const billing = formatMoney(formatMoneyAmount(split.changeBilling, decimals));
  return (
    <strong data-testid="collect-change-due">
      {' '}
      {second && split.changeSecond !== null
        ? t('currencies.changeDue', {
            billing,
            second: formatMoney(formatMoneyAmount(split.changeSecond, currencyDecimals(second)), second),
          })
        : t('currencies.changeDueOne', { amount: billing })}
    </strong>
  );
}
