import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { overdueListSpec, type OverdueCustomer } from '@meterline/contract/overdue';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date';
import { formatCount } from '../../../shared/lib/format-number';
import { useSession } from '../../../shared/lib/session';
import { DataTable } from '../../../shared/ui/data-table';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { Money } from '../../../shared/ui/money';
import { NumberText } from '../../../shared/ui/number-text';
import { PageHeader } from '../../../shared/ui/page-header';
import { useOverdue } from '../api/get-overdue';

type OverdueRow = OverdueCustomer & { id: number };

const MIN_DAYS_OPTIONS = ['30', '60', '90'] as const;

/** `/overdue`: whom to chase, the longest overdue first; "at least N days" is the disconnection list. */
export function OverdueListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const timeZone = useSession().user?.tenant?.timezone;
  const { service } = useSelectedService();
  const listState = useListUrlState(overdueListSpec);
  const query = useOverdue(service?.id, listState.query);

  const columns: GridColDef<OverdueRow>[] = [
    { field: 'customer_name', headerName: t('overdue.fields.customer'), flex: 1.4, minWidth: 180, renderCell: ({ row }) => <bdi>{row.customer_name}</bdi> },
    {
      field: 'phone',
      headerName: t('overdue.fields.phone'),
      flex: 1,
      minWidth: 140,
      sortable: false,
      renderCell: ({ row }) => (
        <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
          {row.phone || '—'}
        </bdi>
      ),
    },
    { field: 'days_overdue', headerName: t('overdue.fields.daysOverdue'), flex: 0.8, minWidth: 120, renderCell: ({ row }) => <NumberText value={row.days_overdue} /> },
    { field: 'oldest_due_on', headerName: t('overdue.fields.oldestDueOn'), flex: 0.9, minWidth: 130, valueFormatter: (value: string) => formatDate(value, language) },
    { field: 'overdue_invoices', headerName: t('overdue.fields.invoices'), flex: 0.6, minWidth: 100, renderCell: ({ row }) => <NumberText value={row.overdue_invoices} /> },
    { field: 'overdue_amount', headerName: t('overdue.fields.amount'), flex: 0.9, minWidth: 130, align: 'right', headerAlign: 'right', renderCell: ({ row }) => <Money amount={row.overdue_amount} /> },
    {
      field: 'last_payment_at',
      headerName: t('overdue.fields.lastPayment'),
      flex: 1,
      minWidth: 160,
      valueFormatter: (value: string | null) => (value ? formatDateTime(value, language, timeZone) : t('overdue.never')),
    },
  ];

  return (
    <>
      <PageHeader title={t('overdue.title')} subtitle={service?.name} />
      <DataTable<OverdueRow>
        label={t('overdue.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('overdue.messages.loadFailed')}
        emptyMessage={t('overdue.messages.empty')}
        orderingFields={overdueListSpec.ordering}
        getRowHref={(row) => generatePath(paths.customerEdit, { customerId: String(row.customer) })}
        exportCsv={service ? { path: `services/${service.id}/overdue/`, filename: 'overdue' } : undefined}
        filters={
          <FilterSelect
            label={t('overdue.filters.minDays')}
            value={listState.filters.min_days}
            options={MIN_DAYS_OPTIONS.map((days) => ({ value: days, label: t('overdue.filters.atLeast', { days }) }))}
            onChange={(value) => listState.setFilter('min_days', value)}
          />
        }
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <bdi>{row.customer_name}</bdi>
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>
                <Money amount={row.overdue_amount} />
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('overdue.card', { days: formatCount(row.days_overdue, language), count: formatCount(row.overdue_invoices, language) })}
              {row.phone && (
                <>
                  {' · '}
                  <bdi dir="ltr">{row.phone}</bdi>
                </>
              )}
            </Typography>
          </Stack>
        )}
      />
    </>
  );
}
