import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { normalizeDigits } from '@meterline/contract/digits';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { useToast } from '../../../shared/hooks/use-toast';
import { applyServerErrors, errorMessageOf } from '../../../shared/lib/form-errors';
import { useSession } from '../../../shared/lib/session';
import { CopyButton } from '../../../shared/ui/copy-button';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { useConfirmOtp } from '../api/confirm-otp';
import { useDisableOtp } from '../api/disable-otp';
import { useStartOtp, type OtpSetup } from '../api/start-otp';
import { SectionCard } from './section-card';

const otpCodeSchema = lazySchema(() => import('@meterline/contract/auth').then((contract) => contract.otpCodeInputSchema));
/** "JBSW Y3DP EHPK 3PXP": the key in groups of four, easier to type into an app. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function CodeForm({
  submitLabel,
  submitColor,
  onCode,
  onCancel,
}: {
  submitLabel: string;
  submitColor?: 'primary' | 'error';
  onCode(code: string): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, formState, handleSubmit, setError } = useForm<{ code: string }>({
    resolver: contractResolver(otpCodeSchema),
    defaultValues: { code: '' },
  });
  const handleFormSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      await onCode(code);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['code'], t, t('profile.failed')));
    }
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleFormSubmit}>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <FormTextField
        control={control}
        name="code"
        label={t('profile.otp.code')}
        helperText={t('profile.otp.codeHelp')}
        autoComplete="one-time-code"
        parse={(text) => normalizeDigits(text).replace(/\s+/g, '')}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, dir: 'ltr' } }}
        sx={{ maxWidth: { sm: 320 } }}
      />
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5}>
        <Button onClick={onCancel} disabled={formState.isSubmitting}>
          {t('forms.cancel')}
        </Button>
        <Button type="submit" variant="contained" color={submitColor} loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Turn one-time codes on (QR code of the otpauth URI plus the key as text, then a first code) or off (a current code). */
export function OneTimeCodesCard() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { user } = useSession();
  const startOtp = useStartOtp();
  const confirmOtp = useConfirmOtp();
  const disableOtp = useDisableOtp();
  const [setup, setSetup] = useState<OtpSetup | null>(null);
  const [qrCode, setQrCode] = useState<string | null>(null);
  const [isDisabling, setDisabling] = useState(false);
  const isEnabled = user?.otp_enabled ?? false;

  useEffect(() => {
    if (!setup) return;
    let isCurrent = true;
    void toDataURL(setup.otpauth_uri, { width: 220, margin: 1, errorCorrectionLevel: 'M' }).then((url) => {
      if (isCurrent) setQrCode(url);
    });
    return () => {
      isCurrent = false;
    };
  }, [setup]);

  const handleTurnOnClick = async () => {
    try {
      setQrCode(null);
      setSetup(await startOtp.mutateAsync());
    } catch (error) {
      showToast(errorMessageOf(error, t, t('profile.failed')), { variant: 'error' });
    }
  };

  const status = (
    <Chip
      size="small"
      color={isEnabled ? 'success' : 'default'}
      variant={isEnabled ? 'filled' : 'outlined'}
      label={isEnabled ? t('profile.otp.on') : t('profile.otp.off')}
    />
  );

  return (
    <SectionCard title={t('profile.otp.title')} text={isEnabled ? t('profile.otp.textOn') : t('profile.otp.textOff')} action={status}>
      {!isEnabled && !setup && (
        <Box>
          <Button variant="outlined" loading={startOtp.isPending} onClick={() => void handleTurnOnClick()}>
            {t('profile.otp.turnOn')}
          </Button>
        </Box>
      )}
      {!isEnabled && setup && (
        <Stack spacing={2.5}>
          <Typography>{t('profile.otp.scan')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
            <Box sx={{ width: 220, height: 220, bgcolor: '#fff', borderRadius: 1, p: 0, flexShrink: 0, border: 1, borderColor: 'divider' }}>
              {qrCode && <img src={qrCode} width={220} height={220} alt={t('profile.otp.qrAlt')} style={{ display: 'block' }} />}
            </Box>
            <Stack spacing={1} sx={{ minWidth: 0, alignSelf: 'stretch' }}>
              <Typography variant="caption" color="text.secondary">
                {t('profile.otp.secret')}
              </Typography>
              <Typography
                data-testid="otp-secret"
                dir="ltr"
                sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 18, fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {groupSecret(setup.secret)}
              </Typography>
              <Box>
                <CopyButton text={setup.secret} />
              </Box>
            </Stack>
          </Stack>
          <CodeForm
            submitLabel={t('profile.otp.confirm')}
            onCode={async (code) => {
              await confirmOtp.mutateAsync(code);
              setSetup(null);
              showToast(t('profile.otp.enabled'), { variant: 'success' });
            }}
            onCancel={() => setSetup(null)}
          />
        </Stack>
      )}
      {isEnabled && !isDisabling && (
        <Box>
          <Button variant="outlined" color="error" onClick={() => setDisabling(true)}>
            {t('profile.otp.turnOff')}
          </Button>
        </Box>
      )}
      {isEnabled && isDisabling && (
        <Stack spacing={2}>
          <Typography>{t('profile.otp.disableHelp')}</Typography>
          <CodeForm
            submitLabel={t('profile.otp.disable')}
            submitColor="error"
            onCode={async (code) => {
              await disableOtp.mutateAsync(code);
              setDisabling(false);
              showToast(t('profile.otp.disabled'), { variant: 'success' });
            }}
            onCancel={() => setDisabling(false)}
          />
        </Stack>
      )}
    </SectionCard>
  );
}
