import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { Invoice } from '@meterline/contract/invoices';
import { invoiceListSpec } from '@meterline/contract/list-specs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useCan } from '../../../shared/lib/can';
import { formatDate } from '../../../shared/lib/format-date';
import { DataTable } from '../../../shared/ui/data-table';
import { Money } from '../../../shared/ui/money';
import { StatusChip } from '../../../shared/ui/status-chip';
import { useCustomerInvoices } from '../../../shared/api/get-customer-invoices';
import { CodeText } from '../../../shared/ui/code-text';

const STATUS_TONES = { unpaid: 'warning', partially_paid: 'info', paid: 'success', cancelled: 'neutral' } as const;

function invoiceStatusLabel(invoice: Invoice, t: TFunction): string {
  if (invoice.is_overdue) return t('customers.invoices.status.overdue');
  switch (invoice.status) {
    case 'unpaid':
      return t('customers.invoices.status.unpaid');
    case 'partially_paid':
      return t('customers.invoices.status.partially_paid');
    case 'paid':
      return t('customers.invoices.status.paid');
    case 'cancelled':
      return t('customers.invoices.status.cancelled');
    default:
      return invoice.status;
  }
}

function InvoiceStatusChip({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  return <StatusChip tone={invoice.is_overdue ? 'error' : STATUS_TONES[invoice.status]} label={invoiceStatusLabel(invoice, t)} />;
}

/** The customer's invoices, newest first; a row opens the invoice for roles that may view one. */
export function CustomerInvoicesTable({ serviceId, customerId }: { serviceId: number; customerId: number }) {
  const { t, i18n } = useTranslation();
  const canView = useCan('view', 'invoice');
  const listState = useListUrlState({ ordering: invoiceListSpec.ordering, defaultOrdering: '-issued_on' });
  const query = useCustomerInvoices(serviceId, customerId, listState.query);
  const date = (value: string) => formatDate(value, i18n.language);

  const columns: GridColDef<Invoice>[] = [
    {
      field: 'number',
      headerName: t('customers.invoices.number'),
      flex: 1,
      minWidth: 160,
      renderCell: ({ row }) => <CodeText value={row.number} />,
    },
    {
      field: 'period_start',
      headerName: t('customers.invoices.period'),
      flex: 1.2,
      minWidth: 200,
      valueGetter: (_value, row) => `${date(row.period_start)} – ${date(row.period_end)}`,
    },
    {
      field: 'due_on',
      headerName: t('customers.invoices.dueOn'),
      flex: 0.8,
      minWidth: 120,
      valueGetter: (_value, row) => date(row.due_on),
    },
    {
      field: 'total',
      headerName: t('customers.invoices.total'),
      flex: 0.7,
      minWidth: 110,
      renderCell: ({ row }) => <Money amount={row.total} currency={row.currency} />,
    },
    {
      field: 'balance_due',
      headerName: t('customers.invoices.balanceDue'),
      flex: 0.7,
      minWidth: 110,
      renderCell: ({ row }) => <Money amount={row.balance_due} currency={row.currency} />,
    },
    {
      field: 'status',
      headerName: t('customers.invoices.statusLabel'),
      flex: 0.8,
      minWidth: 130,
      renderCell: ({ row }) => <InvoiceStatusChip invoice={row} />,
    },
  ];

  return (
    <DataTable<Invoice>
      label={t('customers.tabs.invoices')}
      columns={columns}
      listState={listState}
      query={query}
      isSearchable={false}
      errorMessage={t('customers.invoices.loadFailed')}
      emptyMessage={t('customers.invoices.empty')}
      orderingFields={invoiceListSpec.ordering}
      getRowHref={canView ? (row) => generatePath(paths.invoiceDetails, { invoiceId: String(row.id) }) : undefined}
      renderCard={(row) => (
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 600 }}>
              <CodeText value={row.number} />
            </Typography>
            <InvoiceStatusChip invoice={row} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {date(row.period_start)} – {date(row.period_end)}
          </Typography>
          <Typography variant="body2">
            {t('customers.invoices.total')}: <Money amount={row.total} currency={row.currency} /> · {t('customers.invoices.balanceDue')}:{' '}
            <Money amount={row.balance_due} currency={row.currency} />
          </Typography>
        </Stack>
      )}
    />
  );
}
