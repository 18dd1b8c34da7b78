import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Counter } from '@meterline/contract/subscriptions';
import { counterListSpec } from '@meterline/contract/list-specs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useStations } from '../../../shared/api/get-stations';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useToast } from '../../../shared/hooks/use-toast';
import { useCan } from '../../../shared/lib/can';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useSession } from '../../../shared/lib/session';
import { useSaveReading } from '../../../shared/offline/use-save-reading';
import { DataTable } from '../../../shared/ui/data-table';
import type { DataTableColumn } from '../../../shared/ui/grid-columns';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { HistoryList } from '../../../shared/ui/history-list';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCounters } from '../../../shared/api/get-counters';
import { useResetCounter } from '../api/reset-counter';
import { AddressFilters } from '../components/address-filters';
import { counterPlaceOf } from '../../../shared/lib/counter-address';
import { CounterCard } from '../components/counter-card';
import { MeterSheet } from '../../../shared/ui/meter-sheet';
import { RecordState } from '../../../shared/ui/record-state';
import { CodeText } from '../../../shared/ui/code-text';
import { serviceListExport } from '../../../shared/ui/export-csv-button';

/** The reading and reset forms (react-hook-form, the date-time field) download when a meter's sheet opens. */
const RecordReadingForm = lazy(() =>
  import('../../../shared/ui/record-reading-form').then((module) => ({ default: module.RecordReadingForm })),
);
const ResetCounterForm = lazy(() => import('../components/reset-counter-form').then((module) => ({ default: module.ResetCounterForm })));
const SHEET_LOADING = (
  <DialogContent>
    <RecordState isPending error={null} onRetry={() => undefined}>
      {null}
    </RecordState>
  </DialogContent>
);

const METER_PARAM = 'meter';
const OPTIONS_QUERY = { page_size: 100, ordering: 'name' };

/**
 * Meters of the service, ordered building → floor → apartment as a collector walks them. Search
 * a customer or building, tap a meter, type the new reading, save. The open meter is in the URL
 * (`?meter=`), so the phone's Back button closes it. Admins and accountants can reset a meter.
 */
