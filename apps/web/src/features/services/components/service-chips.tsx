import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../shared/ui/status-chip';

export function ServiceStatusChip({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusChip tone={isActive ? 'success' : 'neutral'} label={isActive ? t('services.status.active') : t('services.status.inactive')} />
  );
}

export function ServiceKindChip({ isMetered }: { isMetered: boolean }) {
  const { t } = useTranslation();
  return <StatusChip tone={isMetered ? 'info' : 'neutral'} label={isMetered ? t('services.kind.metered') : t('services.kind.flat')} />;
}
