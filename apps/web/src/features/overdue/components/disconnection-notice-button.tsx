import PowerOffOutlined from '@mui/icons-material/PowerOffOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/hooks/use-toast';
import { useCan } from '../../../shared/lib/can';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { formatCount } from '../../../shared/lib/format-number';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useSendDisconnectionNotices } from '../api/send-disconnection-notices';

/**
 * "Send disconnection notice" for the ticked customers (roles that send reminders only): confirmed
 * first, then a toast of how many were written to and skipped (docs/notifications.md).
 */
export function DisconnectionNoticeButton({ serviceId, customers, onSent }: { serviceId: number; customers: number[]; onSent(): void }) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const canSend = useCan('create', 'reminder');
  const send = useSendDisconnectionNotices(serviceId);
  const [isOpen, setOpen] = useState(false);
  if (!canSend) return null;
  const count = (value: number) => formatCount(value, i18n.language);

  const handleConfirm = async () => {
    try {
      const { queued, skipped } = await send.mutateAsync(customers);
      showToast(t('overdue.notices.result', { queued: count(queued), skipped: count(skipped) }), {
        variant: queued > 0 ? 'success' : 'info',
      });
      onSent();
    } catch (error) {
      showToast(errorMessageOf(error, t, t('overdue.notices.failed')), { variant: 'error' });
    }
    setOpen(false);
  };

  return (
    <>
      <Button variant="outlined" startIcon={<PowerOffOutlined />} disabled={customers.length === 0} onClick={() => setOpen(true)}>
        {customers.length > 0 ? t('overdue.notices.actionCount', { number: count(customers.length) }) : t('overdue.notices.action')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={t('overdue.notices.title')}
        description={
          <>
            {t('overdue.notices.text', { number: count(customers.length) })} {t('overdue.notices.textNote')}
          </>
        }
        confirmLabel={t('overdue.notices.confirm')}
        confirmColor="warning"
        isBusy={send.isPending}
        onConfirm={() => void handleConfirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
