import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { NotificationChannel } from '@meterline/contract/notification-kinds';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/hooks/use-toast';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { useSendTestMessage } from '../api/notifications';

/** "Send a test message": one message to the address or number typed, through the channel as saved. */
export function TestMessageDialog({
  channel,
  isOpen,
  hasUnsavedChanges,
  onClose,
}: {
  channel: NotificationChannel;
  isOpen: boolean;
  /** The card has changes not saved yet: the test would use the saved settings, so it says so. */
  hasUnsavedChanges: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const send = useSendTestMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ to: string }>({ defaultValues: { to: '' } });
  const to = form.watch('to');
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      form.reset({ to: '' });
      setFormError(null);
    }
  }

  const handleSend = form.handleSubmit(async ({ to: address }) => {
    setFormError(null);
    try {
      const { message } = await send.mutateAsync({ channel, input: { to: address.trim() } });
      // Sent at once: a refusal of the provider comes back in the answer, and the dialog stays to try again.
      if (message.status === 'failed') {
        setFormError(t('messaging.settings.testFailed', { error: message.error ?? '' }));
        return;
      }
      showToast(t('messaging.settings.testSent', { status: t(`messaging.statuses.${message.status}`) }), { variant: 'success' });
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['to'], t));
    }
  });

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('messaging.settings.testTitle', { channel: t(`messaging.channels.${channel}`) })}
      description={t('messaging.settings.testText')}
      confirmLabel={t('messaging.settings.testSend')}
      isBusy={send.isPending}
      isConfirmDisabled={to.trim() === ''}
      isConfirmAutoFocused={false}
      onConfirm={() => void handleSend()}
      onClose={onClose}
    >
      <Stack
        component="form"
        noValidate
        spacing={2}
        sx={{ mt: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          if (to.trim() !== '') void handleSend();
        }}
      >
        {hasUnsavedChanges && <Alert severity="warning">{t('messaging.settings.testUnsaved')}</Alert>}
        {formError && <Alert severity="error">{formError}</Alert>}
        <FormTextField
          control={form.control}
          name="to"
          type={channel === 'email' ? 'email' : 'tel'}
          label={t(`messaging.settings.testTo.${channel}`)}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: channel === 'email' ? 'email' : 'tel' } }}
        />
      </Stack>
    </ConfirmDialog>
  );
}
