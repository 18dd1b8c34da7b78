import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { fullNameOf } from '../../../shared/lib/avatar';
import { useSession } from '../../../shared/lib/session';
import { PageHeader } from '../../../shared/ui/page-header';
import { ChangePasswordForm } from '../components/change-password-form';
import { OneTimeCodesCard } from '../components/one-time-codes-card';
import { ProfileDetailsForm } from '../components/profile-details-form';

/** Everyone's own profile (the superadmin's too): details and picture, password, one-time codes. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const role = t(`roles.${user.role.trim().toLowerCase()}` as 'roles.admin', { defaultValue: t('roles.unknown') });
  return (
    <Stack sx={{ maxWidth: 880 }}>
      <PageHeader title={t('profile.title')} subtitle={`${fullNameOf(user.first_name, user.last_name) || user.username} · ${role}`} />
      <Stack spacing={3}>
        <ProfileDetailsForm user={user} />
        <ChangePasswordForm />
        <OneTimeCodesCard />
      </Stack>
    </Stack>
  );
}
