import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import type { CollectionsByStaff } from '@meterline/contract/statistics';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../shared/ui/money';
import { formatCompact } from '../../../shared/lib/format-number';

/** Ticks on the amounts' axis: enough to read a bar against, few enough for Arabic's wider labels at any width. */
const AMOUNT_TICKS = 4;

export function CollectionsByStaffChart({ data }: { data: CollectionsByStaff }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const formatMoney = useFormatMoney();
  const isRtl = theme.direction === 'rtl';
  return (
    <BarChart
      height={Math.max(200, data.length * 48 + 60)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: data.map((row) => row.full_name), width: 120, position: isRtl ? 'right' : 'left' }]}
      // Few ticks, spaced: Arabic's compact numbers are words ("٤٠ مليون"), several times as wide as
      // "40M", and the axis's own overlap check let them run into each other under `reverse`.
      xAxis={[
        {
          reverse: isRtl,
          tickNumber: AMOUNT_TICKS,
          tickLabelMinGap: 12,
          valueFormatter: (value: number) => formatCompact(value, i18n.language),
        },
      ]}
      series={[
        {
          data: data.map((row) => Number(row.total)),
          label: t('dashboard.charts.collected'),
          valueFormatter: (value: number | null) => (value === null ? '' : formatMoney(String(value))),
          color: theme.palette.secondary.main,
        },
      ]}
      hideLegend
      grid={{ vertical: true }}
    />
  );
}
