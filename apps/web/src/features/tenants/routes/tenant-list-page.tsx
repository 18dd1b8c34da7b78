import AddOutlined from '@mui/icons-material/AddOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { tenantListSpec } from '@meterline/contract/list-specs';
import type { Tenant } from '@meterline/contract/tenants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { Can } from '../../../shared/lib/can';
import { formatDate } from '../../../shared/lib/format-date';
import { DataTable } from '../../../shared/ui/data-table';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { NumberText } from '../../../shared/ui/number-text';
import { PageHeader } from '../../../shared/ui/page-header';
import { useTenantAliases } from '../api/get-tenant-aliases';
import { useTenants } from '../api/get-tenants';
import { TenantStatusChip } from '../components/tenant-status-chip';

const tenantHref = (tenant: Tenant) => `/tenants/${tenant.id}`;

/** The superadmin's clients: search, status and database filters, block state, users per client. */
export function TenantListPage() {
  const { t, i18n } = useTranslation();
  const listState = useListUrlState(tenantListSpec);
  const tenants = useTenants(listState.query);
  const aliases = useTenantAliases();

  const columns = useMemo<GridColDef<Tenant>[]>(
    () => [
      {
        field: 'name',
        headerName: t('tenants.fields.name'),
        flex: 1.4,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={tenantHref(row)} onClick={(event) => event.stopPropagation()} sx={{ fontWeight: 600 }}>
            {row.name}
          </Link>
        ),
      },
      {
        field: 'slug',
        headerName: t('tenants.fields.slug'),
        flex: 1,
        minWidth: 140,
        renderCell: ({ value }) => <bdi dir="ltr">{value}</bdi>,
      },
      {
        field: 'email',
        headerName: t('tenants.fields.email'),
        flex: 1,
        minWidth: 180,
        renderCell: ({ value }) => <bdi dir="ltr">{value}</bdi>,
      },
      { field: 'db_alias', headerName: t('tenants.fields.dbAlias'), width: 130, renderCell: ({ value }) => <bdi dir="ltr">{value}</bdi> },
      {
        field: 'users_count',
        headerName: t('tenants.fields.users'),
        width: 110,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ value }) => <NumberText value={value as number} />,
      },
      {
        field: 'is_blocked',
        headerName: t('tenants.fields.status'),
        width: 120,
        renderCell: ({ row }) => <TenantStatusChip isBlocked={row.is_blocked} />,
      },
      {
        field: 'created_at',
        headerName: t('tenants.fields.createdAt'),
        width: 140,
        valueFormatter: (value: string) => formatDate(value, i18n.language),
      },
      {
        field: 'actions',
        headerName: '',
        width: 64,
        sortable: false,
        renderCell: ({ row }) => (
          <Tooltip title={t('tenants.actions.openUsers', { name: row.name })}>
            <IconButton
              component={RouterLink}
              to={`/tenants/${row.id}/users`}
              aria-label={t('tenants.actions.openUsers', { name: row.name })}
              onClick={(event) => event.stopPropagation()}
            >
              <PeopleOutlined />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [t, i18n.language],
  );

  const hasSeveralAliases = (aliases.data?.length ?? 0) > 1;
  const filters = (
    <>
      <FilterSelect
        label={t('tenants.filters.status')}
        value={listState.filters.is_blocked}
        allLabel={t('tenants.filters.allStatuses')}
        options={[
          { value: 'false', label: t('tenants.status.active') },
          { value: 'true', label: t('tenants.status.blocked') },
        ]}
        onChange={(value) => listState.setFilter('is_blocked', value)}
      />
      {hasSeveralAliases && (
        <FilterSelect
          label={t('tenants.filters.dbAlias')}
          value={listState.filters.db_alias}
          allLabel={t('tenants.filters.allAliases')}
          options={(aliases.data ?? []).map((alias) => ({ value: alias, label: alias }))}
          onChange={(value) => listState.setFilter('db_alias', value)}
        />
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={t('tenants.title')}
        actions={
          <Can do="create" on="tenants">
            <Button component={RouterLink} to="/tenants/create" variant="contained" startIcon={<AddOutlined />}>
              {t('tenants.new')}
            </Button>
          </Can>
        }
      />
      <DataTable<Tenant>
        label={t('tenants.title')}
        columns={columns}
        listState={listState}
        query={tenants}
        errorMessage={t('tenants.failedList')}
        emptyMessage={t('tenants.empty')}
        orderingFields={tenantListSpec.ordering}
        getRowHref={tenantHref}
        exportCsv={{ path: 'tenants/', filename: 'clients' }}
        filters={filters}
        renderCard={(tenant) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Stack sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{tenant.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                <bdi dir="ltr">{tenant.slug}</bdi> · {t('tenants.fields.users')}: <NumberText value={tenant.users_count} />
              </Typography>
            </Stack>
            <TenantStatusChip isBlocked={tenant.is_blocked} />
          </Stack>
        )}
      />
    </>
  );
}
