import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format-date';
import { useSession } from '../lib/session';
import { Money } from '../ui/money';
import type { PaymentWrite } from './offline-writes';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 600, textAlign: 'end', overflowWrap: 'anywhere', minWidth: 0 }}>{children}</Typography>
    </Stack>
  );
}

/**
 * The receipt of a cash payment taken with no network (docs/offline.md), on screen for the customer:
 * marked "pending" until the server has it. The final receipt is printed from the payment once sent.
 */
export function PendingReceiptDialog({ payment, onClose }: { payment: PaymentWrite | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const user = useSession().user;
  const titleId = useId();
  if (!payment) return null;
  const { label, input } = payment;
  const decimals = currencyDecimals(label.currency);
  const before = parseMoney(label.balanceBefore, decimals) ?? 0n;
  const paid = parseMoney(label.amount, decimals) ?? 0n;
  const after = formatMoneyAmount(before - paid, decimals);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {t('offline.receipt.title')}
        <Chip color="warning" label={t('offline.receipt.pending')} data-testid="receipt-pending" />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.25} data-testid="pending-receipt">
          {user?.tenant && (
            <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{user.tenant.company_name || user.tenant.name}</Typography>
          )}
          <Row label={t('offline.receipt.date')}>{formatDateTime(input.paid_at, i18n.language, user?.tenant?.timezone)}</Row>
          <Row label={t('offline.receipt.customer')}>{label.customer}</Row>
          <Row label={t('offline.receipt.invoice')}>
            <bdi dir="ltr">{label.invoiceNumber}</bdi>
          </Row>
          <Divider />
          {input.amounts && (
            <Row label={t('currencies.tendered')}>
              {input.amounts.map((part, index) => (
                <span key={part.currency}>
                  {index > 0 && ' + '}
                  <Money amount={String(part.amount)} currency={part.currency} />
                </span>
              ))}
            </Row>
          )}
          <Row label={t('offline.receipt.received')}>
            <Money amount={label.amount} currency={label.currency} />
          </Row>
          <Row label={t('offline.receipt.balanceAfter')}>
            <Money amount={after} currency={label.currency} />
          </Row>
          {user && (
            <Row label={t('offline.receipt.collector')}>{[user.first_name, user.last_name].filter(Boolean).join(' ') || user.username}</Row>
          )}
          <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'warning.main', color: 'warning.contrastText' }}>
            <Typography variant="body2">{t('offline.receipt.pendingNote')}</Typography>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} size="large">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
