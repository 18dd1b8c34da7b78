import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { contractResolver } from '../../../shared/lib/contract-resolver';
import { cancelInvoiceInputSchema, type CancelInvoiceInput, type InvoiceDetail } from '@meterline/contract/invoices';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSingleFlight } from '../../../shared/hooks/use-single-flight';
import { useToast } from '../../../shared/hooks/use-toast';
import { isolateLtr, isolateText } from '../../../shared/lib/format-number';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { Money } from '../../../shared/ui/money';
import { useCancelInvoice } from '../api/cancel-invoice';
import { useIdempotencyKey } from '../../../shared/hooks/use-idempotency-key';

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
  const { idempotencyKey, renewAfter } = useIdempotencyKey(isOpen);
  const runOnce = useSingleFlight();
  const [formError, setFormError] = useState<string | null>(null);
  const cancel = useCancelInvoice(serviceId, invoice.id);
  const form = useForm<CancelInvoiceInput, unknown, z.output<typeof cancelInvoiceInputSchema>>({
    resolver: contractResolver(cancelInvoiceInputSchema),
    defaultValues: { reason: '' },
  });
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      form.reset({ reason: '' });
      setFormError(null);
    }
  }

  const handleConfirm = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await cancel.mutateAsync({ input: values, idempotencyKey });
      showToast(t('invoices.cancel.done', { number: invoice.number }), { variant: 'success' });
      onClose();
    } catch (error) {
      renewAfter(error);
      setFormError(applyServerErrors(error, form.setError, ['reason'], t));
    }
  });

  return (
    <ConfirmDialog
      isOpen={isOpen}
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
      onConfirm={() => void runOnce(handleConfirm)}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <FormTextField<CancelInvoiceInput>
          control={form.control}
          name="reason"
          label={t('invoices.cancel.reason')}
          required
          autoFocus
          multiline
          minRows={2}
        />
      </Stack>
    </ConfirmDialog>
  );
}
