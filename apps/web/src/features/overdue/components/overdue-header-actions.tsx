import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/lib/can';
import { formatCount } from '../../../shared/lib/format-number';
import { DisconnectionNoticeButton } from './disconnection-notice-button';

/**
 * The overdue page's header buttons: a reminder and a disconnection notice to the ticked customers
 * (roles that send reminders), and the printed disconnection list (anyone).
 */
export function OverdueHeaderActions({
  serviceId,
  selected,
  onRemind,
  onPrint,
  onNoticesSent,
}: {
  serviceId: number | undefined;
  selected: number[];
  onRemind(): void;
  onPrint(): void;
  onNoticesSent(): void;
}) {
  const { t, i18n } = useTranslation();
  const canRemind = useCan('create', 'reminder');
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}>
      {canRemind && (
        <Button variant="contained" startIcon={<NotificationsActiveOutlined />} disabled={selected.length === 0} onClick={onRemind}>
          {selected.length > 0
            ? t('overdue.remind.actionCount', { number: formatCount(selected.length, i18n.language) })
            : t('overdue.remind.action')}
        </Button>
      )}
      {serviceId !== undefined && <DisconnectionNoticeButton serviceId={serviceId} customers={selected} onSent={onNoticesSent} />}
      <Button variant="outlined" startIcon={<PrintOutlined />} disabled={serviceId === undefined} onClick={onPrint}>
        {t('overdue.disconnection.action')}
      </Button>
    </Stack>
  );
}
