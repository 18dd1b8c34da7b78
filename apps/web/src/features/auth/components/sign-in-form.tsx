import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Box from '@mui/material/Box';
import { normalizeDigits } from '@meterline/contract/digits';
import type { Me } from '@meterline/contract/users';
import { useState, type ElementType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/api-client';
import { paths } from '../../../shared/lib/paths';
import { useSession } from '../../../shared/lib/session-context';
import { TextInput } from '../../../shared/ui/text-input';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';
import { describeSignedOutReason, describeSignInError } from './sign-in-error';

/** A column with Stack's spacing, without Stack (one component less on the first screen of a visit). */
const FORM_SX = { display: 'flex', flexDirection: 'column', gap: 2.5 } as const;

type Credentials = { username: string; password: string };
type FieldErrors<T> = Partial<Record<keyof T, string>>;

/**
 * The sign-in page is the first screen of every visit, so it checks its two or three required
 * fields itself instead of loading react-hook-form and zod (~40 KB gzip) before anything shows
 * (docs/performance.md). The other forms keep `useRecordForm` and the contract's schemas.
 */
function useSignInForm<T extends Record<string, string>>(initial: T, required: (keyof T)[]) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: Boolean(errors[name]),
    helperText: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });
  const handleSubmit = (submit: (values: T) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors<T> = {};
    // A password may be spaces; the other fields are trimmed (as the schemas did before).
    for (const name of required)
      if (!(name === 'password' ? values[name] : values[name]?.trim())) missing[name] = t('auth.errors.required');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setSubmitting(true);
    try {
      await submit(values);
    } finally {
      setSubmitting(false);
    }
  };
  const reset = () => {
    setValues(initial);
    setErrors({});
  };
  return { field, handleSubmit, reset, isSubmitting };
}

interface SignInFormProps {
  /** `?reason=` of the address: why the user was signed out. */
  reason: string | null;
  /** After a successful sign-in (the session holds the user already); the form stays busy until it settles. */
  onSignedIn(user: Me): void | Promise<void>;
  /** What "Forgot password?" renders as: the router's link in the app, a plain anchor in the public shell. */
  linkComponent: ElementType;
}

/**
 * The sign-in page without a router (credentials, then the one-time code when the server asks for
 * it): the app's `/login` route (routes/login-page.tsx) and the public shell that a visitor with no
 * session gets first (app/public-shell.tsx) both show it.
 */
export function SignInForm({ reason, onSignedIn, linkComponent }: SignInFormProps) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const signedOutMessage = describeSignedOutReason(reason, t);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  // Set once the server asks for a one-time code: the second step re-sends these with `otp`.
  const [pendingCredentials, setPendingCredentials] = useState<Credentials | null>(null);

  const credentialsForm = useSignInForm({ username: '', password: '' }, ['username', 'password']);
  const otpForm = useSignInForm({ otp: '' }, ['otp']);

  const attemptSignIn = async (input: Credentials & { otp?: string }) => {
    setErrorMessage(null);
    try {
      await onSignedIn(await signIn(input));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'otp_required') {
        setPendingCredentials({ username: input.username, password: input.password });
        return;
      }
      setErrorMessage(describeSignInError(error, t));
    }
  };

  const handleCredentialsSubmit = credentialsForm.handleSubmit(({ username, password }) =>
    attemptSignIn({ username: username.trim(), password }),
  );
  const handleOtpSubmit = otpForm.handleSubmit(async ({ otp }) => {
    if (pendingCredentials) await attemptSignIn({ ...pendingCredentials, otp: normalizeDigits(otp.trim()) });
  });

  const handleUseAnotherAccount = () => {
    setPendingCredentials(null);
    setErrorMessage(null);
    otpForm.reset();
  };

  if (pendingCredentials) {
    return (
      <AuthCard title={t('auth.signIn.otpTitle')} subtitle={t('auth.signIn.otpHelp')}>
        <Box component="form" noValidate sx={FORM_SX} onSubmit={(event) => void handleOtpSubmit(event)}>
          {errorMessage && (
            <Alert severity="error" role="alert">
              {errorMessage}
            </Alert>
          )}
          <TextInput
            {...otpForm.field('otp')}
            label={t('auth.signIn.otp')}
            autoFocus
            autoComplete="one-time-code"
            htmlInput={{ inputMode: 'numeric', maxLength: 10, dir: 'ltr' }}
          />
          <Button type="submit" variant="contained" size="large" loading={otpForm.isSubmitting}>
            {t('auth.signIn.verify')}
          </Button>
          <Button onClick={handleUseAnotherAccount}>{t('auth.signIn.useAnotherAccount')}</Button>
        </Box>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')}>
      <Box component="form" noValidate sx={FORM_SX} onSubmit={(event) => void handleCredentialsSubmit(event)}>
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
          {...credentialsForm.field('username')}
          label={t('auth.signIn.username')}
          autoComplete="username"
          autoFocus
          htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
        />
        <PasswordField {...credentialsForm.field('password')} label={t('auth.signIn.password')} autoComplete="current-password" />
        <Link
          component={linkComponent}
          href={paths.forgotPassword}
          to={paths.forgotPassword}
          variant="body2"
          sx={{ alignSelf: 'flex-end' }}
        >
          {t('auth.signIn.forgotPassword')}
        </Link>
        <Button type="submit" variant="contained" size="large" loading={credentialsForm.isSubmitting}>
          {t('auth.signIn.submit')}
        </Button>
      </Box>
    </AuthCard>
  );
}
