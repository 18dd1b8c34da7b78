import type { InvoiceDetail } from '@meterline/contract/invoices';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import type { CreatePaymentInput, Payment } from '@meterline/contract/payments';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useToast } from '../../../shared/hooks/use-toast';
import { isolateLtr } from '../../../shared/lib/format-number';
import { formatDate } from '../../../shared/lib/format-date';
import { DialogForm, useDialogForm } from '../../../shared/ui/dialog-form';
import { reversibleMinorOf } from './reversible-amount';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { Money, useFormatMoney } from '../../../shared/ui/money';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { useCreatePayment } from '../../../shared/api/create-payment';

interface ReverseFormValues {
  amount: string;
  reason: string;
}

const FIELDS = ['amount', 'reason'] as const;

/**
 * Reverses a payment (a mistake): a negative payment naming it, with a required reason, never an
 * edit. The confirmation says how much comes back off the invoice and its balance afterwards.
 */
export function ReversePaymentDialog({
  payment,
  isOpen: isWanted = true,
  invoice,
  serviceId,
  onClose,
}: {
  /** The payment to reverse; null keeps the dialog closed. */
  payment: Payment | null;
  /** False while it fades out, still showing the payment (`KeptDialog`). */
  isOpen?: boolean;
  invoice: InvoiceDetail;
  serviceId: number;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const formatMoney = useFormatMoney();
  const isOpen = isWanted && payment !== null;
  const decimals = currencyDecimals(invoice.currency);
  const reversible = payment ? reversibleMinorOf(payment, invoice.payments, decimals) : 0n;
  const balance = parseMoney(invoice.balance_due, decimals) ?? 0n;
  const createPayment = useCreatePayment(serviceId, invoice.id);

  const schema = useMemo(
    () =>
      z.object({
        amount: z.string().superRefine((value, context) => {
          const amount = parseMoney(value, decimals);
          if (amount === null) context.addIssue({ code: 'custom', message: t('invoices.payment.amountInvalid', { count: decimals }) });
          else if (amount <= 0n) context.addIssue({ code: 'custom', message: t('invoices.payment.amountPositive') });
          else if (amount > reversible)
            context.addIssue({
              code: 'custom',
              message: t('invoices.reverse.tooLarge', { amount: formatMoney(formatMoneyAmount(reversible, decimals)) }),
            });
        }),
        reason: z
          .string()
          .trim()
          .min(1, { message: 'This field may not be blank.' })
          .max(500, { message: 'Ensure this field has no more than 500 characters.' }),
      }),
    [decimals, reversible, formatMoney, t],
  );
  const dialog = useDialogForm({
    isOpen,
    // Another payment chosen is another opening: its own amount and reason.
    opening: payment?.id ?? null,
    schema,
    values: () => ({ amount: formatMoneyAmount(reversible, decimals), reason: '' }),
    fields: FIELDS,
  });
  const { form } = dialog;

  const typed = useWatch({ control: form.control, name: 'amount' });
  const typedMinor = typed ? parseMoney(typed, decimals) : null;
  const takingBack = typedMinor !== null && typedMinor > 0n && typedMinor <= reversible ? typedMinor : null;

  const handleSubmit = async (values: ReverseFormValues, idempotencyKey: string) => {
    if (!payment) return;
    await createPayment.mutateAsync({
      input: {
        amount: `-${values.amount}`,
        reason: values.reason,
        reverses: payment.id,
        method: payment.method as CreatePaymentInput['method'],
      },
      idempotencyKey,
    });
    showToast(t('invoices.reverse.done', { amount: formatMoney(values.amount), number: invoice.number }), { variant: 'success' });
    onClose();
  };

  return (
    <DialogForm
      dialog={dialog}
      onSubmit={handleSubmit}
      isSubmittedOnEnter={false}
      title={t('invoices.reverse.title')}
      description={
        payment && takingBack !== null ? (
          <Trans
            i18nKey="invoices.reverse.text"
            values={{ date: formatDate(payment.paid_at, i18n.language), number: isolateLtr(invoice.number) }}
            components={{
              amount: <Money amount={formatMoneyAmount(takingBack, decimals)} />,
              paid: <Money amount={payment.amount} />,
              after: <Money amount={formatMoneyAmount(balance + takingBack, decimals)} />,
              strong: <strong />,
            }}
          />
        ) : (
          t('invoices.reverse.enterAmount')
        )
      }
      confirmLabel={
        takingBack !== null
          ? t('invoices.reverse.confirm', { amount: formatMoney(formatMoneyAmount(takingBack, decimals)) })
          : t('invoices.reverse.title')
      }
      confirmColor="error"
      isBusy={createPayment.isPending}
      isConfirmAutoFocused={false}
      onClose={onClose}
    >
      <NumericTextField<ReverseFormValues> control={form.control} name="amount" label={t('invoices.reverse.amount')} required />
      <FormTextField<ReverseFormValues>
        control={form.control}
        name="reason"
        label={t('invoices.reverse.reason')}
        required
        autoFocus
        multiline
        minRows={2}
      />
    </DialogForm>
  );
}
