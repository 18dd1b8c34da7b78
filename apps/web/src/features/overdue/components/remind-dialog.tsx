import type { SendRemindersResult } from '@meterline/contract/overdue';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/hooks/use-toast';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { formatCount } from '../../../shared/lib/format-number';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useSendReminders } from '../api/send-reminders';

/** "Send reminders?" with how many customers; the answer (sent, skipped and why) goes to `onSent`. */
export function RemindDialog({
  isOpen,
  serviceId,
  customers,
  onSent,
  onClose,
}: {
  isOpen: boolean;
  serviceId: number;
  customers: number[];
  onSent(result: SendRemindersResult): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const send = useSendReminders(serviceId);

  const handleConfirm = async () => {
    try {
      const result = await send.mutateAsync(customers);
      showToast(
        t('overdue.remind.result', { sent: formatCount(result.sent, i18n.language), skipped: formatCount(result.skipped, i18n.language) }),
        {
          variant: result.sent > 0 ? 'success' : 'info',
        },
      );
      onSent(result);
    } catch (error) {
      showToast(errorMessageOf(error, t, t('overdue.remind.failed')), { variant: 'error' });
      onClose();
    }
  };

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('overdue.remind.title')}
      description={
        <>
          {t('overdue.remind.text', { number: formatCount(customers.length, i18n.language) })} {t('overdue.remind.textNote')}
        </>
      }
      confirmLabel={t('overdue.remind.confirm')}
      isBusy={send.isPending}
      onConfirm={() => void handleConfirm()}
      onClose={onClose}
    />
  );
}
