import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createAccountPaymentInputSchema } from '@meterline/contract/account';
import { allocatePayment, type OpenInvoice } from '@meterline/contract/account-rules';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import { PAYMENT_METHODS } from '@meterline/contract/list-specs';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { parseRate, type CurrencyTerms } from '@meterline/contract/currency-payments';
import type { TFunction } from 'i18next';
import { useExchangeRates } from '../api/get-exchange-rates';
import { useSession } from '../lib/session';
import { useCustomerInvoices } from '../api/get-customer-invoices';
import { useToast } from '../hooks/use-toast';
import { formatDate } from '../lib/format-date';
import { isolateLtr } from '../lib/format-number';
import { FormTextField } from './form-text-field';
import { Money, useFormatMoney, useTenantCurrency } from './money';
import {
  changeDueNotice,
  hasSecondCurrency,
  NO_CASH,
  cashStepsOf,
  TenderField,
  tenderOf,
  type CashAmounts,
  type CashTender,
} from './tender-field';
import { usePayAccount } from '../api/pay-account';
import { DialogForm, useDialogForm } from './dialog-form';

type FormInput = z.input<typeof createAccountPaymentInputSchema>;
type FormOutput = z.output<typeof createAccountPaymentInputSchema>;

const FIELDS = ['method', 'reference'] as const;
const OPEN_INVOICES_QUERY = { ordering: 'due_on', page_size: 100 };
const EMPTY = { method: 'cash' as const, reference: '' };

/**
 * "Pay account" (docs/accounts.md; the customer's account tab, the overdue rows and the invoice's
 * "older invoices" notice share it): the money handed over (the shared tender, one or both
 * currencies) over the customer's open invoices, oldest first. Typed in the billing currency only
 * it is `amount` and the rest becomes credit; with notes of the second currency it is `amounts`,
 * converted at this month's rate, and cash over the open invoices is change in both currencies.
 * The dialog shows the spread and the change as they are typed (the server's rules,
 * `allocatePayment`, `settlePayment`) and is itself the confirmation: the button names the amount.
 */
