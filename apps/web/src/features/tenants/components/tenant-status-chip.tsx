import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export function TenantStatusChip({ isBlocked }: { isBlocked: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={isBlocked ? 'error' : 'success'}
      variant={isBlocked ? 'filled' : 'outlined'}
      label={isBlocked ? t('tenants.status.blocked') : t('tenants.status.active')}
    />
  );
}
