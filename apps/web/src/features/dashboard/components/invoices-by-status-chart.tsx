import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import { PieChart } from '@mui/x-charts/PieChart';
import type { InvoicesByStatus } from '@meterline/contract/statistics';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Translations } from '../../../i18n/en';
import { listHref, paths } from '../../../shared/lib/paths';
import { NumberText } from '../../../shared/ui/number-text';
import { STATUS_LEGEND, STATUS_PIE_HEIGHT } from '../lib/chart-heights';
import type { DateRange } from '../lib/periods';

type StatusKey = keyof Translations['dashboard']['status'];

/** The invoice list filtered on one status (and the period's issue dates when a period is chosen). */
function invoicesOfStatus(status: string, range: DateRange | undefined): string {
  return listHref(paths.invoices, { status, ...range });
}

/** A doughnut of the invoices per status; each slice and each legend entry opens the invoices of that status. */
export function InvoicesByStatusChart({ data, range }: { data: InvoicesByStatus; range?: DateRange }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const colors: Record<string, string> = {
    paid: theme.palette.success.main,
    partially_paid: theme.palette.info.main,
    unpaid: theme.palette.warning.main,
    overdue: theme.palette.error.main,
    cancelled: theme.palette.grey[500],
  };
  const labelOf = (status: string) => (status in colors ? t(`dashboard.status.${status as StatusKey}`) : status);
  return (
    <>
      <PieChart
        height={STATUS_PIE_HEIGHT}
        hideLegend
        onItemClick={(_event, item) => {
          const row = data[item.dataIndex];
          if (row) void navigate(invoicesOfStatus(row.status, range));
        }}
        series={[
          {
            innerRadius: 60,
            paddingAngle: 2,
            cornerRadius: 4,
            data: data.map((row, index) => ({ id: index, value: row.count, label: labelOf(row.status), color: colors[row.status] })),
          },
        ]}
        sx={{ cursor: 'pointer' }}
      />
      <Box
        component="ul"
        // Two columns at every width: five statuses are always three lines, so the card's reserved
        // height (INVOICES_BY_STATUS_HEIGHT) holds the legend in both languages and nothing moves.
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: `${STATUS_LEGEND.marginTop}px`,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          columnGap: 3,
          rowGap: `${STATUS_LEGEND.rowGap}px`,
          lineHeight: `${STATUS_LEGEND.lineHeight}px`,
          justifyContent: 'center',
        }}
      >
        {data.map((row) => (
          <li key={row.status}>
            <Link
              component={RouterLink}
              to={invoicesOfStatus(row.status, range)}
              underline="hover"
              color="text.primary"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
            >
              <Box
                component="span"
                aria-hidden
                sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colors[row.status] ?? 'grey.500' }}
              />
              {labelOf(row.status)} <NumberText value={row.count} />
            </Link>
          </li>
        ))}
      </Box>
    </>
  );
}
