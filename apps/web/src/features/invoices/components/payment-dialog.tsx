import MenuItem from '@mui/material/MenuItem';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import type { InvoiceDetail } from '@meterline/contract/invoices';
import type { Payment } from '@meterline/contract/payments';
import { useQueryClient } from '@tanstack/react-query';
import { createPaymentInputSchema, type CreatePaymentInput } from '@meterline/contract/payments';
import { PAYMENT_METHODS } from '@meterline/contract/list-specs';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../shared/hooks/use-toast';
import { isolateLtr, isolateText } from '../../../shared/lib/format-number';
import { DialogForm, useDialogForm } from '../../../shared/ui/dialog-form';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { Money, useFormatMoney } from '../../../shared/ui/money';
import { DATE_IN_FUTURE, DateTimeField, isInFuture, nowIso } from '../../../shared/ui/date-time-field';
import { submitFieldWrite, type PaymentWrite } from '../../../shared/offline/offline-writes';
import { PendingReceiptDialog } from '../../../shared/offline/pending-receipt';
import { cashStepsOf, changeDueNotice, NO_CASH, TenderField, tenderOf } from '../../../shared/ui/tender-field';
import { invoiceCurrencyTerms } from '../../../shared/lib/currency-terms';
import { OlderInvoicesNotice } from '../../../shared/ui/older-invoices-notice';

export type PaymentMode = 'full' | 'partial';

type PaymentFormInput = z.input<typeof createPaymentInputSchema>;
type PaymentFormOutput = z.output<typeof createPaymentInputSchema>;

const FIELDS = ['amount', 'method', 'reference', 'note', 'paid_at'] as const;

/**
 * Mark as paid (the whole balance) or a partial payment, with the confirmation docs/product/screens.md asks for:
 * it says the amount, the invoice and the balance left, computed exactly in minor units.
 */
