import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createAccountPaymentInputSchema } from '@meterline/contract/account';
import { allocatePayment, type OpenInvoice } from '@meterline/contract/account-rules';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import { PAYMENT_METHODS } from '@meterline/contract/list-specs';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCustomerInvoices } from '../api/get-customer-invoices';
import { useToast } from '../hooks/use-toast';
import { formatDate } from '../lib/format-date';
import { isolateLtr } from '../lib/format-number';
import { FormTextField } from './form-text-field';
import { Money, useFormatMoney, useTenantCurrency } from './money';
import { NumericTextField } from './numeric-text-field';
import { usePayAccount } from '../api/pay-account';
import { DialogForm, useDialogForm } from './dialog-form';

type FormInput = z.input<typeof createAccountPaymentInputSchema>;
type FormOutput = z.output<typeof createAccountPaymentInputSchema>;

const FIELDS = ['amount', 'method', 'reference'] as const;
const OPEN_INVOICES_QUERY = { ordering: 'due_on', page_size: 100 };
const EMPTY = { amount: '', method: 'cash' as const, reference: '' };

/**
 * "Pay account" (docs/accounts.md; the customer's account tab and the overdue rows share it): one amount over the customer's open invoices, oldest first, the rest
 * as credit. The dialog shows that spread as it is typed (the same rule as the server,
 * `allocatePayment`) and is itself the confirmation: the button names the amount.
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
  const invoices = useCustomerInvoices(serviceId, customer.id, OPEN_INVOICES_QUERY, { isEnabled: isOpen });
  const openInvoices = useMemo(
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
  const owed = openInvoices.reduce((sum, invoice) => sum + invoice.balanceDue, 0n);

  const schema = useMemo(
    () =>
      createAccountPaymentInputSchema.superRefine((value, context) => {
        const amount = parseMoney(value.amount, decimals);
        if (amount === null || amount <= 0n)
          context.addIssue({ code: 'custom', path: ['amount'], message: t('account.pay.amountPositive') });
      }),
    [decimals, t],
  );
  const dialog = useDialogForm({ isOpen, schema, values: () => EMPTY, fields: FIELDS });
  const { form } = dialog;

  const typed = useWatch({ control: form.control, name: 'amount' });
  const typedMinor = typed ? parseMoney(String(typed), decimals) : null;
  const amountMinor = typedMinor !== null && typedMinor > 0n ? typedMinor : null;
  const plan = amountMinor === null ? null : allocatePayment(amountMinor, openInvoices as OpenInvoice[]);
  const amountText = amountMinor === null ? null : formatMoneyAmount(amountMinor, decimals);
  const byId = new Map(openInvoices.map((invoice) => [invoice.id, invoice]));

  const handleSubmit = async (values: FormOutput, idempotencyKey: string) => {
    const payment = await pay.mutateAsync({
      input: { amount: values.amount, method: values.method, reference: values.reference },
      idempotencyKey,
    });
    const hasCredit = (parseMoney(payment.credit_added, decimals) ?? 0n) > 0n;
    showToast(
      hasCredit
        ? t('account.pay.doneCredit', { amount: formatMoney(payment.amount), credit: formatMoney(payment.credit_added) })
        : t('account.pay.done', { amount: formatMoney(payment.amount) }),
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
      <NumericTextField<FormInput, FormOutput> control={form.control} name="amount" label={t('account.pay.amount')} required autoFocus />
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
