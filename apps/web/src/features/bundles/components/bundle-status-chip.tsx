import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export function BundleStatusChip({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={isActive ? 'filled' : 'outlined'}
      color={isActive ? 'success' : 'default'}
      label={isActive ? t('bundles.status.active') : t('bundles.status.inactive')}
    />
  );
}
