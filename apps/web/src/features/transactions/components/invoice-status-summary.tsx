import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Translations } from '../../../i18n/en';
import { useInvoicesByStatus } from '../../../shared/api/get-invoices-by-status';
import { listHref, paths } from '../../../shared/lib/paths';
import { Money } from '../../../shared/ui/money';
import { NumberText } from '../../../shared/ui/number-text';
import { RetryAlert } from '../../../shared/ui/record-state';

type StatusKey = keyof Translations['dashboard']['status'];
const STATUSES: StatusKey[] = ['paid', 'partially_paid', 'unpaid', 'overdue', 'cancelled'];

/**
 * Invoices per status for the service and the list's dates, from the dashboard's own figures
 * (`GET /statistics/stats3/`), so both screens count the same way: overdue invoices apart from
 * unpaid and partly paid ones. Each card opens the invoices it counts.
 */
export function InvoiceStatusSummary({
  serviceId,
  dateFrom,
  dateTo,
}: {
  serviceId: number | undefined;
  dateFrom?: string;
  dateTo?: string;
}) {
  const { t } = useTranslation();
  const summary = useInvoicesByStatus({ service: serviceId, date_from: dateFrom, date_to: dateTo }, { isEnabled: Boolean(serviceId) });
  const rows = STATUSES.map((status) => summary.data?.find((row) => row.status === status) ?? { status, count: 0, total: '0' });
  const linkOf = (status: string) => listHref(paths.invoices, { status, date_from: dateFrom, date_to: dateTo });

  return (
    <Box component="section" aria-label={t('transactions.summary.title')} sx={{ mb: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {t('transactions.summary.title')}
      </Typography>
      {summary.isError ? (
        <RetryAlert onRetry={() => void summary.refetch()}>{t('transactions.summary.error')}</RetryAlert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' } }}>
          {rows.map((row) => (
            <Card key={row.status} variant="outlined">
              <CardActionArea component={RouterLink} to={linkOf(row.status)} sx={{ height: '100%' }}>
                <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                  <Typography variant="body2" color="text.secondary">
                    {t(`dashboard.status.${row.status as StatusKey}`)}
                  </Typography>
                  {summary.isPending ? (
                    <Skeleton variant="text" width="70%" height={36} />
                  ) : (
                    <>
                      <Typography sx={{ fontSize: '1.35rem', fontWeight: 700 }}>
                        <NumberText value={row.count} />
                      </Typography>
                      <Typography variant="body2">
                        <Money amount={row.total} />
                      </Typography>
                    </>
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
