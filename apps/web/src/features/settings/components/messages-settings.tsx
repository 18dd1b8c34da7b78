import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RecordState } from '../../../shared/ui/record-state';
import { useChannels, useTemplates } from '../api/notifications';
import { ChannelCard } from './channel-card';
import { TemplateCard } from './template-card';

/** Where the setup checklist's "Set up a channel" and "Send a test message" lead (`/settings#messages`). */
export const MESSAGES_SECTION_ID = 'messages';

/**
 * Settings, "Messages" (docs/notifications.md): a card per channel (e-mail, WhatsApp, SMS), each with
 * its own save and test message, then the message texts per kind. Admins only (`update settings`).
 */
export function MessagesSettings() {
  const { t } = useTranslation();
  const channels = useChannels();
  const templates = useTemplates();
  // Opened from the setup checklist (`#messages`): brought into view once its cards are there.
  const { hash } = useLocation();
  const isLoaded = Boolean(channels.data);
  useEffect(() => {
    if (hash === `#${MESSAGES_SECTION_ID}` && isLoaded) document.getElementById(MESSAGES_SECTION_ID)?.scrollIntoView?.({ block: 'start' });
  }, [hash, isLoaded]);
  return (
    <Stack
      component="section"
      id={MESSAGES_SECTION_ID}
      aria-labelledby={`${MESSAGES_SECTION_ID}-title`}
      spacing={2}
      sx={{ scrollMarginTop: 80 }}
    >
      <Stack spacing={0.5}>
        <Typography id={`${MESSAGES_SECTION_ID}-title`} variant="h2" sx={{ fontSize: '1.5rem' }}>
          {t('messaging.settings.title')}
        </Typography>
        <Typography color="text.secondary">{t('messaging.settings.intro')}</Typography>
      </Stack>
      <RecordState
        isPending={channels.isPending}
        error={channels.error}
        failedMessage={t('messaging.settings.loadFailed')}
        rows={4}
        onRetry={() => void channels.refetch()}
      >
        <Stack spacing={2}>
          {channels.data?.results.map((settings) => (
            <ChannelCard key={settings.channel} settings={settings} />
          ))}
        </Stack>
      </RecordState>
      <Stack spacing={0.5} sx={{ pt: 1 }}>
        <Typography variant="h3" sx={{ fontSize: '1.25rem' }}>
          {t('messaging.templates.title')}
        </Typography>
        <Typography color="text.secondary">{t('messaging.templates.intro')}</Typography>
      </Stack>
      <RecordState
        isPending={templates.isPending}
        error={templates.error}
        failedMessage={t('messaging.templates.loadFailed')}
        rows={4}
        onRetry={() => void templates.refetch()}
      >
        <Stack spacing={1}>
          {templates.data?.results.map((template) => (
            <TemplateCard key={template.kind} template={template} />
          ))}
        </Stack>
      </RecordState>
    </Stack>
  );
}
