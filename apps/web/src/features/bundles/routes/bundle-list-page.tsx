import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { bundleListSpec } from '@meterline/contract/list-specs';
import type { Bundle } from '@meterline/contract/bundles';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useBundles } from '../../../shared/api/get-bundles';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { Can } from '../../../shared/lib/can';
import { DataTable } from '../../../shared/ui/data-table';
import { NameText } from '../../../shared/ui/name-text';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { Money } from '../../../shared/ui/money';
import { NumberText } from '../../../shared/ui/number-text';
import { PageHeader } from '../../../shared/ui/page-header';
import { BundleStatusChip } from '../components/bundle-status-chip';
import { serviceListExport } from '../../../shared/ui/export-csv-button';

/** The service's bundles: search, active filter, CSV; admins create and open them, accountants read. */
export function BundleListPage() {
  const { t } = useTranslation();
  const { service, serviceName } = useSelectedService();
  const listState = useListUrlState(bundleListSpec);
  const query = useBundles(service?.id, listState.query);
  const unit = service?.unit;

  const columns: GridColDef<Bundle>[] = [
    { field: 'name', headerName: t('bundles.fields.name'), flex: 1.5, minWidth: 180 },
    {
      field: 'amperage',
      headerName: t('bundles.fields.amperage'),
      flex: 0.7,
      minWidth: 110,
      renderCell: ({ row }) => (row.amperage ? <DecimalText value={row.amperage} unit={t('bundles.amperes')} /> : '—'),
    },
    {
      field: 'price',
      headerName: t('bundles.fields.price'),
      flex: 0.8,
      minWidth: 120,
      renderCell: ({ row }) => <Money amount={row.price} />,
    },
    {
      field: 'unit_price',
      headerName: t('bundles.fields.unitPrice'),
      flex: 0.8,
      minWidth: 130,
      renderCell: ({ row }) => <DecimalText value={row.unit_price} maxDecimals={6} unit={unit ? `/ ${unit}` : undefined} />,
    },
    {
      field: 'subscriptions_count',
      headerName: t('bundles.fields.subscriptions'),
      flex: 0.7,
      minWidth: 120,
      sortable: false,
      renderCell: ({ row }) => <NumberText value={row.subscriptions_count} />,
    },
    {
      field: 'is_active',
      headerName: t('bundles.fields.status'),
      flex: 0.7,
      minWidth: 110,
      renderCell: ({ row }) => <BundleStatusChip isActive={row.is_active} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('bundles.title')}
        subtitle={serviceName}
        actions={
          <Can do="create" on="bundle">
            <Button component={RouterLink} to={paths.bundleCreate} variant="contained" startIcon={<AddOutlined />}>
              {t('bundles.actions.create')}
            </Button>
          </Can>
        }
      />
      <DataTable<Bundle>
        label={t('bundles.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('bundles.messages.loadFailed')}
        emptyMessage={t('bundles.messages.empty')}
        orderingFields={bundleListSpec.ordering}
        getRowHref={(row) => generatePath(paths.bundleEdit, { bundleId: String(row.id) })}
        exportCsv={serviceListExport(service?.id, 'bundles')}
        filters={
          <FilterSelect
            label={t('bundles.fields.status')}
            value={listState.filters.is_active}
            options={[
              { value: 'true', label: t('bundles.status.active') },
              { value: 'false', label: t('bundles.status.inactive') },
            ]}
            onChange={(value) => listState.setFilter('is_active', value)}
          />
        }
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <NameText value={row.name} />
              </Typography>
              <BundleStatusChip isActive={row.is_active} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              <Money amount={row.price} />
              {row.amperage && (
                <>
                  {' · '}
                  <DecimalText value={row.amperage} unit={t('bundles.amperes')} />
                </>
              )}
              {' · '}
              <DecimalText value={row.unit_price} maxDecimals={6} unit={unit ? `/ ${unit}` : undefined} />
            </Typography>
          </Stack>
        )}
      />
    </>
  );
}
