import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import type { Reading } from '@meterline/contract/subscriptions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { useVoidReading } from '../api/void-reading';

/**
 * Voids a mistaken reading with its reason. A refusal (the reading billed by an invoice, which it
 * names; not the latest one) stays in the dialog, in the user's language.
 */
export function VoidReadingDialog({
  serviceId,
  subscriptionId,
  reading,
  unit,
  onClose,
}: {
  serviceId: number;
  subscriptionId: number;
  reading: Reading | null;
  unit?: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useVoidReading(serviceId, subscriptionId);
  const close = () => {
    setReason('');
    setError(null);
    mutation.reset();
    onClose();
  };
  const confirm = async () => {
    if (!reading) return;
    setError(null);
    try {
      await mutation.mutateAsync({ readingId: reading.id, input: { reason: reason.trim() } });
      close();
    } catch (failure) {
      setError(errorMessageOf(failure, t));
    }
  };
  return (
    <ConfirmDialog
      isOpen={reading !== null}
      title={t('customers.readings.voidTitle')}
      description={
        reading ? (
          <>
            {t('customers.readings.voidDescription')} <DecimalText value={reading.value} unit={unit} />
          </>
        ) : (
          ''
        )
      }
      confirmLabel={t('customers.readings.voidConfirm')}
      confirmColor="error"
      isBusy={mutation.isPending}
      isConfirmDisabled={!reason.trim()}
      isConfirmAutoFocused={false}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <TextField
        label={t('customers.readings.voidReason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        fullWidth
        autoFocus
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        sx={{ mt: 2 }}
      />
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {error}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
