import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useStats1 } from '../api/get-stats1';
import { useStats2 } from '../api/get-stats2';
import { useStats3 } from '../api/get-stats3';
import { useStats4 } from '../api/get-stats4';
import { ChartCard } from '../components/chart-card';
import { KpiCards } from '../components/kpi-cards';

// The chart library is loaded after the KPI cards, in chunks of its own.
const InvoicedCollectedChart = lazy(() => import('../components/invoiced-collected-chart').then((module) => ({ default: module.InvoicedCollectedChart })));
const InvoicesByStatusChart = lazy(() => import('../components/invoices-by-status-chart').then((module) => ({ default: module.InvoicesByStatusChart })));
const CollectionsByStaffChart = lazy(() => import('../components/collections-by-staff-chart').then((module) => ({ default: module.CollectionsByStaffChart })));

/** KPI cards (stats1) and three charts (stats2-4) for the selected service. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { service, isLoading: isServiceLoading } = useSelectedService();
  const query = { service: service?.id };
  const isEnabled = Boolean(service);
  const stats1 = useStats1(query, { isEnabled });
  const stats2 = useStats2(query, { isEnabled });
  const stats3 = useStats3(query, { isEnabled });
  const stats4 = useStats4(query, { isEnabled });
  const isWaiting = isServiceLoading || !service;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1">{t('dashboard.title')}</Typography>
        {service && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {service.name}
          </Typography>
        )}
      </Box>
      {/* No service (none exists, or the list failed): nothing to chart, say so instead of loading forever. */}
      {!isServiceLoading && !service ? (
        <Typography color="text.secondary">{t('dashboard.selectService')}</Typography>
      ) : (
        <>
          <KpiCards data={stats1.data} isLoading={isWaiting || stats1.isPending} isError={stats1.isError} onRetry={() => void stats1.refetch()} />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
            <ChartCard
              title={t('dashboard.charts.invoicedVsCollected')}
              isLoading={isWaiting || stats2.isPending}
              isError={stats2.isError}
              isEmpty={(stats2.data?.length ?? 0) === 0}
              onRetry={() => void stats2.refetch()}
            >
              <Suspense fallback={null}>{stats2.data && <InvoicedCollectedChart data={stats2.data} />}</Suspense>
            </ChartCard>
            <ChartCard
              title={t('dashboard.charts.invoicesByStatus')}
              isLoading={isWaiting || stats3.isPending}
              isError={stats3.isError}
              isEmpty={(stats3.data ?? []).every((row) => row.count === 0)}
              onRetry={() => void stats3.refetch()}
            >
              <Suspense fallback={null}>{stats3.data && <InvoicesByStatusChart data={stats3.data} />}</Suspense>
            </ChartCard>
          </Box>
          <ChartCard
            title={t('dashboard.charts.collectionsByStaff')}
            isLoading={isWaiting || stats4.isPending}
            isError={stats4.isError}
            isEmpty={(stats4.data?.length ?? 0) === 0}
            onRetry={() => void stats4.refetch()}
            height={200}
          >
            <Suspense fallback={null}>{stats4.data && <CollectionsByStaffChart data={stats4.data} />}</Suspense>
          </ChartCard>
        </>
      )}
    </Stack>
  );
}
