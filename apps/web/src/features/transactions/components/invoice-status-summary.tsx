import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { INVOICE_STATUSES } from '@meterline/contract/invoices';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../shared/ui/money';
import { NumberText } from '../../../shared/ui/number-text';
import { useInvoiceStatusSummary } from '../api/get-invoice-status-summary';

/** Invoices per status for the service and the list's dates (`GET /transaction/invoices/status/`). */
export function InvoiceStatusSummary({ serviceId, dateFrom, dateTo }: { serviceId: number | undefined; dateFrom?: string; dateTo?: string }) {
  const { t } = useTranslation();
  const summary = useInvoiceStatusSummary({ service: serviceId, date_from: dateFrom, date_to: dateTo }, { isEnabled: Boolean(serviceId) });
  const rows = INVOICE_STATUSES.map((status) => summary.data?.find((row) => row.status === status) ?? { status, count: 0, total: '0' });

  return (
    <Box component="section" aria-label={t('transactions.summary.title')} sx={{ mb: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {t('transactions.summary.title')}
      </Typography>
      {summary.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void summary.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('transactions.summary.error')}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
          {rows.map((row) => (
            <Card key={row.status} variant="outlined">
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Typography variant="body2" color="text.secondary">
                  {t(`invoices.status.${row.status as 'paid'}`)}
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
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
