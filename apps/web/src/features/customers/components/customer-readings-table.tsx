import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { mayVoidReading } from '@meterline/contract/reading-void';
import type { Reading } from '@meterline/contract/subscriptions';
import { readingListSpec } from '@meterline/contract/list-specs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSession } from '../../../shared/lib/session';
import { useCan } from '../../../shared/lib/can';
import { formatDateTime } from '../../../shared/lib/format-date';
import { todayIn } from '../../../shared/lib/period';
import { DataTable } from '../../../shared/ui/data-table';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { ReadingPhotoThumb } from '../../../shared/ui/reading-photo-thumb';
import { StatusChip } from '../../../shared/ui/status-chip';
import { useSubscriptionReadings } from '../api/get-subscription-readings';
import { readingDifference } from '../../../shared/lib/reading-difference';
import { VoidReadingDialog } from './void-reading-dialog';

function KindChip({ kind, isVoid = false }: { kind: string; isVoid?: boolean }) {
  const { t } = useTranslation();
  if (isVoid) return <StatusChip tone="neutral" label={t('customers.readings.void')} />;
  return kind === 'reset' ? (
    <StatusChip tone="warning" label={t('customers.readings.reset')} />
  ) : (
    <StatusChip tone="info" label={t('customers.readings.reading')} />
  );
}

/** A voided reading stays in the history, struck through: consumption and invoices ignore it. */
const struck = (row: Reading) => (row.voided_at ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined);

/** Why a row is there: a reset's reason, or who voided the reading and why. */
function reasonOf(row: Reading, t: TFunction): string {
  if (!row.voided_at) return row.reason;
  return t('customers.readings.voidedBecause', { name: row.voided_by_name ?? '', reason: row.void_reason ?? '' });
}

function VoidButton({ row, onClick }: { row: Reading; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Button size="small" color="error" onClick={onClick} aria-label={t('customers.readings.voidLabel', { value: row.value })}>
      {t('customers.readings.voidAction')}
    </Button>
  );
}

/** The reading's photo, a thumbnail centred in its row that opens large. */
const photoOf = (row: Reading) => (
  <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
    <ReadingPhotoThumb url={row.photo_url} size={36} />
  </Box>
);

/** The meter's history, newest first: readings with what each added, and resets with their reason. */
export function CustomerReadingsTable({ serviceId, subscriptionId, unit }: { serviceId: number; subscriptionId: number; unit?: string }) {
  const { t, i18n } = useTranslation();
  const user = useSession().user;
  const timeZone = user?.tenant?.timezone;
  const canUpdateCounter = useCan('update', 'counter');
  const [voiding, setVoiding] = useState<Reading | null>(null);
  // The API's rule (admin, accountant; a collector their own reading of today), shown where it holds.
  const mayVoid = (row: Reading) =>
    canUpdateCounter &&
    Boolean(user) &&
    mayVoidReading({
      role: user?.role ?? '',
      userId: user?.id ?? 0,
      reading: row,
      takenOn: todayIn(timeZone, new Date(row.taken_at)),
      today: todayIn(timeZone),
    });
  const voidButton = (row: Reading) => (mayVoid(row) ? <VoidButton row={row} onClick={() => setVoiding(row)} /> : null);
  const listState = useListUrlState(readingListSpec);
  const query = useSubscriptionReadings(serviceId, subscriptionId, listState.query);
  const when = (row: Reading) => formatDateTime(row.taken_at, i18n.language, timeZone);

  const columns: GridColDef<Reading>[] = [
    { field: 'taken_at', headerName: t('customers.readings.takenAt'), flex: 1, minWidth: 170, valueGetter: (_value, row) => when(row) },
    {
      field: 'kind',
      headerName: t('customers.readings.kind'),
      flex: 0.6,
      minWidth: 110,
      sortable: false,
      renderCell: ({ row }) => <KindChip kind={row.kind} isVoid={Boolean(row.voided_at)} />,
    },
    {
      field: 'value',
      headerName: t('customers.readings.value'),
      flex: 0.8,
      minWidth: 130,
      renderCell: ({ row }) => (
        <Typography component="span" variant="inherit" sx={struck(row)}>
          <DecimalText value={row.value} unit={unit} />
        </Typography>
      ),
    },
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
      renderCell: ({ row }) =>
        row.kind === 'reading' ? (
          <Typography component="span" variant="inherit" sx={struck(row)}>
            <DecimalText value={readingDifference(row.value, row.previous_value)} unit={unit} />
          </Typography>
        ) : (
          '—'
        ),
    },
    { field: 'taken_by_name', headerName: t('customers.readings.takenBy'), flex: 0.9, minWidth: 130, sortable: false },
    { field: 'photo_url', headerName: t('customers.readings.photo'), width: 80, sortable: false, renderCell: ({ row }) => photoOf(row) },
    {
      field: 'reason',
      headerName: t('customers.readings.reason'),
      flex: 1,
      minWidth: 140,
      sortable: false,
      valueGetter: (_value, row) => reasonOf(row, t),
    },
    { field: 'actions', headerName: '', width: 90, sortable: false, renderCell: ({ row }) => voidButton(row) },
  ];

  return (
    <>
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
              <Typography sx={{ fontWeight: 700, fontSize: '1.15rem', ...struck(row) }}>
                <DecimalText value={row.value} unit={unit} />
              </Typography>
              {photoOf(row)}
              <KindChip kind={row.kind} isVoid={Boolean(row.voided_at)} />
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
            {reasonOf(row, t) && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {reasonOf(row, t)}
              </Typography>
            )}
            {mayVoid(row) && <Stack direction="row">{voidButton(row)}</Stack>}
          </Stack>
        )}
      />
      <VoidReadingDialog
        serviceId={serviceId}
        subscriptionId={subscriptionId}
        reading={voiding}
        unit={unit}
        onClose={() => setVoiding(null)}
      />
    </>
  );
}
