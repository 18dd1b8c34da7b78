import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Counter } from '@meterline/contract/subscriptions';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { counterPlaceOf } from '../lib/counter-address';
import { CodeText } from './code-text';

/**
 * The dialog of one meter (the counters screen, a round's building): the customer's name over
 * where the meter is and the customer's code. On phones on phones a sheet along the bottom edge, full width, so the
 * buttons sit under the thumb; a centred dialog from `sm` up.
 */
export function MeterSheet({
  isOpen,
  meter,
  onClose,
  isBusy = false,
  children,
}: {
  isOpen: boolean;
  meter: Counter | null;
  onClose(): void;
  isBusy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      sx={{
        '& .MuiDialog-container': { alignItems: { xs: 'flex-end', sm: 'center' } },
        '& .MuiDialog-paper': {
          m: { xs: 0, sm: 4 },
          width: { xs: '100%' },
          maxWidth: { xs: '100%', sm: 520 },
          maxHeight: { xs: '92dvh', sm: 'calc(100% - 64px)' },
          borderEndStartRadius: { xs: 0 },
          borderEndEndRadius: { xs: 0 },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ pe: 7, pb: 1 }}>
        <Typography component="span" sx={{ display: 'block', fontSize: '1.3rem', fontWeight: 700, overflowWrap: 'anywhere' }}>
          {meter?.customer_name ?? ''}
        </Typography>
        {meter && (
          <Typography component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.95rem', overflowWrap: 'anywhere' }}>
            <Stack component="span" direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              <span>{counterPlaceOf(meter, t)}</span>
              <CodeText value={meter.customer_code} />
            </Stack>
          </Typography>
        )}
      </DialogTitle>
      <IconButton
        aria-label={t('common.close')}
        onClick={onClose}
        disabled={isBusy}
        sx={{ position: 'absolute', top: 12, insetInlineEnd: 12, width: 48, height: 48 }}
      >
        <CloseOutlined />
      </IconButton>
      {children}
    </Dialog>
  );
}
