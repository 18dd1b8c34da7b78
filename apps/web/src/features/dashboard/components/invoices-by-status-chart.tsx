import { PieChart } from '@mui/x-charts/PieChart';
import { useTheme } from '@mui/material/styles';
import type { InvoicesByStatus } from '@meterline/contract/statistics';
import { useTranslation } from 'react-i18next';
import type { Translations } from '../../../i18n/en';

type StatusKey = keyof Translations['dashboard']['status'];

export function InvoicesByStatusChart({ data }: { data: InvoicesByStatus }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colors: Record<string, string> = {
    paid: theme.palette.success.main,
    partially_paid: theme.palette.info.main,
    unpaid: theme.palette.warning.main,
    overdue: theme.palette.error.main,
    cancelled: theme.palette.grey[500],
  };
  const labelOf = (status: string) => (status in colors ? t(`dashboard.status.${status as StatusKey}`) : status);
  return (
    <PieChart
      height={300}
      series={[
        {
          innerRadius: 60,
          paddingAngle: 2,
          cornerRadius: 4,
          data: data.map((row, index) => ({ id: index, value: row.count, label: labelOf(row.status), color: colors[row.status] })),
        },
      ]}
    />
  );
}
