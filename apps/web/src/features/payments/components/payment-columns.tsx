import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Payment } from '@meterline/contract/payments';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/format-date';
import { formatCode } from '../../../shared/lib/format-number';
import { useSession } from '../../../shared/lib/session';
import { CodeText } from '../../../shared/ui/code-text';
import type { DataTableColumn } from '../../../shared/ui/grid-columns';
import { Money, useFormatMoney } from '../../../shared/ui/money';

export const isReversal = (payment: Payment) => payment.amount.startsWith('-');

/**
 * The payments list's columns. A figure, a code and a method are never cut (docs/web.md, "Tables
 * fit"): their columns are as wide as the widest of the page.
 */
export function usePaymentColumns(methodLabel: (method: string) => string): DataTableColumn<Payment>[] {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const timeZone = useSession().user?.tenant?.timezone;
  const formatMoney = useFormatMoney();
  return [
    {
      field: 'paid_at',
      headerName: t('payments.fields.paidAt'),
      minWidth: 160,
      flex: 1,
      valueFormatter: (value: string) => formatDateTime(value, language, timeZone),
    },
    {
      field: 'invoice_number',
      headerName: t('payments.fields.invoice'),
      minWidth: 150,
      flex: 1,
      wholeText: (row) => formatCode(row.invoice_number, language),
      renderCell: ({ row }) => (
        <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
          <CodeText value={row.invoice_number} />
        </Typography>
      ),
    },
    {
      field: 'customer_name',
      headerName: t('payments.fields.customer'),
      minWidth: 160,
      flex: 1.3,
      renderCell: ({ row }) => <bdi>{row.customer_name}</bdi>,
    },
    {
      field: 'amount',
      headerName: t('payments.fields.amount'),
      minWidth: 150,
      align: 'right',
      headerAlign: 'right',
      // A reversal's chip and its gap take about two em spaces more than the chip's word.
      wholeText: (row) => (isReversal(row) ? `${t('payments.reversal')}\u2003\u2003${formatMoney(row.amount)}` : formatMoney(row.amount)),
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%', justifyContent: 'flex-end' }}>
          {isReversal(row) && <Chip size="small" label={t('payments.reversal')} variant="outlined" />}
          <Money amount={row.amount} />
        </Stack>
      ),
    },
    {
      field: 'method',
      headerName: t('payments.fields.method'),
      minWidth: 110,
      wholeText: (row) => methodLabel(row.method),
      valueFormatter: (value: string) => methodLabel(value),
    },
    {
      field: 'reference',
      headerName: t('payments.fields.reference'),
      minWidth: 120,
      flex: 0.8,
      sortable: false,
      renderCell: ({ row }) => <bdi>{row.reference || row.reason}</bdi>,
    },
    {
      field: 'received_by_name',
      headerName: t('payments.fields.receivedBy'),
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => <bdi>{row.received_by_name ?? '—'}</bdi>,
    },
  ];
}
