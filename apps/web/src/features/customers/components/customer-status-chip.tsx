import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../shared/ui/status-chip';

const TONES = { active: 'success', suspended: 'warning', disconnected: 'error' } as const;

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
  return <StatusChip tone={TONES[status as keyof typeof TONES] ?? 'neutral'} label={customerStatusLabel(status, t)} />;
}
