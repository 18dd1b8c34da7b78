import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Active or inactive, as the users' list and a user's page show it (its own file: a user's page loads no list). */
export function UserStatusChip({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={isActive ? 'filled' : 'outlined'}
      color={isActive ? 'success' : 'default'}
      label={isActive ? t('users.status.active') : t('users.status.inactive')}
    />
  );
}
