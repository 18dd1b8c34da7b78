import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../shared/ui/status-chip';

const TONES = { active: 'success', maintenance: 'warning', offline: 'neutral' } as const;

export function StationStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return <StatusChip tone={TONES[status as keyof typeof TONES] ?? 'neutral'} label={stationStatusLabel(status, t)} />;
}

export function stationStatusLabel(status: string, t: TFunction): string {
  switch (status) {
    case 'active':
      return t('stations.status.active');
    case 'maintenance':
      return t('stations.status.maintenance');
    case 'offline':
      return t('stations.status.offline');
    default:
      return status;
  }
}
