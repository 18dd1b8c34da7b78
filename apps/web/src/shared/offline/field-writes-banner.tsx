import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { onlineManager } from '@tanstack/react-query';
import { useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { openReceipt } from '../api/receipt';
import { useToast } from '../hooks/use-toast';
import { errorMessageOf } from '../lib/form-errors';
import { formatDateTime } from '../lib/format-date';
import { formatCount, formatDecimal, isolateLtr } from '../lib/format-number';
import { useSession } from '../lib/session';
import { Money } from '../ui/money';
import { useFieldWrites, type FieldWrite, type FieldWriteItem, type PaymentWrite } from './offline-writes';
import { PendingReceiptDialog } from './pending-receipt';

/** Whether TanStack Query (and so the queued writes) sees a network. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  );
}

function WriteSummary({ write }: { write: FieldWrite }) {
  const { t, i18n } = useTranslation();
  const timeZone = useSession().user?.tenant?.timezone;
  if (write.kind === 'reading') {
    const unit = write.label.unit ? ` ${write.label.unit}` : '';
    return (
      <>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{write.label.customer}</Typography>
        <Typography variant="body2">
          {t('offline.item.reading', { value: isolateLtr(formatDecimal(String(write.input.counter), i18n.language) + unit) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(write.input.taken_at, i18n.language, timeZone)}
        </Typography>
      </>
    );
  }
  return (
    <>
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{write.label.customer}</Typography>
      <Typography variant="body2">
        {t('offline.item.payment')} <Money amount={write.label.amount} currency={write.label.currency} /> ·{' '}
        <bdi dir="ltr">{write.label.invoiceNumber}</bdi>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(write.input.paid_at, i18n.language, timeZone)}
      </Typography>
    </>
  );
}

/**
 * The writes on this device: "Waiting" (in the order they will be sent, a payment with its pending
 * receipt), "To fix" (refused by the server: the reason, and "Dismiss" once dealt with) and "Sent"
 * (payments that waited here, now on the server: "Print receipt" prints the final one).
 */
export function FieldWritesPanel({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const isOnline = useIsOnline();
  const { showToast } = useToast();
  const { waiting, refused, sent, sendNow, discard } = useFieldWrites();
  const [receipt, setReceipt] = useState<PaymentWrite | null>(null);
  const [printing, setPrinting] = useState<number | null>(null);
  const itemKey = (item: FieldWriteItem) => item.write.idempotencyKey;
  /** The final receipt of a payment that waited here and was then sent (the server's payment id). */
  const print = async (item: FieldWriteItem) => {
    if (!item.payment) return;
    setPrinting(item.payment.id);
    try {
      await openReceipt(item.write.serviceId, item.payment.id, { size: '80', language: i18n.language });
    } catch {
      showToast(t('collect.printFailed'), { variant: 'error' });
    } finally {
      setPrinting(null);
    }
  };
  return (
    <>
      <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t('offline.panel.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem' }}>
            {t('offline.panel.waiting', { value: formatCount(waiting.length, i18n.language) })}
          </Typography>
          {waiting.length === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('offline.panel.nothingWaiting')}
            </Typography>
          ) : (
            <List dense data-testid="waiting-list">
              {waiting.map((item) => (
                <ListItem key={itemKey(item)} divider sx={{ alignItems: 'flex-start', gap: 1, px: 0 }} data-testid="waiting-item">
                  <ScheduleOutlined color="action" sx={{ mt: 0.5 }} aria-hidden />
                  <Stack sx={{ flex: 1, minWidth: 0 }}>
                    <WriteSummary write={item.write} />
                  </Stack>
                  {item.write.kind === 'payment' && (
                    <Button size="small" onClick={() => setReceipt(item.write as PaymentWrite)}>
                      {t('offline.actions.receipt')}
                    </Button>
                  )}
                </ListItem>
              ))}
            </List>
          )}
          {refused.length > 0 && (
            <>
              <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem', mt: 2 }} color="error">
                {t('offline.panel.toFix', { value: formatCount(refused.length, i18n.language) })}
              </Typography>
              <List dense data-testid="to-fix-list">
                {refused.map((item) => (
                  <ListItem
                    key={itemKey(item)}
                    divider
                    sx={{ alignItems: 'flex-start', gap: 1, px: 0, flexWrap: 'wrap' }}
                    data-testid="to-fix-item"
                  >
                    <ErrorOutlineOutlined color="error" sx={{ mt: 0.5 }} aria-hidden />
                    <Stack sx={{ flex: 1, minWidth: 0 }}>
                      <WriteSummary write={item.write} />
                      <Typography variant="body2" color="error" sx={{ fontWeight: 600 }} role="status">
                        {errorMessageOf(item.error, t)}
                      </Typography>
                    </Stack>
                    <Button size="small" onClick={() => discard(item.write.idempotencyKey)}>
                      {t('offline.actions.dismiss')}
                    </Button>
                  </ListItem>
                ))}
              </List>
            </>
          )}
          {sent.length > 0 && (
            <>
              <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem', mt: 2 }}>
                {t('offline.panel.sent', { value: formatCount(sent.length, i18n.language) })}
              </Typography>
              <List dense data-testid="sent-list">
                {sent.map((item) => (
                  <ListItem
                    key={itemKey(item)}
                    divider
                    sx={{ alignItems: 'flex-start', gap: 1, px: 0, flexWrap: 'wrap' }}
                    data-testid="sent-item"
                  >
                    <CheckCircleOutlined color="success" sx={{ mt: 0.5 }} aria-hidden />
                    <Stack sx={{ flex: 1, minWidth: 0 }}>
                      <WriteSummary write={item.write} />
                    </Stack>
                    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                      <Button
                        size="small"
                        variant="contained"
                        startIcon={<PrintOutlined />}
                        loading={item.payment !== null && printing === item.payment.id}
                        onClick={() => void print(item)}
                      >
                        {t('offline.actions.print')}
                      </Button>
                      <Button size="small" onClick={() => discard(item.write.idempotencyKey)}>
                        {t('offline.actions.dismiss')}
                      </Button>
                    </Stack>
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {waiting.length > 0 && (
            <Button onClick={() => void sendNow()} disabled={!isOnline}>
              {t('offline.actions.sendNow')}
            </Button>
          )}
          <Button variant="contained" onClick={onClose}>
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <PendingReceiptDialog payment={receipt} onClose={() => setReceipt(null)} />
    </>
  );
}

/**
 * Above every screen: "offline" while there is no network, how many writes wait, how many
 * the server refused (to fix), and how many payments were sent whose final receipt can be printed. "Send now" sends the waiting ones at once; the panel lists them.
 */
export function FieldWritesBanner() {
  const { t, i18n } = useTranslation();
  const isOnline = useIsOnline();
  const { waiting, refused, sent, sendNow } = useFieldWrites();
  const [isPanelOpen, setPanelOpen] = useState(false);
  const panel = <FieldWritesPanel isOpen={isPanelOpen} onClose={() => setPanelOpen(false)} />;
  // The panel stays open after its last item is dismissed ("Nothing is waiting"), with no banner behind it.
  if (isOnline && waiting.length === 0 && refused.length === 0 && sent.length === 0) return panel;
  const severity = refused.length > 0 ? 'error' : isOnline ? (waiting.length === 0 ? 'success' : 'info') : 'warning';
  const parts = [
    isOnline ? null : t('offline.banner.offline'),
    waiting.length > 0 ? t('offline.banner.waiting', { value: formatCount(waiting.length, i18n.language) }) : null,
    refused.length > 0 ? t('offline.banner.toFix', { value: formatCount(refused.length, i18n.language) }) : null,
    sent.length > 0 ? t('offline.banner.sent', { value: formatCount(sent.length, i18n.language) }) : null,
  ].filter(Boolean);
  return (
    <>
      <Alert
        severity={severity}
        icon={isOnline ? undefined : <CloudOffOutlined />}
        role="status"
        data-testid="offline-banner"
        sx={{ mb: 2, alignItems: 'center', '& .MuiAlert-action': { pt: 0, flexWrap: 'wrap', gap: 0.5 } }}
        action={
          <>
            {isOnline && waiting.length > 0 && (
              <Button color="inherit" size="small" onClick={() => void sendNow()}>
                {t('offline.actions.sendNow')}
              </Button>
            )}
            <Button color="inherit" size="small" onClick={() => setPanelOpen(true)}>
              {t('offline.actions.show')}
            </Button>
          </>
        }
      >
        {parts.join(' · ')}
      </Alert>
      {panel}
    </>
  );
}
