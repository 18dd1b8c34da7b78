import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NotificationMessage } from '@meterline/contract/notifications';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/format-date';
import { formatCount } from '../../../shared/lib/format-number';
import { useSession } from '../../../shared/lib/session';
import { ChannelIcon, MESSAGE_STATUS_TONES } from '../../../shared/ui/channel-icon';
import { RetryAlert } from '../../../shared/ui/record-state';
import { StatusChip } from '../../../shared/ui/status-chip';
import { useCustomerMessages } from '../api/get-customer-messages';

/** One message: channel, kind, status and time; its text on demand; why it failed when it did. */
function MessageItem({ message }: { message: NotificationMessage }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const textId = useId();
  const [isOpen, setOpen] = useState(false);
  const timeZone = user?.tenant?.timezone;
  return (
    <Box component="li" data-message={message.id} data-status={message.status} sx={{ listStyle: 'none', py: 1.5, px: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <ChannelIcon channel={message.channel} title={t(`messaging.channels.${message.channel}`)} color="action" sx={{ mt: 0.25 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
            <Typography sx={{ fontWeight: 600 }}>{t(`messaging.kinds.${message.kind}`)}</Typography>
            <StatusChip label={t(`messaging.statuses.${message.status}`)} tone={MESSAGE_STATUS_TONES[message.status]} />
            <Typography variant="body2" color="text.secondary" component="time" dateTime={message.created_at} sx={{ ml: 'auto' }}>
              {formatDateTime(message.created_at, i18n.language, timeZone)}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('messaging.history.to')} <bdi dir="ltr">{message.to}</bdi>
            {message.attempts > 1 && <> · {t('messaging.history.attempts', { count: message.attempts })}</>}
            {message.delivered_at && (
              <> · {t('messaging.history.delivered', { date: formatDateTime(message.delivered_at, i18n.language, timeZone) })}</>
            )}
          </Typography>
          {message.status === 'failed' && message.error && (
            <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
              {t('messaging.history.error', { error: message.error })}
            </Typography>
          )}
          <Button
            size="small"
            sx={{ mt: 0.5, ml: -1 }}
            aria-expanded={isOpen}
            aria-controls={textId}
            onClick={() => setOpen((value) => !value)}
          >
            {isOpen ? t('messaging.history.hideText') : t('messaging.history.showText')}
          </Button>
          <Collapse in={isOpen} unmountOnExit>
            <Typography
              id={textId}
              variant="body2"
              dir={message.language === 'ar' ? 'rtl' : 'ltr'}
              lang={message.language}
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'action.hover', borderRadius: 1, p: 1.5, mt: 0.5 }}
            >
              {message.text}
            </Typography>
          </Collapse>
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * The customer page's "Messages" tab (docs/notifications.md): every message sent to the customer,
 * newest first, a page at a time ("Show older messages"), with loading, empty and retry states.
 */
export function CustomerMessages({ serviceId, customerId }: { serviceId: number; customerId: number }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const messages = useCustomerMessages(serviceId, customerId);
  const items = messages.data?.pages.flatMap((page) => page.results) ?? [];
  const total = messages.data?.pages[0]?.count ?? 0;
  let body;
  if (messages.isPending) {
    body = (
      <Stack spacing={1} sx={{ p: 2 }} aria-busy="true" aria-label={t('app.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  } else if (messages.isError && items.length === 0) {
    body = (
      <Box sx={{ p: 2 }}>
        <RetryAlert onRetry={() => void messages.refetch()}>{t('messaging.history.loadFailed')}</RetryAlert>
      </Box>
    );
  } else if (items.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {t('messaging.history.empty')}
      </Typography>
    );
  } else {
    body = (
      <>
        <Box component="ul" sx={{ m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
          {items.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </Box>
        {messages.isFetchNextPageError && (
          <Box sx={{ p: 2 }}>
            <RetryAlert onRetry={() => void messages.fetchNextPage()}>{t('messaging.history.loadFailed')}</RetryAlert>
          </Box>
        )}
        {messages.hasNextPage && !messages.isFetchNextPageError && (
          <Box sx={{ p: 1.5, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
            <Button onClick={() => void messages.fetchNextPage()} loading={messages.isFetchingNextPage}>
              {t('messaging.history.loadMore')}
            </Button>
          </Box>
        )}
      </>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId}>
      <Stack direction="row" sx={{ px: 2, pt: 2, pb: 1, alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.1rem' }}>
          {t('messaging.history.title')}
        </Typography>
        {total > 0 && (
          <Typography variant="body2" color="text.secondary">
            {formatCount(total, i18n.language)}
          </Typography>
        )}
      </Stack>
      {body}
    </Paper>
  );
}
