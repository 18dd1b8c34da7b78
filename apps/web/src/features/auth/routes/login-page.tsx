import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { normalizeDigits } from '@meterline/contract/money';
import { landingPathFor } from '@meterline/contract/roles';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../../shared/lib/api-client';
import { TextInput } from '../../../shared/ui/text-input';
import { useSession } from '../../../shared/lib/session';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { describeSignedOutReason, describeSignInError } from '../components/sign-in-error';

type Credentials = { username: string; password: string };

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [searchParams] = useSearchParams();
  const signedOutMessage = describeSignedOutReason(searchParams.get('reason'), t);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  // Set once the server asks for a one-time code: the second step re-sends these with `otp`.
  const [pendingCredentials, setPendingCredentials] = useState<Credentials | null>(null);

  const credentialsSchema = useMemo(
    () =>
      z.object({
        username: z.string().trim().min(1, t('auth.errors.required')),
        password: z.string().min(1, t('auth.errors.required')),
      }),
    [t],
  );
  const otpSchema = useMemo(() => z.object({ otp: z.string().trim().min(1, t('auth.errors.required')) }), [t]);

  const credentialsForm = useForm<Credentials>({ resolver: zodResolver(credentialsSchema), defaultValues: { username: '', password: '' } });
  const otpForm = useForm<{ otp: string }>({ resolver: zodResolver(otpSchema), defaultValues: { otp: '' } });

  const attemptSignIn = async (input: Credentials & { otp?: string }) => {
    setErrorMessage(null);
    try {
      const user = await signIn(input);
      void navigate(landingPathFor(user.role), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'otp_required') {
        setPendingCredentials({ username: input.username, password: input.password });
        return;
      }
      setErrorMessage(describeSignInError(error, t));
    }
  };

  const handleCredentialsSubmit = credentialsForm.handleSubmit((values) => attemptSignIn(values));
  const handleOtpSubmit = otpForm.handleSubmit(async ({ otp }) => {
    if (pendingCredentials) await attemptSignIn({ ...pendingCredentials, otp: normalizeDigits(otp) });
  });

  const handleUseAnotherAccount = () => {
    setPendingCredentials(null);
    setErrorMessage(null);
    otpForm.reset();
  };

  if (pendingCredentials) {
    const { ref, ...otpField } = otpForm.register('otp');
    return (
      <AuthCard title={t('auth.signIn.otpTitle')} subtitle={t('auth.signIn.otpHelp')}>
        <Stack component="form" noValidate spacing={2.5} onSubmit={handleOtpSubmit}>
          {errorMessage && (
            <Alert severity="error" role="alert">
              {errorMessage}
            </Alert>
          )}
          <TextInput
            {...otpField}
            inputRef={ref}
            label={t('auth.signIn.otp')}
            autoFocus
            autoComplete="one-time-code"
            error={Boolean(otpForm.formState.errors.otp)}
            helperText={otpForm.formState.errors.otp?.message}
            htmlInput={{ inputMode: 'numeric', maxLength: 10, dir: 'ltr' }}
          />
          <Button type="submit" variant="contained" size="large" loading={otpForm.formState.isSubmitting}>
            {t('auth.signIn.verify')}
          </Button>
          <Button onClick={handleUseAnotherAccount}>{t('auth.signIn.useAnotherAccount')}</Button>
        </Stack>
      </AuthCard>
    );
  }

  const { ref: usernameRef, ...usernameField } = credentialsForm.register('username');
  const { ref: passwordRef, ...passwordField } = credentialsForm.register('password');
  const { errors, isSubmitting } = credentialsForm.formState;
  return (
    <AuthCard title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={handleCredentialsSubmit}>
        {errorMessage && (
          <Alert severity="error" role="alert">
            {errorMessage}
          </Alert>
        )}
        {!errorMessage && signedOutMessage && (
          <Alert severity="warning" role="status">
            {signedOutMessage}
          </Alert>
        )}
        <TextInput
          {...usernameField}
          inputRef={usernameRef}
          label={t('auth.signIn.username')}
          autoComplete="username"
          autoFocus
          error={Boolean(errors.username)}
          helperText={errors.username?.message}
          htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
        />
        <PasswordField
          {...passwordField}
          inputRef={passwordRef}
          label={t('auth.signIn.password')}
          autoComplete="current-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-end' }}>
          {t('auth.signIn.forgotPassword')}
        </Link>
        <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
