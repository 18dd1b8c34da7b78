import EmailOutlined from '@mui/icons-material/EmailOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { NotificationChannel, MessageStatus } from '@meterline/contract/notification-kinds';
import type { StatusTone } from './status-chip';

const ICONS = { email: EmailOutlined, whatsapp: WhatsApp, sms: SmsOutlined } as const;

/** A message channel's icon (e-mail, WhatsApp, SMS); named by `title` when it stands alone. */
export function ChannelIcon({ channel, title, ...props }: SvgIconProps & { channel: NotificationChannel; title?: string }) {
  const Icon = ICONS[channel];
  return <Icon {...props} titleAccess={title} aria-hidden={title ? undefined : true} />;
}

/** A message's status as a chip's tone: delivered green, sent blue, waiting grey, failed red. */
export const MESSAGE_STATUS_TONES: Record<MessageStatus, StatusTone> = {
  queued: 'neutral',
  sent: 'info',
  delivered: 'success',
  failed: 'error',
};
