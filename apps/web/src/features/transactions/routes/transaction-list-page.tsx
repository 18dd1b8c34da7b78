import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { TRANSACTION_KINDS, transactionListSpec } from '@meterline/contract/list-specs';
import type { Transaction } from '@meterline/contract/transactions';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useStaffOptions } from '../../../shared/api/get-staff-options';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { Can, useCan } from '../../../shared/lib/can';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useSession } from '../../../shared/lib/session';
import { DataTable } from '../../../shared/ui/data-table';
import { moneyColumn, type DataTableColumn } from '../../../shared/ui/grid-columns';
import { DateRangeFilter } from '../../../shared/ui/date-filter-field';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { Money } from '../../../shared/ui/money';
import { PageHeader } from '../../../shared/ui/page-header';
import { useTransactions } from '../api/get-transactions';
import { InvoiceStatusSummary } from '../components/invoice-status-summary';

/** An amount in its own currency: a count's second-currency cash is in that currency (docs/money-and-numbering.md). */
const renderAmount = ({ row }: { row: Transaction }) => <Money amount={row.amount} currency={row.currency ?? undefined} />;

/** `/transactions`: money outside invoices (handovers, expenses, deposits, adjustments) and the invoice status summary. */
export function TransactionListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const timeZone = useSession().user?.tenant?.timezone;
  const { service } = useSelectedService();
  const isRtl = useTheme().direction === 'rtl';
  const listState = useListUrlState(transactionListSpec);
  const query = useTransactions(listState.query);
  const staff = useStaffOptions({ isEnabled: useCan('list', 'user') });
  const staffOptions = (staff.data ?? []).map((option) => ({ value: String(option.id), label: option.name }));
  const kindLabel = (kind: string) => t(`transactions.kinds.${kind as 'handover'}`, { defaultValue: kind });

  const columns: DataTableColumn<Transaction>[] = [
    {
      field: 'created_at',
      headerName: t('transactions.fields.createdAt'),
      minWidth: 160,
      flex: 1,
      valueFormatter: (value: string) => formatDateTime(value, language, timeZone),
    },
    {
      field: 'kind',
      headerName: t('transactions.fields.kind'),
      minWidth: 130,
      renderCell: ({ row }) => <Chip size="small" variant="outlined" label={kindLabel(row.kind)} />,
    },
    moneyColumn('amount', t('transactions.fields.amount'), (row) => row.amount, { minWidth: 120, renderCell: renderAmount }),
    {
      field: 'from_user_name',
      headerName: t('transactions.fields.fromUser'),
      minWidth: 130,
      flex: 1,
      sortable: false,
      renderCell: ({ row }) => <bdi>{row.from_user_name ?? '—'}</bdi>,
    },
    {
      field: 'to_user_name',
      headerName: t('transactions.fields.toUser'),
      minWidth: 130,
      flex: 1,
      sortable: false,
      renderCell: ({ row }) => <bdi>{row.to_user_name ?? '—'}</bdi>,
    },
    {
      field: 'description',
      headerName: t('transactions.fields.description'),
      minWidth: 180,
      flex: 1.5,
      sortable: false,
      renderCell: ({ row }) => <bdi>{row.description}</bdi>,
    },
    {
      field: 'created_by_name',
      headerName: t('transactions.fields.createdBy'),
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => <bdi>{row.created_by_name ?? '—'}</bdi>,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('transactions.title')}
        actions={
          <Can do="create" on="transaction">
            <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to="/transactions/create">
              {t('transactions.actions.create')}
            </Button>
          </Can>
        }
      />
      <InvoiceStatusSummary serviceId={service?.id} dateFrom={listState.filters.date_from} dateTo={listState.filters.date_to} />
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {t('transactions.list.title')}
      </Typography>
      <DataTable<Transaction>
        label={t('transactions.list.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('transactions.list.error')}
        emptyMessage={t('transactions.list.empty')}
        orderingFields={transactionListSpec.ordering}
        exportCsv={{ path: 'transaction/transactions/', filename: 'transactions' }}
        filters={
          <>
            <FilterSelect
              label={t('transactions.fields.kind')}
              value={listState.filters.kind}
              options={TRANSACTION_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
              onChange={(value) => listState.setFilter('kind', value)}
            />
            <FilterSelect
              label={t('transactions.fields.fromUser')}
              value={listState.filters.from_user}
              options={staffOptions}
              onChange={(value) => listState.setFilter('from_user', value)}
            />
            <FilterSelect
              label={t('transactions.fields.toUser')}
              value={listState.filters.to_user}
              options={staffOptions}
              onChange={(value) => listState.setFilter('to_user', value)}
            />
            <DateRangeFilter
              label={t('transactions.filters.dates')}
              fromLabel={t('transactions.filters.from')}
              toLabel={t('transactions.filters.to')}
              from={listState.filters.date_from}
              to={listState.filters.date_to}
              onChange={({ from, to }) => listState.setFilters({ date_from: from, date_to: to })}
            />
          </>
        }
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Chip size="small" variant="outlined" label={kindLabel(row.kind)} />
              <Typography sx={{ fontWeight: 700 }}>{renderAmount({ row })}</Typography>
            </Stack>
            <Typography variant="body2">
              {row.from_user_name && <bdi>{row.from_user_name}</bdi>}
              {row.from_user_name && row.to_user_name ? (isRtl ? ' ← ' : ' → ') : ''}
              {row.to_user_name && <bdi>{row.to_user_name}</bdi>}
            </Typography>
            {row.description && (
              <Typography variant="body2" noWrap>
                <bdi>{row.description}</bdi>
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(row.created_at, language, timeZone)}
            </Typography>
          </Stack>
        )}
      />
    </>
  );
}
