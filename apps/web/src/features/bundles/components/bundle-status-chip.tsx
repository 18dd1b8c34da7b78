import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../shared/ui/status-chip';

export function BundleStatusChip({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusChip tone={isActive ? 'success' : 'neutral'} label={isActive ? t('bundles.status.active') : t('bundles.status.inactive')} />
  );
}
