import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const COLORS = { active: 'success', maintenance: 'warning', offline: 'default' } as const;

export function StationStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = COLORS[status as keyof typeof COLORS] ?? 'default';
  return <Chip size="small" variant={status === 'offline' ? 'outlined' : 'filled'} color={color} label={stationStatusLabel(status, t)} />;
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
