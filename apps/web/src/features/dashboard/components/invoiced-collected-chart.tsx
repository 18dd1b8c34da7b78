import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { MonthlyTotals } from '@meterline/contract/statistics';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../../shared/lib/format-date';
import { formatCompact } from '../../../shared/lib/format-number';
import { useFormatMoney } from '../../../shared/ui/money';

/** Invoiced vs collected per month, `height` px tall; charts plot numbers, the labels keep the exact decimal text. */
export function InvoicedCollectedChart({ data, height }: { data: MonthlyTotals; height: number }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const formatMoney = useFormatMoney();
  const isRtl = theme.direction === 'rtl';
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const valueFormatter = (value: number | null) => (value === null ? '' : formatMoney(String(value)));
  return (
    <BarChart
      height={height}
      xAxis={[
        {
          scaleType: 'band',
          data: data.map((row) => row.month),
          reverse: isRtl,
          // Twelve Arabic month names do not fit a phone: label every third month there.
          tickLabelInterval: isPhone ? (_month: string, index: number) => index % 3 === 0 : 'auto',
          // Ticks show the month only (they must fit a phone); the tooltip names month and year.
          valueFormatter: (month: string, context) => formatMonth(month, i18n.language, { isShort: context.location === 'tick' }),
        },
      ]}
      // Compact ticks in the user's digits (250K, ٢٥٠ ألف): an LBP amount in full does not fit the axis.
      yAxis={[{ position: isRtl ? 'right' : 'left', width: 70, valueFormatter: (value: number) => formatCompact(value, i18n.language) }]}
      series={[
        {
          data: data.map((row) => Number(row.invoiced)),
          label: t('dashboard.charts.invoiced'),
          valueFormatter,
          color: theme.palette.primary.main,
        },
        {
          data: data.map((row) => Number(row.collected)),
          label: t('dashboard.charts.collected'),
          valueFormatter,
          color: theme.palette.success.main,
        },
      ]}
      grid={{ horizontal: true }}
    />
  );
}
