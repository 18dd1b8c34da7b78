import { cancelInvoiceInputSchema, type CancelInvoiceInput, type InvoiceDetail } from '@meterline/contract/invoices';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../shared/hooks/use-toast';
import { isolateLtr, isolateText } from '../../../shared/lib/format-number';
import { DialogForm, useDialogForm } from '../../../shared/ui/dialog-form';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { Money } from '../../../shared/ui/money';
import { useCancelInvoice } from '../api/cancel-invoice';

/** Cancels an unpaid invoice with a reason, after saying what it means (number kept, period freed). */
export function CancelInvoiceDialog({
  isOpen,
  invoice,
  serviceId,
  onClose,
}: {
  isOpen: boolean;
  invoice: InvoiceDetail;
  serviceId: number;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const cancel = useCancelInvoice(serviceId, invoice.id);
  const dialog = useDialogForm({ isOpen, schema: cancelInvoiceInputSchema, values: () => ({ reason: '' }), fields: ['reason'] });
  const { form } = dialog;

  const handleSubmit = async (values: z.output<typeof cancelInvoiceInputSchema>, idempotencyKey: string) => {
    await cancel.mutateAsync({ input: values, idempotencyKey });
    showToast(t('invoices.cancel.done', { number: invoice.number }), { variant: 'success' });
    onClose();
  };

  return (
    <DialogForm
      dialog={dialog}
      onSubmit={handleSubmit}
      isSubmittedOnEnter={false}
      title={t('invoices.cancel.title')}
      description={
        <Trans
          i18nKey="invoices.cancel.text"
          values={{ number: isolateLtr(invoice.number), customer: isolateText(invoice.customer_name) }}
          components={{ total: <Money amount={invoice.total} />, strong: <strong /> }}
        />
      }
      confirmLabel={t('invoices.cancel.confirm')}
      cancelLabel={t('invoices.cancel.keep')}
      confirmColor="error"
      isBusy={cancel.isPending}
      isConfirmAutoFocused={false}
      onClose={onClose}
    >
      <FormTextField<CancelInvoiceInput>
        control={form.control}
        name="reason"
        label={t('invoices.cancel.reason')}
        required
        autoFocus
        multiline
        minRows={2}
      />
    </DialogForm>
  );
}