export function CounterListPage() {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const { service, serviceName } = useSelectedService();
  const serviceId = service?.id ?? 0;
  const unit = service?.unit;
  const timeZone = useSession().user?.tenant?.timezone;
  const listState = useListUrlState(counterListSpec);
  const query = useCounters(service?.id, listState.query);
  // Collectors may not list stations: no station filter for them (and no 403).
  const canListStations = useCan('list', 'station');
  const stations = useStations(service?.id, OPTIONS_QUERY, { isEnabled: canListStations });
  const { saveReading, isSaving: isSavingReading, announceSaved, formatReading: reading } = useSaveReading(serviceId, unit ?? '');
  const resetCounter = useResetCounter(serviceId);
  const canUpdate = useCan('update', 'counter');
  const canReset = useCan('reset', 'counter');
  const [searchParams, setSearchParams] = useSearchParams();
  const canListHistory = useCan('list', 'audit');
  const [mode, setMode] = useState<'reading' | 'reset' | 'history'>('reading');

  const meterId = Number(searchParams.get(METER_PARAM)) || null;
  const meter = meterId ? (query.data?.results.find((row) => row.id === meterId) ?? null) : null;
  const isSheetOpen = Boolean(meter) && (canUpdate || canReset);

  const meterHref = (row: Counter) => {
    const next = new URLSearchParams(searchParams);
    next.set(METER_PARAM, String(row.id));
    return `?${next.toString()}`;
  };
  const closeSheet = () => {
    setMode('reading');
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(METER_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  const columns: DataTableColumn<Counter>[] = [
    { field: 'customer_name', headerName: t('counters.fields.customer'), flex: 1.3, minWidth: 150 },
    {
      field: 'customer_code',
      headerName: t('counters.fields.code'),
      flex: 0.7,
      minWidth: 100,
      renderCell: ({ row }) => <CodeText value={row.customer_code} />,
    },
    {
      field: 'building_name',
      headerName: t('counters.fields.place'),
      flex: 1.4,
      minWidth: 150,
      valueGetter: (_value, row) => counterPlaceOf(row, t),
    },
    { field: 'bundle_name', headerName: t('counters.fields.bundle'), flex: 0.6, minWidth: 80, sortable: false },
    {
      field: 'previous_counter',
      headerName: t('counters.fields.previous'),
      flex: 0.8,
      // A reading is never cut ("4,579.948 k…" is a wrong reading): its column holds 9,999.999 kWh
      // at 1366 px beside the side menu, in both languages (tables-fit.spec).
      minWidth: 135,
      sortable: false,
      renderCell: ({ row }) => <DecimalText value={row.previous_counter} unit={unit} />,
    },
    {
      field: 'counter',
      headerName: t('counters.fields.counter'),
      flex: 0.8,
      minWidth: 145,
      renderCell: ({ row }) => (
        <Typography component="span" variant="inherit" sx={{ fontWeight: 700 }}>
          <DecimalText value={row.counter} unit={unit} />
        </Typography>
      ),
    },
    {
      field: 'consumption',
      headerName: t('counters.fields.consumption'),
      flex: 0.8,
      minWidth: 125,
      renderCell: ({ row }) => <DecimalText value={row.consumption} unit={unit} />,
    },
    {
      field: 'counter_updated_at',
      headerName: t('counters.fields.updatedAt'),
      flex: 1.1,
      minWidth: 150,
      // When on the first line, whole (the column is as wide as the longest time of the page), and who
      // under it, which may end in "…" like any name ("27 Nov 2026, 08:00 ·" / "Karim" / "Aoun" was cut).
      wholeText: (row) => formatDateTime(row.counter_updated_at, i18n.language, timeZone),
      renderCell: ({ row }) => <ReadAtCell counter={row} />,
    },
  ];

  return (
    <>
      <PageHeader title={t('counters.title')} subtitle={service ? t('counters.subtitle', { service: serviceName }) : undefined} />
      <DataTable<Counter>
        label={t('counters.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('counters.messages.loadFailed')}
        emptyMessage={t('counters.messages.empty')}
        orderingFields={counterListSpec.ordering}
        getRowHref={canUpdate || canReset ? meterHref : undefined}
        exportCsv={serviceListExport(service?.id, 'counters')}
        filters={
          <>
            <AddressFilters listState={listState} />
            {canListStations && (
              <FilterSelect
                label={t('counters.fields.station')}
                value={listState.filters.station}
                options={(stations.data?.results ?? []).map((station) => ({ value: String(station.id), label: station.name }))}
                onChange={(value) => listState.setFilter('station', value)}
              />
            )}
          </>
        }
        renderCard={(row) => <CounterCard counter={row} unit={unit} />}
      />
      <MeterSheet isOpen={isSheetOpen} meter={meter} onClose={closeSheet} isBusy={isSavingReading || resetCounter.isPending}>
        {meter && mode === 'history' && canListHistory && (
          <DialogContent>
            <Stack spacing={2}>
              <HistoryList entity="reading" subscription={meter.id} unit={unit} />
              <Button onClick={() => setMode('reading')}>{t('common.back')}</Button>
            </Stack>
          </DialogContent>
        )}
        {meter && mode !== 'history' && canListHistory && (
          <Button sx={{ mx: 3, alignSelf: 'flex-start' }} startIcon={<HistoryOutlined />} onClick={() => setMode('history')}>
            {t('history.tab')}
          </Button>
        )}
        <Suspense fallback={SHEET_LOADING}>
          {meter &&
            mode !== 'history' &&
            (mode === 'reset' && canReset ? (
              <ResetCounterForm
                key={`reset-${meter.id}`}
                counter={meter}
                unit={unit}
                save={(input) => resetCounter.mutateAsync({ subscriptionId: meter.id, input })}
                onSaved={(subscription) => {
                  showToast(t('counters.messages.reset', { name: meter.customer_name, value: reading(subscription.counter) }), {
                    variant: 'success',
                  });
                  closeSheet();
                }}
                onBack={() => setMode('reading')}
              />
            ) : (
              <RecordReadingForm
                key={`reading-${meter.id}`}
                counter={meter}
                unit={unit}
                canReset={canReset}
                save={(input) => saveReading(meter, input)}
                onSaved={(subscription) => {
                  announceSaved(meter, subscription);
                  closeSheet();
                }}
                onClose={closeSheet}
                onResetClick={() => setMode('reset')}
              />
            ))}
        </Suspense>
      </MeterSheet>
    </>
  );
}

/** When a meter was read, whole on its line, and by whom under it (a name may end in "…", `data-may-be-cut`). */
function ReadAtCell({ counter }: { counter: Counter }) {
  const { i18n } = useTranslation();
  const timeZone = useSession().user?.tenant?.timezone;
  return (
    <Box sx={{ minWidth: 0, lineHeight: 1.25 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', lineHeight: 'inherit' }}>
        {formatDateTime(counter.counter_updated_at, i18n.language, timeZone)}
      </Typography>
      {counter.counter_updated_by_name && (
        <Typography variant="body2" color="text.secondary" noWrap data-may-be-cut sx={{ lineHeight: 'inherit' }}>
          <bdi>{counter.counter_updated_by_name}</bdi>
        </Typography>
      )}
    </Box>
  );
}
