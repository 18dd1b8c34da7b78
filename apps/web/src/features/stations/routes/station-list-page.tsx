import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { STATION_STATUSES, stationListSpec } from '@meterline/contract/list-specs';
import type { Station } from '@meterline/contract/stations';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useRegions } from '../../../shared/api/get-regions';
import { useStations } from '../../../shared/api/get-stations';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { Can } from '../../../shared/lib/can';
import { DataTable } from '../../../shared/ui/data-table';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { NumberText } from '../../../shared/ui/number-text';
import { PageHeader } from '../../../shared/ui/page-header';
import { StationStatusChip, stationStatusLabel } from '../components/station-status-chip';
import { CodeText } from '../../../shared/ui/code-text';
import { serviceListExport } from '../../../shared/ui/export-csv-button';

function addressOf(station: Station): string {
  return [station.region_name, station.street_name, station.building_name].filter(Boolean).join(' · ');
}

/** The service's stations: search, status and region filters, CSV; admins create, accountants read. */
export function StationListPage() {
  const { t } = useTranslation();
  const { service, serviceName } = useSelectedService();
  const listState = useListUrlState(stationListSpec);
  const query = useStations(service?.id, listState.query);
  const regions = useRegions();
  const unit = service?.unit;

  const columns: GridColDef<Station>[] = [
    { field: 'name', headerName: t('stations.fields.name'), flex: 1.3, minWidth: 170 },
    {
      field: 'code',
      headerName: t('stations.fields.code'),
      flex: 0.7,
      minWidth: 110,
      renderCell: ({ row }) => <CodeText value={row.code} />,
    },
    {
      field: 'status',
      headerName: t('stations.fields.status'),
      flex: 0.8,
      minWidth: 130,
      renderCell: ({ row }) => <StationStatusChip status={row.status} />,
    },
    {
      field: 'capacity',
      headerName: t('stations.fields.capacity'),
      flex: 0.8,
      minWidth: 130,
      renderCell: ({ row }) => <DecimalText value={row.capacity} unit={unit ? t('stations.perHour', { unit }) : undefined} />,
    },
    {
      field: 'address',
      headerName: t('stations.fields.address'),
      flex: 1.5,
      minWidth: 200,
      sortable: false,
      valueGetter: (_value, row) => addressOf(row),
    },
    {
      field: 'customers_count',
      headerName: t('stations.fields.customers'),
      flex: 0.6,
      minWidth: 110,
      renderCell: ({ row }) => <NumberText value={row.customers_count} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('stations.title')}
        subtitle={serviceName}
        actions={
          <Can do="create" on="station">
            <Button component={RouterLink} to={paths.stationCreate} variant="contained" startIcon={<AddOutlined />}>
              {t('stations.actions.create')}
            </Button>
          </Can>
        }
      />
      <DataTable<Station>
        label={t('stations.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('stations.messages.loadFailed')}
        emptyMessage={t('stations.messages.empty')}
        orderingFields={stationListSpec.ordering}
        getRowHref={(row) => generatePath(paths.stationEdit, { stationId: String(row.id) })}
        exportCsv={serviceListExport(service?.id, 'stations')}
        filters={
          <>
            <FilterSelect
              label={t('stations.fields.status')}
              value={listState.filters.status}
              options={STATION_STATUSES.map((status) => ({ value: status, label: stationStatusLabel(status, t) }))}
              onChange={(value) => listState.setFilter('status', value)}
            />
            <FilterSelect
              label={t('forms.address.region')}
              value={listState.filters.region}
              options={(regions.data ?? []).map((region) => ({ value: String(region.id), label: region.name }))}
              onChange={(value) => listState.setFilter('region', value)}
            />
          </>
        }
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.name}</Typography>
              <StationStatusChip status={row.status} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              <CodeText value={row.code} />
              {addressOf(row) && ` · ${addressOf(row)}`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('stations.customersCount')}: <NumberText value={row.customers_count} />
            </Typography>
          </Stack>
        )}
      />
    </>
  );
}
