import AddOutlined from '@mui/icons-material/AddOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CUSTOMER_STATUSES, customerListSpec } from '@meterline/contract/list-specs';
import type { Customer } from '@meterline/contract/customers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink } from 'react-router';
import { roleFlags } from '@meterline/contract/roles';
import { paths } from '../../../shared/lib/paths';
import { useBundles } from '../../../shared/api/get-bundles';
import { useRegions } from '../../../shared/api/get-regions';
import { useStations } from '../../../shared/api/get-stations';
import { useCustomers } from '../api/get-customers';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { Can, useCan } from '../../../shared/lib/can';
import { useSession } from '../../../shared/lib/session';
import { DataTable, TotalFigure, WrappingCell } from '../../../shared/ui/data-table';
import { moneyColumn, type DataTableColumn } from '../../../shared/ui/grid-columns';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { Money } from '../../../shared/ui/money';
import { PageHeader } from '../../../shared/ui/page-header';
import { BulkStatementsDialog } from '../components/bulk-statements-dialog';
import { customerAddressOf } from '../components/customer-address';
import { CustomerStatusChip, customerStatusLabel } from '../components/customer-status-chip';
import { CodeText } from '../../../shared/ui/code-text';
import { formatName } from '../../../shared/lib/format-number';
import { serviceListExport } from '../../../shared/ui/export-csv-button';

const OPTIONS_QUERY = { page_size: 100, ordering: 'name' };

/** Owing customers in the error colour: the figure a collector looks for first. */
function Balance({ amount }: { amount: string }) {
  const isOwing = Number(amount) > 0;
  return (
    <Typography
      component="span"
      variant="inherit"
      sx={{ color: isOwing ? 'error.main' : 'text.primary', fontWeight: isOwing ? 600 : undefined }}
    >
      <Money amount={amount} />
    </Typography>
  );
}

/** A bundle as a filter's choice: its name as a name, so "15 A" reads left to right in Arabic too (docs/web.md, "Digits"). */
const bundleOption = (bundle: { id: number; name: string }, language: string) => ({
  value: String(bundle.id),
  label: formatName(bundle.name, language),
});