export function PaymentDialog({
  isOpen,
  mode,
  invoice,
  serviceId,
  onClose,
  onPayAccount,
}: {
  isOpen: boolean;
  mode: PaymentMode;
  invoice: InvoiceDetail;
  serviceId: number;
  onClose(): void;
  /** Opens the account payment instead (oldest first), offered when older invoices are unpaid. */
  onPayAccount?(): void;
}) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const formatMoney = useFormatMoney();
  const decimals = currencyDecimals(invoice.currency);
  const balance = parseMoney(invoice.balance_due, decimals) ?? 0n;
  const isPartial = mode === 'partial';
  const queryClient = useQueryClient();
  const [isSending, setSending] = useState(false);
  // A payment kept on this phone (no network): its receipt, marked pending, for the customer.
  const [pendingReceipt, setPendingReceipt] = useState<PaymentWrite | null>(null);

  const schema = useMemo(
    () =>
      createPaymentInputSchema.superRefine((value, context) => {
        if (isInFuture(value.paid_at)) context.addIssue({ code: 'custom', path: ['paid_at'], message: DATE_IN_FUTURE });
      }),
    [],
  );
  // The notes handed over, in one or both of the invoice's currencies (shared/ui/tender-field.tsx).
  const [cash, setCash] = useState(NO_CASH);
  const [isTried, setTried] = useState(false);
  const dialog = useDialogForm({
    isOpen,
    schema,
    values: () => ({ amount: null, method: 'cash' as const, reference: '', note: '', paid_at: nowIso() }),
    fields: FIELDS,
    onOpen: () => {
      setCash(NO_CASH);
      setTried(false);
    },
  });
  const { form } = dialog;
  const terms = invoiceCurrencyTerms(invoice, cashStepsOf(invoice.cash_rounding));
  const method = useWatch({ control: form.control, name: 'method' });
  const typedTender = tenderOf(terms, balance, cash, t);
  // Beyond the balance is change in cash only; another method may not pay more than the balance.
  const isOver = typedTender.settlement !== null && method !== 'cash' && typedTender.settlement.received > balance;
  const tender = {
    ...typedTender,
    errors: {
      ...typedTender.errors,
      ...(isOver ? { billing: t('invoices.payment.amountTooLarge', { balance: formatMoney(invoice.balance_due) }) } : {}),
      ...(isPartial && isTried && !typedTender.amounts && !typedTender.errors.billing
        ? { billing: t('invoices.payment.amountPositive') }
        : {}),
    },
  };
  const payingMinor = tender.settlement ? tender.settlement.applied : isPartial ? null : balance;
  const paying = payingMinor === null ? null : formatMoneyAmount(payingMinor, decimals);
  const balanceAfter = payingMinor === null ? null : formatMoneyAmount(balance - payingMinor, decimals);

  const handleSubmit = async (values: PaymentFormOutput, idempotencyKey: string) => {
    setTried(true);
    if (payingMinor === null || isOver || Object.keys(typedTender.errors).length) return;
    // Through the field-write queue (docs/offline.md): sent now, or kept on this phone with its key and
    // the moment the cash was taken. Always with the amount: sent later, "the whole balance" could
    // mean another sum if the office took a payment meanwhile. Cash in two currencies
    // sends what was tendered instead (one or both currencies); the server converts it at the invoice's rate. The date left
    // at its default means now: the moment of confirming.
    const paidAt = form.getFieldState('paid_at').isDirty && values.paid_at ? values.paid_at : nowIso();
    const input: CreatePaymentInput & { paid_at: string } = tender.amounts
      ? { method: values.method, reference: values.reference, note: values.note, amounts: tender.amounts, paid_at: paidAt }
      : {
          method: values.method,
          reference: values.reference,
          note: values.note,
          amount: formatMoneyAmount(payingMinor, decimals),
          paid_at: paidAt,
        };
    const write: PaymentWrite = {
      kind: 'payment',
      serviceId,
      invoiceId: invoice.id,
      input,
      idempotencyKey,
      label: {
        customer: invoice.customer_name,
        invoiceNumber: invoice.number,
        currency: invoice.currency,
        balanceBefore: invoice.balance_due,
        amount: formatMoneyAmount(payingMinor, decimals),
      },
    };
    setSending(true);
    try {
      const outcome = await submitFieldWrite<Payment>(queryClient, write);
      if (outcome.status === 'sent') {
        showToast(
          t('invoices.payment.done', { amount: formatMoney(outcome.data.amount), number: invoice.number }) +
            changeDueNotice(outcome.data, t, i18n.language),
          { variant: 'success' },
        );
      } else {
        showToast(t('offline.saved.payment', { amount: formatMoney(paying ?? '0'), number: invoice.number }), { variant: 'info' });
        setPendingReceipt(write);
      }
      onClose();
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <DialogForm
        dialog={dialog}
        onSubmit={handleSubmit}
        title={isPartial ? t('invoices.payment.partialTitle') : t('invoices.payment.fullTitle')}
        description={
          paying === null ? (
            t('invoices.payment.enterAmount', { balance: formatMoney(invoice.balance_due) })
          ) : (
            <Trans
              i18nKey={
                isPartial || (payingMinor !== null && payingMinor < balance) ? 'invoices.payment.partialText' : 'invoices.payment.fullText'
              }
              values={{ number: isolateLtr(invoice.number), customer: isolateText(invoice.customer_name) }}
              components={{ amount: <Money amount={paying} />, after: <Money amount={balanceAfter ?? '0'} />, strong: <strong /> }}
            />
          )
        }
        confirmLabel={paying === null ? t('invoices.payment.record') : t('invoices.payment.confirm', { amount: formatMoney(paying) })}
        isBusy={isSending}
        isConfirmAutoFocused={!isPartial}
        onClose={onClose}
      >
        {/* Older unpaid invoices of the customer: paying this one would leave them (docs/accounts.md, "Oldest first"). */}
        <OlderInvoicesNotice serviceId={serviceId} invoice={invoice} isEnabled={isOpen} onPayAccount={onPayAccount} />
        <TenderField terms={terms} balance={balance} value={cash} onChange={setCash} tender={tender} autoFocus={isPartial} />
        <DateTimeField<PaymentFormInput, PaymentFormOutput>
          control={form.control}
          name="paid_at"
          label={t('dateTime.paidAt')}
          notBefore={invoice.issued_on}
          isDisabled={isSending}
        />
        <FormTextField<PaymentFormInput> control={form.control} name="method" label={t('invoices.payment.method')} select>
          {PAYMENT_METHODS.map((method) => (
            <MenuItem key={method} value={method}>
              {t(`payments.methods.${method}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField<PaymentFormInput> control={form.control} name="reference" label={t('invoices.payment.reference')} />
        <FormTextField<PaymentFormInput> control={form.control} name="note" label={t('invoices.payment.note')} multiline minRows={2} />
      </DialogForm>
      <PendingReceiptDialog payment={pendingReceipt} onClose={() => setPendingReceipt(null)} />
    </>
  );
}
