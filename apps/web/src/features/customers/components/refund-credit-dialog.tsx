import { refundCreditInputSchema } from '@meterline/contract/account';
import type { Customer } from '@meterline/contract/customers';
import { currencyDecimals, parseMoney } from '@meterline/contract/money-format';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../shared/hooks/use-toast';
import { isolateLtr } from '../../../shared/lib/format-number';
import { DialogForm, useDialogForm } from '../../../shared/ui/dialog-form';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { Money, useFormatMoney, useTenantCurrency } from '../../../shared/ui/money';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { useRefundCredit } from '../api/refund-credit';

type FormInput = z.input<typeof refundCreditInputSchema>;
type FormOutput = z.output<typeof refundCreditInputSchema>;

/** Hands credit back (admin, docs/accounts.md): at most the credit held, with a reason; the button names the amount. */
export function RefundCreditDialog({
  isOpen,
  serviceId,
  customer,
  onClose,
}: {
  isOpen: boolean;
  serviceId: number;
  customer: Customer;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const formatMoney = useFormatMoney();
  const decimals = currencyDecimals(useTenantCurrency());
  const credit = parseMoney(customer.credit, decimals) ?? 0n;
  const refund = useRefundCredit(serviceId, customer.id);
  const schema = useMemo(
    () =>
      refundCreditInputSchema.superRefine((value, context) => {
        const amount = parseMoney(value.amount, decimals);
        if (amount === null || amount <= 0n)
          context.addIssue({ code: 'custom', path: ['amount'], message: t('invoices.payment.amountPositive') });
        else if (amount > credit)
          context.addIssue({
            code: 'custom',
            path: ['amount'],
            message: t('account.refund.amountTooLarge', { credit: formatMoney(customer.credit) }),
          });
      }),
    [decimals, credit, customer.credit, formatMoney, t],
  );
  const defaults = { amount: customer.credit, reason: '' };
  const dialog = useDialogForm({ isOpen, schema, values: () => defaults, fields: ['amount', 'reason'] });
  const { form } = dialog;
  const typed = useWatch({ control: form.control, name: 'amount' });
  const typedMinor = typed ? parseMoney(String(typed), decimals) : null;
  const isValidAmount = typedMinor !== null && typedMinor > 0n && typedMinor <= credit;

  const handleSubmit = async (values: FormOutput, idempotencyKey: string) => {
    const done = await refund.mutateAsync({ input: values, idempotencyKey });
    showToast(t('account.refund.done', { amount: formatMoney(done.amount) }), { variant: 'success' });
    onClose();
  };

  return (
    <DialogForm
      dialog={dialog}
      onSubmit={handleSubmit}
      isSubmittedOnEnter={false}
      title={t('account.refund.title')}
      description={<Trans i18nKey="account.refund.text" components={{ amount: <Money amount={customer.credit} /> }} />}
      confirmLabel={
        isValidAmount ? t('account.refund.confirm', { amount: isolateLtr(formatMoney(String(typed))) }) : t('account.refund.title')
      }
      confirmColor="warning"
      isBusy={refund.isPending}
      isConfirmAutoFocused={false}
      onClose={onClose}
    >
      <NumericTextField<FormInput, FormOutput> control={form.control} name="amount" label={t('account.refund.amount')} required />
      <FormTextField<FormInput, FormOutput>
        control={form.control}
        name="reason"
        label={t('account.refund.reason')}
        required
        autoFocus
        multiline
        minRows={2}
      />
    </DialogForm>
  );
}