/** The service's customers: search and filters in the URL, CSV; every role that lists opens them. */
export function CustomerListPage() {
  const { t, i18n } = useTranslation();
  const { service, serviceName } = useSelectedService();
  const listState = useListUrlState(customerListSpec);
  const query = useCustomers(service?.id, { ...listState.query, totals: 'true' });
  const totals = query.data?.totals;
  // Support and collectors may not list stations or bundles: those filters are the office's.
  const canListStations = useCan('list', 'station');
  const canListBundles = useCan('list', 'bundle');
  // A collector searching customers goes to the door screen (collect the cash; docs/collectors.md).
  const isCollector = roleFlags(useSession().user?.role).isCollector;
  const stations = useStations(service?.id, OPTIONS_QUERY, { isEnabled: canListStations });
  const bundles = useBundles(service?.id, OPTIONS_QUERY, { isEnabled: canListBundles });
  const regions = useRegions();
  // Statements of account for a station or region, for the roles that read invoices (not collectors).
  // Every customer's statements at once is the office's (admins and accountants; docs/permissions.md).
  const canPrintStatements = useCan('list', 'statement');
  const [isStatementsOpen, setStatementsOpen] = useState(false);

  const columns: DataTableColumn<Customer>[] = [
    {
      field: 'code',
      headerName: t('customers.fields.code'),
      flex: 0.7,
      minWidth: 100,
      renderCell: ({ row }) => <CodeText value={row.code} />,
    },
    { field: 'full_name', headerName: t('customers.fields.fullName'), flex: 1.4, minWidth: 170 },
    {
      field: 'phone',
      headerName: t('customers.fields.phone'),
      flex: 0.9,
      // "+961 76 846099" whole at 1366 px in both languages (tables-fit.spec).
      minWidth: 130,
      renderCell: ({ row }) => <CodeText value={row.phone} />,
    },
    {
      field: 'building',
      headerName: t('customers.fields.address'),
      flex: 1.5,
      minWidth: 160,
      valueGetter: (_value, row) => customerAddressOf(row, t),
      // Region · street · building on two lines: the building is never the part cut off.
      renderCell: ({ value }) => <WrappingCell>{value as string}</WrappingCell>,
    },
    {
      field: 'station',
      headerName: t('customers.fields.station'),
      flex: 1,
      minWidth: 120,
      valueGetter: (_value, row) => row.station_name ?? '',
    },
    {
      field: 'bundle',
      headerName: t('customers.fields.bundle'),
      flex: 0.8,
      minWidth: 100,
      sortable: false,
      valueGetter: (_value, row) => row.subscription?.bundle_name ?? '',
    },
    {
      field: 'status',
      headerName: t('customers.fields.status'),
      flex: 0.8,
      minWidth: 120,
      renderCell: ({ row }) => <CustomerStatusChip status={row.status} />,
    },
    // As wide as the page's widest balance ("LBP 32,659,103").
    moneyColumn('balance', t('customers.fields.balance'), (row) => row.balance, {
      flex: 0.8,
      minWidth: 120,
      renderCell: ({ row }) => <Balance amount={row.balance} />,
    }),
  ];

  return (
    <>
      <PageHeader
        title={t('customers.title')}
        subtitle={serviceName}
        actions={
          <>
            {canPrintStatements && service && (
              <Button variant="outlined" startIcon={<PrintOutlined />} onClick={() => setStatementsOpen(true)}>
                {t('account.actions.bulkStatements')}
              </Button>
            )}
            <Can do="create" on="customer_import">
              <Button component={RouterLink} to={paths.customerImport} variant="outlined" startIcon={<UploadFileOutlined />}>
                {t('customers.actions.import')}
              </Button>
            </Can>
            <Can do="create" on="customer">
              <Button component={RouterLink} to={paths.customerCreate} variant="contained" startIcon={<AddOutlined />}>
                {t('customers.actions.create')}
              </Button>
            </Can>
          </>
        }
      />
      <DataTable<Customer>
        label={t('customers.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('customers.messages.loadFailed')}
        emptyMessage={t('customers.messages.empty')}
        orderingFields={customerListSpec.ordering}
        getRowHref={(row) => generatePath(isCollector ? paths.collect : paths.customerEdit, { customerId: String(row.id) })}
        exportCsv={serviceListExport(service?.id, 'customers')}
        filters={
          <>
            <FilterSelect
              label={t('customers.fields.status')}
              value={listState.filters.status}
              options={CUSTOMER_STATUSES.map((status) => ({ value: status, label: customerStatusLabel(status, t) }))}
              onChange={(value) => listState.setFilter('status', value)}
            />
            {canListStations && (
              <FilterSelect
                label={t('customers.fields.station')}
                value={listState.filters.station}
                options={(stations.data?.results ?? []).map((station) => ({ value: String(station.id), label: station.name }))}
                onChange={(value) => listState.setFilter('station', value)}
              />
            )}
            <FilterSelect
              label={t('forms.address.region')}
              value={listState.filters.region}
              options={(regions.data ?? []).map((region) => ({ value: String(region.id), label: region.name }))}
              onChange={(value) => listState.setFilter('region', value)}
            />
            {canListBundles && (
              <FilterSelect
                label={t('customers.fields.bundle')}
                value={listState.filters.bundle}
                options={(bundles.data?.results ?? []).map((bundle) => bundleOption(bundle, i18n.language))}
                onChange={(value) => listState.setFilter('bundle', value)}
              />
            )}
            <FilterSelect
              label={t('customers.filters.balance')}
              value={listState.filters.balance_due}
              options={[
                { value: 'true', label: t('customers.filters.owing') },
                { value: 'false', label: t('customers.filters.settled') },
              ]}
              onChange={(value) => listState.setFilter('balance_due', value)}
            />
          </>
        }
        totals={
          totals && (
            <TotalFigure label={t('customers.totals.balanceDue')}>
              <Money amount={totals.balance_due} />
            </TotalFigure>
          )
        }
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>{row.full_name}</Typography>
              <Typography component="span" sx={{ flexShrink: 0 }}>
                <Balance amount={row.balance} />
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              <CodeText value={row.code} />
              {row.phone && (
                <>
                  {' · '}
                  <CodeText value={row.phone} />
                </>
              )}
            </Typography>
            {customerAddressOf(row, t) && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {customerAddressOf(row, t)}
              </Typography>
            )}
            {row.status !== 'active' && (
              <div>
                <CustomerStatusChip status={row.status} />
              </div>
            )}
          </Stack>
        )}
      />
      {canPrintStatements && service && (
        <BulkStatementsDialog isOpen={isStatementsOpen} serviceId={service.id} onClose={() => setStatementsOpen(false)} />
      )}
    </>
  );
}
