import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { Payment } from '@meterline/contract/payments';
import { paymentListSpec } from '@meterline/contract/list-specs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useSession } from '../../../shared/lib/session';
import { DataTable } from '../../../shared/ui/data-table';
import { Money } from '../../../shared/ui/money';
import { useCustomerPayments } from '../api/get-customer-payments';
import { CodeText } from '../../../shared/ui/code-text';

function paymentMethodLabel(method: string, t: TFunction): string {
  switch (method) {
    case 'cash':
      return t('customers.payments.methods.cash');
    case 'card':
      return t('customers.payments.methods.card');
    case 'bank_transfer':
      return t('customers.payments.methods.bank_transfer');
    default:
      return method;
  }
}

/** The customer's payments (reversals negative), newest first. */
export function CustomerPaymentsTable({ serviceId, customerId }: { serviceId: number; customerId: number }) {
  const { t, i18n } = useTranslation();
  const timeZone = useSession().user?.tenant?.timezone;
  const listState = useListUrlState({ ordering: paymentListSpec.ordering, defaultOrdering: paymentListSpec.defaultOrdering });
  const query = useCustomerPayments(serviceId, customerId, listState.query);
  const when = (row: Payment) => formatDateTime(row.paid_at, i18n.language, timeZone);

  const columns: GridColDef<Payment>[] = [
    { field: 'paid_at', headerName: t('customers.payments.paidAt'), flex: 1, minWidth: 170, valueGetter: (_value, row) => when(row) },
    {
      field: 'invoice_number',
      headerName: t('customers.payments.invoice'),
      flex: 1,
      minWidth: 150,
      renderCell: ({ row }) => <CodeText value={row.invoice_number} />,
    },
    {
      field: 'amount',
      headerName: t('customers.payments.amount'),
      flex: 0.7,
      minWidth: 110,
      renderCell: ({ row }) => <Money amount={row.amount} />,
    },
    {
      field: 'method',
      headerName: t('customers.payments.method'),
      flex: 0.7,
      minWidth: 120,
      valueGetter: (_value, row) => paymentMethodLabel(row.method, t),
    },
    { field: 'received_by_name', headerName: t('customers.payments.receivedBy'), flex: 0.9, minWidth: 130, sortable: false },
    { field: 'reference', headerName: t('customers.payments.reference'), flex: 0.9, minWidth: 120, sortable: false },
  ];

  return (
    <DataTable<Payment>
      label={t('customers.tabs.payments')}
      columns={columns}
      listState={listState}
      query={query}
      isSearchable={false}
      errorMessage={t('customers.payments.loadFailed')}
      emptyMessage={t('customers.payments.empty')}
      orderingFields={paymentListSpec.ordering}
      renderCard={(row) => (
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 700 }}>
              <Money amount={row.amount} />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {paymentMethodLabel(row.method, t)}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {when(row)} · <CodeText value={row.invoice_number} />
          </Typography>
        </Stack>
      )}
    />
  );
}