export function PayAccountDialog({
  isOpen,
  serviceId,
  customer,
  onClose,
}: {
  isOpen: boolean;
  serviceId: number;
  /** The customer paid for (the customer page's record, an overdue row's customer). */
  customer: { id: number };
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const formatMoney = useFormatMoney();
  const decimals = currencyDecimals(useTenantCurrency());
  const pay = usePayAccount(serviceId, customer.id);
  const openInvoices = useOpenInvoices(serviceId, customer.id, isOpen, decimals);
  const owed = openInvoices.reduce((sum, invoice) => sum + invoice.balanceDue, 0n);

  const [cash, setCash] = useState(NO_CASH);
  const [isTried, setTried] = useState(false);
  const dialog = useDialogForm({
    isOpen,
    schema: createAccountPaymentInputSchema,
    values: () => EMPTY,
    fields: FIELDS,
    onOpen: () => {
      setCash(NO_CASH);
      setTried(false);
    },
  });
  const { form } = dialog;
  const method = useWatch({ control: form.control, name: 'method' });
  const terms = useTenantTenderTerms(serviceId, isOpen);
  const { tender, typedTender, sendsAmounts } = accountTender(terms, owed, cash, { method: method ?? 'cash', isTried }, t);
  const applied = tender.settlement?.applied ?? null;
  const amountMinor = applied !== null && applied > 0n ? applied : null;
  const plan = amountMinor === null ? null : allocatePayment(amountMinor, openInvoices as OpenInvoice[]);
  const amountText = amountMinor === null ? null : formatMoneyAmount(amountMinor, decimals);
  const byId = new Map(openInvoices.map((invoice) => [invoice.id, invoice]));

  const handleSubmit = async (values: FormOutput, idempotencyKey: string) => {
    setTried(true);
    if (amountMinor === null || !tender.amounts || Object.keys(typedTender.errors).length) return;
    const payment = await pay.mutateAsync({
      input: sendsAmounts
        ? { amounts: tender.amounts, method: values.method, reference: values.reference }
        : { amount: formatMoneyAmount(amountMinor, decimals), method: values.method, reference: values.reference },
      idempotencyKey,
    });
    const hasCredit = (parseMoney(payment.credit_added, decimals) ?? 0n) > 0n;
    showToast(
      hasCredit
        ? t('account.pay.doneCredit', { amount: formatMoney(payment.amount), credit: formatMoney(payment.credit_added) })
        : t('account.pay.done', { amount: formatMoney(payment.amount) }) + changeDueNotice(payment, t, i18n.language),
      { variant: 'success' },
    );
    onClose();
  };

  return (
    <DialogForm
      dialog={dialog}
      onSubmit={handleSubmit}
      title={t('account.pay.title')}
      description={<Trans i18nKey="account.pay.intro" components={{ amount: <Money amount={formatMoneyAmount(owed, decimals)} /> }} />}
      confirmLabel={
        amountText === null ? t('account.pay.record') : t('account.pay.confirm', { amount: isolateLtr(formatMoney(amountText)) })
      }
      isBusy={pay.isPending}
      isConfirmAutoFocused={false}
      onClose={onClose}
    >
      <TenderField terms={terms} balance={owed} value={cash} onChange={setCash} tender={tender} autoFocus />
      <FormTextField<FormInput, FormOutput> control={form.control} name="method" label={t('account.pay.method')} select>
        {PAYMENT_METHODS.map((method) => (
          <MenuItem key={method} value={method}>
            {t(`payments.methods.${method}`)}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField<FormInput, FormOutput> control={form.control} name="reference" label={t('account.pay.reference')} />
      {plan?.ok && (
        <Box component="section" aria-label={t('account.pay.allocation')} data-testid="pay-account-allocation">
          <Typography variant="body2" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('account.pay.allocation')}
          </Typography>
          {openInvoices.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('account.pay.noOpenInvoices')}
            </Typography>
          )}
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {plan.allocations.map((allocation) => {
              const invoice = byId.get(allocation.invoiceId);
              return (
                <Row
                  key={allocation.invoiceId}
                  label={t('account.pay.toInvoice', {
                    number: isolateLtr(invoice?.number ?? ''),
                    date: invoice ? formatDate(invoice.dueOn, i18n.language) : '',
                  })}
                  amount={formatMoneyAmount(allocation.amount, decimals)}
                />
              );
            })}
            {plan.credit > 0n && <Row label={t('account.pay.toCredit')} amount={formatMoneyAmount(plan.credit, decimals)} isCredit />}
          </Box>
        </Box>
      )}
    </DialogForm>
  );
}

/** The customer's open invoices with a balance, as `allocatePayment` reads them. */
function useOpenInvoices(serviceId: number, customerId: number, isOpen: boolean, decimals: number) {
  const invoices = useCustomerInvoices(serviceId, customerId, OPEN_INVOICES_QUERY, { isEnabled: isOpen });
  return useMemo(
    () =>
      (invoices.data?.results ?? [])
        .filter((invoice) => invoice.status === 'unpaid' || invoice.status === 'partially_paid')
        .map((invoice) => ({
          id: invoice.id,
          number: invoice.number,
          issuedOn: invoice.issued_on,
          dueOn: invoice.due_on,
          balanceDue: parseMoney(invoice.balance_due, decimals) ?? 0n,
        }))
        .filter((invoice) => invoice.balanceDue > 0n),
    [invoices.data, decimals],
  );
}

/**
 * The tender of an account payment: notes of the second currency make the body `amounts`, and in
 * cash what exceeds the open invoices is change; typed in the billing currency only it is `amount`,
 * whose rest becomes credit (docs/accounts.md).
 */
function accountTender(
  terms: CurrencyTerms,
  owed: bigint,
  cash: CashAmounts,
  state: { method: string; isTried: boolean },
  t: TFunction,
): { tender: CashTender; typedTender: CashTender; sendsAmounts: boolean } {
  const sendsAmounts = hasSecondCurrency(terms) && cash.second.trim() !== '';
  const typedTender = tenderOf(terms, owed, cash, t);
  const received = typedTender.settlement?.received ?? null;
  if (typedTender.settlement && received !== null && !(sendsAmounts && state.method === 'cash')) {
    return {
      typedTender,
      sendsAmounts,
      tender: { ...typedTender, settlement: { received, applied: received, changeBilling: 0n, changeSecond: null } },
    };
  }
  const isMissing = state.isTried && !typedTender.amounts && !typedTender.errors.billing;
  const errors = isMissing ? { ...typedTender.errors, billing: t('invoices.payment.amountPositive') } : typedTender.errors;
  return { typedTender, sendsAmounts, tender: { ...typedTender, errors } };
}

/**
 * The tenant's currencies at the rate in force this month (the month's rate, else the latest
 * before it), as the account payment converts `amounts` (docs/accounts.md), with the tenant's cash steps.
 */
function useTenantTenderTerms(serviceId: number, isEnabled: boolean): CurrencyTerms {
  const tenant = useSession().user?.tenant;
  const billing = tenant?.currency ?? 'USD';
  const second = tenant?.second_currency ?? null;
  const month = new Date().toISOString().slice(0, 7);
  const rates = useExchangeRates(isEnabled && second ? serviceId : undefined, { ordering: '-month', page_size: 24 });
  const rate = rates.data?.results.find((row) => row.currency === second && row.month <= month) ?? null;
  return {
    billingCurrency: billing,
    billingDecimals: currencyDecimals(billing),
    secondCurrency: second,
    secondDecimals: second ? currencyDecimals(second) : null,
    rate: rate ? parseRate(rate.rate) : null,
    rateBase: rate?.base_currency ?? billing,
    cashSteps: cashStepsOf(tenant?.cash_rounding),
  };
}

function Row({ label, amount, isCredit = false }: { label: string; amount: string; isCredit?: boolean }) {
  return (
    <Stack
      component="li"
      direction="row"
      sx={{
        justifyContent: 'space-between',
        gap: 1,
        py: 0.25,
        color: isCredit ? 'success.main' : undefined,
        fontWeight: isCredit ? 600 : undefined,
      }}
    >
      <Typography variant="body2" component="span" sx={{ fontWeight: 'inherit' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="span" sx={{ fontWeight: 'inherit', flexShrink: 0 }}>
        <Money amount={amount} />
      </Typography>
    </Stack>
  );
}
