import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { useToast } from '../../../shared/hooks/use-toast';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { useSession } from '../../../shared/lib/session';
import { PasswordTextField } from '../../../shared/ui/password-text-field';
import { useSetPassword } from '../api/set-password';
import { replaceSession } from '../../../shared/lib/token-refresh';
import { SectionCard } from './section-card';

interface PasswordFormValues {
  current_password: string;
  new_password: string;
  repeat_password: string;
}

const FIELDS = ['current_password', 'new_password', 'repeat_password'] as const;

/**
 * Change own password. The server then refuses every token issued before (every device is signed
 * out), so this tab signs in again with the new password at once; when one-time codes are on that
 * takes a code, and the login page asks for it.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const { user, signIn, signOut } = useSession();
  const changePassword = useSetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      lazySchema(() =>
        import('./change-password-schema').then((module) => module.changePasswordSchema(t('forms.messages.passwordMismatch'))),
      ),
    [t],
  );
  const { control, formState, handleSubmit, setError, reset } = useForm<PasswordFormValues>({
    resolver: contractResolver(schema),
    defaultValues: { current_password: '', new_password: '', repeat_password: '' },
  });

  const handleFormSubmit = handleSubmit(async ({ current_password, new_password }) => {
    setFormError(null);
    // The change ends every session, this one too; the new sign-in follows it with no refresh in between.
    let isChanged = false;
    try {
      await replaceSession(
        async () => {
          await changePassword.mutateAsync({ current_password, new_password });
          isChanged = true;
          reset();
        },
        (tokensStored) => signIn({ username: user?.username ?? '', password: new_password }, { onTokensStored: tokensStored }),
      );
      showToast(t('profile.password.done'), { variant: 'success' });
    } catch (error) {
      if (!isChanged) {
        setFormError(applyServerErrors(error, setError, FIELDS, t, t('profile.password.failed')));
        return;
      }
      await signOut();
      void navigate('/login?reason=password_changed', { replace: true });
    }
  });

  return (
    <SectionCard title={t('profile.password.title')} text={t('profile.password.text')}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={handleFormSubmit}>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <input type="text" name="username" autoComplete="username" value={user?.username ?? ''} readOnly hidden />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <PasswordTextField
            control={control}
            name="current_password"
            label={t('profile.password.current')}
            autoComplete="current-password"
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
          <PasswordTextField
            control={control}
            name="new_password"
            label={t('profile.password.new')}
            autoComplete="new-password"
            helperText={t('profile.password.help')}
          />
          <PasswordTextField control={control} name="repeat_password" label={t('profile.password.repeat')} autoComplete="new-password" />
        </Box>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={formState.isSubmitting} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            {t('profile.password.submit')}
          </Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
