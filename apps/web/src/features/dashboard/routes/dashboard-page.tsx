import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useInvoicesByStatus } from '../../../shared/api/get-invoices-by-status';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useSession } from '../../../shared/lib/session';
import { useKpiSummary } from '../api/get-kpi-summary';
import { useMonthlyTotals } from '../api/get-monthly-totals';
import { useCollectionsByStaff } from '../api/get-collections-by-staff';
import { ChartCard } from '../components/chart-card';
import { KpiCards } from '../components/kpi-cards';
import { SetupChecklist } from '../components/setup-checklist';
import { INVOICED_COLLECTED_HEIGHT, INVOICES_BY_STATUS_HEIGHT } from '../lib/chart-heights';
import { DASHBOARD_PERIODS, parsePeriod, periodRange, statisticsWindow, todayIn, type DashboardPeriod } from '../lib/periods';

// The chart library is loaded after the KPI cards, in chunks of its own; each card keeps its chart's
// height meanwhile (ChartCard, lib/chart-heights.ts).
const InvoicedCollectedChart = lazy(() =>
  import('../components/invoiced-collected-chart').then((module) => ({ default: module.InvoicedCollectedChart })),
);
const InvoicesByStatusChart = lazy(() =>
  import('../components/invoices-by-status-chart').then((module) => ({ default: module.InvoicesByStatusChart })),
);
const CollectionsByStaffChart = lazy(() =>
  import('../components/collections-by-staff-chart').then((module) => ({ default: module.CollectionsByStaffChart })),
);

/** KPI cards (stats1) and three charts (stats2-4) for the selected service and period (`?period=`, in the URL). */
export function DashboardPage() {
  const { t } = useTranslation();
  const { service, isLoading: isServiceLoading, serviceName } = useSelectedService();
  const [params, setParams] = useSearchParams();
  const period = parsePeriod(params.get('period'));
  const today = todayIn(useSession().user?.tenant?.timezone || undefined);
  const query = { service: service?.id, ...statisticsWindow(period, today) };
  const range = periodRange(period, today);
  const choosePeriod = (next: DashboardPeriod) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'month') updated.delete('period');
        else updated.set('period', next);
        return updated;
      },
      { replace: true },
    );
  const isEnabled = Boolean(service);
  const kpiSummary = useKpiSummary(query, { isEnabled });
  const monthlyTotals = useMonthlyTotals(query, { isEnabled });
  const invoicesByStatus = useInvoicesByStatus(query, { isEnabled });
  const collectionsByStaff = useCollectionsByStaff(query, { isEnabled });
  const isWaiting = isServiceLoading || !service;
  // From lg the bars sit beside the doughnut and take its height: no empty room under them.
  const isBesideStatus = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const barsHeight = isBesideStatus ? INVOICED_COLLECTED_HEIGHT.besideStatus : INVOICED_COLLECTED_HEIGHT.alone;

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h1">{t('dashboard.title')}</Typography>
          {service && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {serviceName}
            </Typography>
          )}
        </Box>
        <TextField
          select
          size="small"
          label={t('dashboard.period.label')}
          value={period}
          onChange={(event) => choosePeriod(parsePeriod(event.target.value))}
          // Beside the title on a wide screen (the theme makes fields full width), under it on a phone.
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          {DASHBOARD_PERIODS.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`dashboard.period.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <SetupChecklist />
      {/* No service (none exists, or the list failed): nothing to chart, say so instead of loading forever. */}
      {!isServiceLoading && !service ? (
        <Typography color="text.secondary">{t('dashboard.selectService')}</Typography>
      ) : (
        <>
          <KpiCards
            data={kpiSummary.data}
            period={period}
            range={range}
            isLoading={isWaiting || kpiSummary.isPending}
            isError={kpiSummary.isError}
            onRetry={() => void kpiSummary.refetch()}
          />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
            <ChartCard
              title={t('dashboard.charts.invoicedVsCollected')}
              isLoading={isWaiting || monthlyTotals.isPending}
              isError={monthlyTotals.isError}
              isEmpty={(monthlyTotals.data?.length ?? 0) === 0}
              onRetry={() => void monthlyTotals.refetch()}
              height={barsHeight}
            >
              {monthlyTotals.data && <InvoicedCollectedChart data={monthlyTotals.data} height={barsHeight} />}
            </ChartCard>
            <ChartCard
              title={t('dashboard.charts.invoicesByStatus')}
              isLoading={isWaiting || invoicesByStatus.isPending}
              isError={invoicesByStatus.isError}
              isEmpty={(invoicesByStatus.data ?? []).every((row) => row.count === 0)}
              onRetry={() => void invoicesByStatus.refetch()}
              height={INVOICES_BY_STATUS_HEIGHT}
            >
              {invoicesByStatus.data && (
                <InvoicesByStatusChart data={invoicesByStatus.data} range={period === 'month' ? undefined : range} />
              )}
            </ChartCard>
          </Box>
          <ChartCard
            title={t(period === 'month' ? 'dashboard.charts.collectionsByStaff' : 'dashboard.charts.collectionsByStaffInPeriod')}
            isLoading={isWaiting || collectionsByStaff.isPending}
            isError={collectionsByStaff.isError}
            isEmpty={(collectionsByStaff.data?.length ?? 0) === 0}
            onRetry={() => void collectionsByStaff.refetch()}
            height={200}
          >
            {collectionsByStaff.data && <CollectionsByStaffChart data={collectionsByStaff.data} />}
          </ChartCard>
        </>
      )}
    </Stack>
  );
}
