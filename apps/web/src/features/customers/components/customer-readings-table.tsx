import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { readingListSpec, type Reading } from '@meterline/contract/subscriptions';
import { useTranslation } from 'react-i18next';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSession } from '../../../shared/lib/session';
import { formatDateTime } from '../../../shared/lib/format-date';
import { DataTable } from '../../../shared/ui/data-table';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { StatusChip } from '../../../shared/ui/status-chip';
import { useSubscriptionReadings } from '../api/get-subscription-readings';
import { readingDifference } from '../../../shared/lib/reading-difference';

function KindChip({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return kind === 'reset' ? <StatusChip tone="warning" label={t('customers.readings.reset')} /> : <StatusChip tone="info" label={t('customers.readings.reading')} />;
}

/** The meter's history, newest first: readings with what each added, and resets with their reason. */
export function CustomerReadingsTable({ serviceId, subscriptionId, unit }: { serviceId: number; subscriptionId: number; unit?: string }) {
  const { t, i18n } = useTranslation();
  const timeZone = useSession().user?.tenant?.timezone;
  const listState = useListUrlState(readingListSpec);
  const query = useSubscriptionReadings(serviceId, subscriptionId, listState.query);
  const when = (row: Reading) => formatDateTime(row.taken_at, i18n.language, timeZone);

  const columns: GridColDef<Reading>[] = [
    { field: 'taken_at', headerName: t('customers.readings.takenAt'), flex: 1, minWidth: 170, valueGetter: (_value, row) => when(row) },
    { field: 'kind', headerName: t('customers.readings.kind'), flex: 0.6, minWidth: 110, sortable: false, renderCell: ({ row }) => <KindChip kind={row.kind} /> },
    { field: 'value', headerName: t('customers.readings.value'), flex: 0.8, minWidth: 130, renderCell: ({ row }) => <DecimalText value={row.value} unit={unit} /> },
    {
      field: 'previous_value',
      headerName: t('customers.readings.previous'),
      flex: 0.8,
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => <DecimalText value={row.previous_value} unit={unit} />,
    },
    {
      field: 'consumption',
      headerName: t('customers.readings.consumption'),
      flex: 0.7,
      minWidth: 120,
      sortable: false,
      renderCell: ({ row }) => (row.kind === 'reading' ? <DecimalText value={readingDifference(row.value, row.previous_value)} unit={unit} /> : '—'),
    },
    { field: 'taken_by_name', headerName: t('customers.readings.takenBy'), flex: 0.9, minWidth: 130, sortable: false },
    { field: 'reason', headerName: t('customers.readings.reason'), flex: 1, minWidth: 140, sortable: false },
  ];

  return (
    <DataTable<Reading>
      label={t('customers.tabs.readings')}
      columns={columns}
      listState={listState}
      query={query}
      isSearchable={false}
      errorMessage={t('customers.readings.loadFailed')}
      emptyMessage={t('customers.readings.empty')}
      orderingFields={readingListSpec.ordering}
      exportCsv={{ path: `services/${serviceId}/subscriptions/${subscriptionId}/readings/`, filename: 'readings' }}
      renderCard={(row) => (
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 700, fontSize: '1.15rem' }}>
              <DecimalText value={row.value} unit={unit} />
            </Typography>
            <KindChip kind={row.kind} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {when(row)}
            {row.taken_by_name && ` · ${row.taken_by_name}`}
          </Typography>
          {row.kind === 'reading' && row.previous_value !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('customers.readings.added')}: <DecimalText value={readingDifference(row.value, row.previous_value)} unit={unit} />
            </Typography>
          )}
          {row.reason && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.reason}
            </Typography>
          )}
        </Stack>
      )}
    />
  );
}
