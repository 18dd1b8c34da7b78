import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHANNEL_PROVIDERS, type NotificationProvider } from '@meterline/contract/notification-kinds';
import type { ChannelSettings, UpdateChannelSettingsInput, updateChannelSettingsInputSchema } from '@meterline/contract/notifications';
import { useId, useState } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../shared/hooks/use-toast';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { formatDateTime } from '../../../shared/lib/format-date';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { useSession } from '../../../shared/lib/session';
import { ChannelIcon } from '../../../shared/ui/channel-icon';
import { CopyButton } from '../../../shared/ui/copy-button';
import { FormSwitch } from '../../../shared/ui/form-switch';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { PasswordTextField } from '../../../shared/ui/password-text-field';
import { useUpdateChannel } from '../api/notifications';
import { grid } from './settings-section';
import { TestMessageDialog } from './test-message-dialog';

/** The form's values of a channel: `credentials` is what is typed now, never what is saved (write-only). */
export interface ChannelValues {
  enabled: boolean;
  test_mode: boolean;
  provider: NotificationProvider;
  sender: string;
  endpoint_url: string;
  credentials: string;
}
type ChannelOutput = z.output<typeof updateChannelSettingsInputSchema>;

const CHANNEL_FIELDS = ['enabled', 'test_mode', 'provider', 'sender', 'endpoint_url', 'credentials'] as const;
const schema = lazySchema(() => import('@meterline/contract/notifications').then((module) => module.updateChannelSettingsInputSchema));

export const channelValuesOf = (settings: ChannelSettings): ChannelValues => ({
  enabled: settings.enabled,
  test_mode: settings.test_mode,
  provider: settings.provider,
  sender: settings.sender,
  endpoint_url: settings.endpoint_url,
  credentials: '',
});

/**
 * What a save sends (docs/notifications.md): the credentials only when typed (left out, the saved
 * ones are kept), '' when the user asked to remove the saved ones, else nothing.
 */
export function channelBodyOf(values: ChannelOutput, isClearing: boolean): UpdateChannelSettingsInput {
  const { credentials, ...rest } = values;
  if (credentials) return { ...rest, credentials };
  return isClearing ? { ...rest, credentials: '' } : rest;
}

/** The credentials' field: write-only, "saved" when some are kept, and a way to remove them. */
function CredentialsField({
  form,
  settings,
  isClearing,
  onClearingChange,
}: {
  form: ReturnType<typeof useForm<ChannelValues, unknown, ChannelOutput>>;
  settings: ChannelSettings;
  isClearing: boolean;
  onClearingChange(isClearing: boolean): void;
}) {
  const { t } = useTranslation();
  const help = isClearing
    ? t('messaging.settings.credentialsCleared')
    : settings.has_credentials
      ? t('messaging.settings.credentialsSaved')
      : t('messaging.settings.credentialsNone');
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <PasswordTextField
        control={form.control as unknown as Control<ChannelValues>}
        name="credentials"
        label={t('messaging.settings.credentials')}
        helperText={help}
        autoComplete="new-password"
        placeholder={settings.has_credentials && !isClearing ? '••••••••' : undefined}
        fullWidth
      />
      {settings.has_credentials && (
        <Box>
          {isClearing ? (
            <Button size="small" onClick={() => onClearingChange(false)}>
              {t('messaging.settings.keepCredentials')}
            </Button>
          ) : (
            <Button size="small" color="error" onClick={() => onClearingChange(true)}>
              {t('messaging.settings.clearCredentials')}
            </Button>
          )}
        </Box>
      )}
    </Stack>
  );
}

/** One channel's settings (e-mail, WhatsApp or SMS), saved on their own, with its test message. */
export function ChannelCard({ settings }: { settings: ChannelSettings }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { showToast } = useToast();
  const titleId = useId();
  const update = useUpdateChannel();
  const [formError, setFormError] = useState<string | null>(null);
  const [isClearing, setClearing] = useState(false);
  const [isTesting, setTesting] = useState(false);
  const form = useForm<ChannelValues, unknown, ChannelOutput>({
    resolver: contractResolver(schema),
    defaultValues: channelValuesOf(settings),
  });
  const { control, formState, handleSubmit, reset, setError } = form;
  const channel = settings.channel;
  const channelName = t(`messaging.channels.${channel}`);
  const hasChanges = formState.isDirty || isClearing;

  const handleSave = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync({ channel, input: channelBodyOf(values, isClearing) });
      reset(channelValuesOf(saved));
      setClearing(false);
      showToast(t('messaging.settings.saved', { channel: channelName }), { variant: 'success' });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, CHANNEL_FIELDS, t));
    }
  });

  return (
    <>
      <Paper
        component="form"
        noValidate
        variant="outlined"
        aria-labelledby={titleId}
        onSubmit={handleSave}
        data-channel={channel}
        sx={{ p: { xs: 2, sm: 2.5 } }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <ChannelIcon channel={channel} color="action" />
          <Typography id={titleId} variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
            {channelName}
          </Typography>
        </Stack>
        <Stack spacing={2.5}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
            <FormSwitch control={control} name="enabled" label={t('messaging.settings.enabled')} />
            <FormSwitch control={control} name="test_mode" label={t('messaging.settings.testMode')} />
          </Box>
          <Box sx={grid}>
            <FormTextField control={control} name="provider" select label={t('messaging.settings.provider')}>
              {CHANNEL_PROVIDERS[channel].map((provider) => (
                <MenuItem key={provider} value={provider}>
                  {t(`messaging.providers.${provider}`)}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="sender"
              label={t('messaging.settings.sender')}
              helperText={t(`messaging.settings.senderHelp.${channel}`)}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <FormTextField
              control={control}
              name="endpoint_url"
              type="url"
              label={t('messaging.settings.endpointUrl')}
              helperText={t(`messaging.settings.endpointUrlHelp.${channel}`)}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <CredentialsField form={form} settings={settings} isClearing={isClearing} onClearingChange={setClearing} />
          </Box>
          {settings.callback_url && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                label={t('messaging.settings.callbackUrl')}
                value={settings.callback_url}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true, dir: 'ltr' }, inputLabel: { shrink: true } }}
              />
              <Box sx={{ flexShrink: 0 }}>
                <CopyButton text={settings.callback_url} label={t('messaging.settings.copyCallback')} />
              </Box>
            </Stack>
          )}
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography variant="caption" color="text.secondary">
              {settings.updated_at &&
                t('messaging.settings.updatedAt', { date: formatDateTime(settings.updated_at, i18n.language, user?.tenant?.timezone) })}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button onClick={() => setTesting(true)}>{t('messaging.settings.test')}</Button>
              <Button type="submit" variant="contained" loading={formState.isSubmitting} disabled={!hasChanges}>
                {t('messaging.settings.save')}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      </Paper>
      {/* Outside the card's form: the dialog's submit must not bubble (through the portal) into the card's save. */}
      <TestMessageDialog channel={channel} isOpen={isTesting} hasUnsavedChanges={hasChanges} onClose={() => setTesting(false)} />
    </>
  );
}
