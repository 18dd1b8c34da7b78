import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { DEFAULT_DIGIT_SYSTEM, DIGIT_SYSTEMS, type DigitSystem } from '@meterline/contract/digits';
import Stack from '@mui/material/Stack';
import type { Me } from '@meterline/contract/users';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { useToast } from '../../../shared/hooks/use-toast';
import { useUnsavedChanges } from '../../../shared/hooks/use-unsaved-changes';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { UnsavedChangesDialog } from '../../../shared/ui/unsaved-changes-dialog';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileAvatarControl } from './profile-avatar-control';
import type { profileDetailsSchema } from './profile-details-schema';
import { SectionCard } from './section-card';
import { DigitSystemLabel } from '../../../shared/ui/digit-system-label';

interface ProfileFormValues {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  /** '' follows the tenant's default. */
  digits: '' | DigitSystem;
}

const FIELDS = ['first_name', 'last_name', 'phone', 'email', 'digits'] as const;
/** What the form submits: its values as the schema checked them. */
type ProfileFormOutput = z.output<typeof profileDetailsSchema>;

const schema = lazySchema(() => import('./profile-details-schema').then((module) => module.profileDetailsSchema));

const valuesOf = (user: Pick<Me, 'first_name' | 'last_name' | 'phone' | 'email' | 'digits'>): ProfileFormValues => ({
  first_name: user.first_name,
  last_name: user.last_name,
  phone: user.phone,
  email: user.email,
  digits: user.digits ?? '',
});

/**
 * Own name, phone, email and digit system (`PUT /auth/users/{own id}/`); the menu and every number
 * on screen follow at once. The picture is its own control (uploaded at once, not with this form).
 */
export function ProfileDetailsForm({ user }: { user: Me }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const updateProfile = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, formState, handleSubmit, setError, reset } = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: contractResolver(schema),
    defaultValues: valuesOf(user),
  });
  const { blocker } = useUnsavedChanges(formState.isDirty);

  const handleFormSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await updateProfile.mutateAsync({ ...values, digits: values.digits || null });
      reset(valuesOf(saved));
      showToast(t('profile.details.saved'), { variant: 'success' });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS, t, t('profile.failed')));
    }
  });

  return (
    <SectionCard title={t('profile.details.title')} text={t('profile.details.text')}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={handleFormSubmit}>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <ProfileAvatarControl user={user} />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <FormTextField
            control={control}
            name="first_name"
            label={t('users.fields.firstName')}
            autoComplete="given-name"
            disabled={formState.isSubmitting}
          />
          <FormTextField
            control={control}
            name="last_name"
            label={t('users.fields.lastName')}
            autoComplete="family-name"
            disabled={formState.isSubmitting}
          />
          <FormTextField
            control={control}
            name="phone"
            type="tel"
            label={t('users.fields.phone')}
            autoComplete="tel"
            disabled={formState.isSubmitting}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('users.fields.email')}
            autoComplete="email"
            disabled={formState.isSubmitting}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <FormTextField
            control={control}
            name="digits"
            select
            label={t('profile.digits.label')}
            helperText={t('profile.digits.help', {
              tenantDefault: t(`profile.digits.options.${user.tenant?.default_digits ?? DEFAULT_DIGIT_SYSTEM}`),
            })}
            disabled={formState.isSubmitting}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('profile.digits.tenantDefault')}</MenuItem>
            {DIGIT_SYSTEMS.map((system) => (
              <MenuItem key={system} value={system}>
                <DigitSystemLabel system={system} />
              </MenuItem>
            ))}
          </FormTextField>
        </Box>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            loading={formState.isSubmitting}
            disabled={!formState.isDirty}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t('forms.saveChanges')}
          </Button>
        </Stack>
      </Stack>
      <UnsavedChangesDialog blocker={blocker} />
    </SectionCard>
  );
}
