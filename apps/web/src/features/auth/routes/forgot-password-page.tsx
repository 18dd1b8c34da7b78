import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { contractResolver } from '../../../shared/lib/contract-resolver';
import { ApiError } from '../../../shared/lib/api-client';
import { TextInput } from '../../../shared/ui/text-input';
import { resetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [isSent, setSent] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const schema = useMemo(() => z.object({ email: z.email(t('auth.forgot.invalidEmail')) }), [t]);
  const form = useForm<{ email: string }>({ resolver: contractResolver(schema), defaultValues: { email: '' } });
  const handleSubmit = form.handleSubmit(async ({ email }) => {
    setErrorMessage(null);
    try {
      await resetPassword(email);
      setSent(true);
    } catch (error) {
      // Spec section 8: the server's detail message, else the generic one.
      setErrorMessage(
        error instanceof ApiError && typeof (error.data as { detail?: unknown } | undefined)?.detail === 'string'
          ? error.message
          : t('auth.reset.failed'),
      );
    }
  });
  const { ref, ...emailField } = form.register('email');
  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.help')}>
      {isSent ? (
        <Alert severity="success" role="status">
          {t('auth.forgot.sent')}
        </Alert>
      ) : (
        <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit}>
          {errorMessage && (
            <Alert severity="error" role="alert">
              {errorMessage}
            </Alert>
          )}
          <TextInput
            {...emailField}
            inputRef={ref}
            type="email"
            label={t('auth.forgot.email')}
            autoComplete="email"
            autoFocus
            error={Boolean(form.formState.errors.email)}
            helperText={form.formState.errors.email?.message}
            htmlInput={{ dir: 'ltr' }}
          />
          <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      )}
      <Link component={RouterLink} to="/login" variant="body2" sx={{ display: 'inline-block', mt: 3 }}>
        {t('auth.forgot.backToSignIn')}
      </Link>
    </AuthCard>
  );
}
