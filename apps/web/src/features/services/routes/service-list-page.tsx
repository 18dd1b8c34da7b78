import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { serviceListSpec } from '@meterline/contract/list-specs';
import { serviceNameIn } from '@meterline/contract/service-names';
import type { Service } from '@meterline/contract/services';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink } from 'react-router';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { Can, useCan } from '../../../shared/lib/can';
import { formatCount } from '../../../shared/lib/format-number';
import { paths } from '../../../shared/lib/paths';
import { DataTable } from '../../../shared/ui/data-table';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { PageHeader } from '../../../shared/ui/page-header';
import { useServiceList } from '../api/get-service-list';
import { ServiceKindChip, ServiceStatusChip } from '../components/service-chips';
import { ServiceOrderButtons } from '../components/service-order-buttons';

/** The tenant's services in their order (docs/tenants-and-settings.md): admins add, open, reorder; accountants read. */
export function ServiceListPage() {
  const { t, i18n } = useTranslation();
  const listState = useListUrlState(serviceListSpec);
  const query = useServiceList(listState.query);
  const canReorder = useCan('update', 'service');
  const language = i18n.language;
  const otherName = (service: Service) => {
    const shown = serviceNameIn(service, language);
    const other = shown === service.name ? service.name_ar : service.name;
    return other && other !== shown ? other : null;
  };

  const columns: GridColDef<Service>[] = [
    {
      field: 'position',
      headerName: t('services.fields.order'),
      width: canReorder ? 130 : 90,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <Typography variant="body2" sx={{ minWidth: 20 }}>
            <bdi>{formatCount(row.position, language)}</bdi>
          </Typography>
          {canReorder && <ServiceOrderButtons service={row} isDisabled={listState.hasFilters} />}
        </Stack>
      ),
    },
    {
      field: 'name',
      headerName: t('services.fields.listName'),
      flex: 1.4,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack sx={{ justifyContent: 'center', height: '100%', minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            <bdi>{serviceNameIn(row, language)}</bdi>
          </Typography>
          {otherName(row) && (
            <Typography variant="caption" color="text.secondary" noWrap>
              <bdi>{otherName(row)}</bdi>
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      field: 'unit',
      headerName: t('services.fields.unit'),
      flex: 0.6,
      minWidth: 100,
      sortable: false,
      renderCell: ({ row }) => <bdi>{row.unit || '—'}</bdi>,
    },
    {
      field: 'is_metered',
      headerName: t('services.fields.kind'),
      flex: 0.8,
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => <ServiceKindChip isMetered={row.is_metered} />,
    },
    {
      field: 'is_active',
      headerName: t('services.fields.status'),
      flex: 0.7,
      minWidth: 120,
      sortable: false,
      renderCell: ({ row }) => <ServiceStatusChip isActive={row.is_active} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('services.title')}
        subtitle={t('services.subtitle')}
        actions={
          <Can do="create" on="service">
            <Button component={RouterLink} to={paths.serviceCreate} variant="contained" startIcon={<AddOutlined />}>
              {t('services.actions.create')}
            </Button>
          </Can>
        }
      />
      <DataTable<Service>
        label={t('services.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('services.messages.loadFailed')}
        emptyMessage={t('services.messages.empty')}
        orderingFields={serviceListSpec.ordering}
        getRowHref={(row) => generatePath(paths.serviceEdit, { serviceId: String(row.id) })}
        filters={
          <FilterSelect
            label={t('services.filters.status')}
            value={listState.filters.is_active}
            options={[
              { value: 'true', label: t('services.status.active') },
              { value: 'false', label: t('services.status.inactive') },
            ]}
            onChange={(value) => listState.setFilter('is_active', value)}
          />
        }
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <bdi>{formatCount(row.position, language)}</bdi>. <bdi>{serviceNameIn(row, language)}</bdi>
              </Typography>
              <ServiceStatusChip isActive={row.is_active} />
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              {otherName(row) && (
                <Typography variant="body2" color="text.secondary">
                  <bdi>{otherName(row)}</bdi>
                </Typography>
              )}
              {row.unit && (
                <Typography variant="body2" color="text.secondary">
                  <bdi>{row.unit}</bdi>
                </Typography>
              )}
              <ServiceKindChip isMetered={row.is_metered} />
            </Stack>
          </Stack>
        )}
      />
    </>
  );
}
