import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const COLORS = { active: 'success', suspended: 'warning', disconnected: 'error' } as const;

export function customerStatusLabel(status: string, t: TFunction): string {
  switch (status) {
    case 'active':
      return t('customers.status.active');
    case 'suspended':
      return t('customers.status.suspended');
    case 'disconnected':
      return t('customers.status.disconnected');
    default:
      return status;
  }
}

export function CustomerStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLORS[status as keyof typeof COLORS] ?? 'default'} label={customerStatusLabel(status, t)} />;
}
