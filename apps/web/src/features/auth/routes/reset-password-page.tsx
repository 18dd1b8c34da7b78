import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { PASSWORD_MIN_LENGTH } from '@meterline/contract/session';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod';
import { contractResolver } from '../../../shared/lib/contract-resolver';
import { ApiError } from '../../../shared/lib/api-client';
import { resetPasswordConfirm } from '../api/reset-password-confirm';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';

type Values = { newPassword: string; confirmPassword: string };

/** Server messages of a 400, field by field; a bad uid or token means the link itself is wrong. */
function describeResetError(error: unknown, t: (key: 'auth.reset.invalidLink' | 'auth.reset.failed') => string): string {
  if (error instanceof ApiError && error.status === 400 && error.data && typeof error.data === 'object') {
    const data = error.data as Record<string, unknown>;
    if (data.uid || data.token) return t('auth.reset.invalidLink');
    const messages = Object.values(data)
      .flat()
      .filter((value): value is string => typeof value === 'string');
    if (messages.length > 0) return messages.join(' ');
  }
  if (error instanceof ApiError && typeof (error.data as { detail?: unknown } | undefined)?.detail === 'string') return error.message;
  return t('auth.reset.failed');
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { uid = '', token = '' } = useParams();
  const [isDone, setDone] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .object({
          newPassword: z
            .string()
            .min(PASSWORD_MIN_LENGTH, t('auth.reset.tooShort'))
            .refine((value) => !/^\d+$/.test(value), t('auth.reset.numeric')),
          confirmPassword: z.string(),
        })
        .refine((values) => values.newPassword === values.confirmPassword, {
          message: t('auth.reset.mismatch'),
          path: ['confirmPassword'],
        }),
    [t],
  );
  const form = useForm<Values>({ resolver: contractResolver(schema), defaultValues: { newPassword: '', confirmPassword: '' } });
  const handleSubmit = form.handleSubmit(async ({ newPassword }) => {
    setErrorMessage(null);
    try {
      await resetPasswordConfirm({ uid, token, new_password: newPassword });
      setDone(true);
    } catch (error) {
      setErrorMessage(describeResetError(error, t));
    }
  });
  const { ref: newRef, ...newField } = form.register('newPassword');
  const { ref: confirmRef, ...confirmField } = form.register('confirmPassword');
  const { errors, isSubmitting } = form.formState;
  return (
    <AuthCard title={t('auth.reset.title')} subtitle={isDone ? undefined : t('auth.reset.help')}>
      {isDone ? (
        <Stack spacing={3} sx={{ mt: 2 }}>
          <Alert severity="success" role="status">
            {t('auth.reset.success')}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            {t('auth.reset.goToSignIn')}
          </Button>
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit}>
          {errorMessage && (
            <Alert severity="error" role="alert">
              {errorMessage}
            </Alert>
          )}
          <PasswordField
            {...newField}
            inputRef={newRef}
            label={t('auth.reset.newPassword')}
            autoComplete="new-password"
            autoFocus
            error={Boolean(errors.newPassword)}
            helperText={errors.newPassword?.message}
          />
          <PasswordField
            {...confirmField}
            inputRef={confirmRef}
            label={t('auth.reset.confirmPassword')}
            autoComplete="new-password"
            error={Boolean(errors.confirmPassword)}
            helperText={errors.confirmPassword?.message}
          />
          <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
            {t('auth.reset.submit')}
          </Button>
          <Link component={RouterLink} to="/login" variant="body2">
            {t('auth.forgot.backToSignIn')}
          </Link>
        </Stack>
      )}
    </AuthCard>
  );
}
