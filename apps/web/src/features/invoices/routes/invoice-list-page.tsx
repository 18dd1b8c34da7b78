import AddOutlined from '@mui/icons-material/AddOutlined';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { invoiceListSpec } from '@meterline/contract/list-specs';
import type { Invoice } from '@meterline/contract/invoices';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { Can, useCan } from '../../../shared/lib/can';
import { formatDate } from '../../../shared/lib/format-date';
import { formatCode } from '../../../shared/lib/format-number';
import { useSession } from '../../../shared/lib/session';
import { formatPeriod } from '../../../shared/lib/period';
import { DataTable, TotalFigure, WrappingCell } from '../../../shared/ui/data-table';
import { moneyColumn, type DataTableColumn } from '../../../shared/ui/grid-columns';
import { Money } from '../../../shared/ui/money';
import { PageHeader } from '../../../shared/ui/page-header';
import { useInvoices } from '../api/get-invoices';
import { InvoiceFilters } from '../components/invoice-filters';
import { InvoiceRowActions } from '../components/invoice-row-actions';
import { InvoiceStatusChip } from '../components/invoice-status-chip';
import { CodeText } from '../../../shared/ui/code-text';
import { serviceListExport } from '../../../shared/ui/export-csv-button';

/** The billing run's form downloads after the list shows, not with it. */
const BillingRunDialog = lazy(() => import('../components/billing-run-dialog').then((module) => ({ default: module.BillingRunDialog })));

/** `/invoices`: the service's invoices with status chips, filters, search, CSV and the billing run. */
export function InvoiceListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { service, serviceName } = useSelectedService();
  const listState = useListUrlState(invoiceListSpec);
  const query = useInvoices(service?.id, { ...listState.query, totals: 'true' });
  const totals = query.data?.totals;
  const canCreateInvoice = useCan('create', 'invoice');
  const canManageInvoices = useCan('manage', 'invoice');
  // The billing run needs both (docs/product/domain.md): admin and accountant.
  const canRunBilling = canCreateInvoice && canManageInvoices;
  const [isBillingRunOpen, setBillingRunOpen] = useState(false);
  const { user } = useSession();
  const secondCurrency = user?.tenant?.second_currency ?? null;
  const isWide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));

  // A figure is never cut: a code's or an amount's column is as wide as its widest of the page ("LBP 11,837,268").
  const columns: DataTableColumn<Invoice>[] = [
    {
      field: 'number',
      headerName: t('invoices.fields.number'),
      minWidth: 145,
      flex: 0.9,
      wholeText: (row) => formatCode(row.number, language),
      renderCell: ({ row }) => (
        <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
          <CodeText value={row.number} />
        </Typography>
      ),
    },
    {
      field: 'customer_name',
      headerName: t('invoices.fields.customer'),
      minWidth: 160,
      flex: 1.4,
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, minWidth: 0 }}>
          <Typography variant="body2" noWrap>
            <bdi>{row.customer_name}</bdi>
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            <CodeText value={row.customer_code} />
          </Typography>
        </Box>
      ),
    },
    // A period of two dates wraps on two lines rather than being cut.
    {
      field: 'period_start',
      headerName: t('invoices.fields.period'),
      minWidth: 130,
      flex: 1,
      renderCell: ({ row }) => <WrappingCell>{formatPeriod(row.period_start, row.period_end, language)}</WrappingCell>,
    },
    {
      field: 'issued_on',
      headerName: t('invoices.fields.issuedOn'),
      minWidth: 115,
      valueFormatter: (value: string) => formatDate(value, language),
    },
    {
      field: 'due_on',
      headerName: t('invoices.fields.dueOn'),
      minWidth: 115,
      valueFormatter: (value: string) => formatDate(value, language),
    },
    moneyColumn('total', t('invoices.fields.total'), (row) => row.total, { minWidth: 105 }),
    // The total in the second currency at each invoice's own rate, where a column fits: from
    // 1536 px (at 1440 px the nine columns would not fit beside the menu; phones show cards).
    ...(secondCurrency && isWide
      ? [
          {
            field: 'total_second',
            headerName: t('currencies.totalIn', { currency: secondCurrency }),
            minWidth: 130,
            align: 'right',
            headerAlign: 'right',
            sortable: false,
            wholeAmount: (row) => row.second_currency && row.total_second && { amount: row.total_second, currency: row.second_currency },
            renderCell: ({ row }) =>
              row.total_second !== null && row.second_currency ? <Money amount={row.total_second} currency={row.second_currency} /> : '—',
          } satisfies DataTableColumn<Invoice>,
        ]
      : []),
    moneyColumn('balance_due', t('invoices.fields.balanceDue'), (row) => row.balance_due, { minWidth: 120 }),
    // As wide as the longest chip ("Partially paid", "مدفوعة جزئياً"): a status is never cut.
    {
      field: 'status',
      headerName: t('invoices.fields.status'),
      minWidth: 150,
      renderCell: ({ row }) => <InvoiceStatusChip invoice={row} />,
    },
    ...(service
      ? [
          {
            field: 'actions',
            headerName: '',
            width: 56,
            sortable: false,
            hideable: false,
            align: 'center',
            renderCell: ({ row }) => <InvoiceRowActions invoice={row} serviceId={service.id} />,
          } satisfies DataTableColumn<Invoice>,
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('invoices.title')}
        subtitle={serviceName}
        actions={
          <>
            {canRunBilling && (
              <Button variant="outlined" startIcon={<PlaylistAddCheckOutlined />} onClick={() => setBillingRunOpen(true)}>
                {t('billingRun.open')}
              </Button>
            )}
            <Can do="create" on="invoice">
              <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to="/invoices/create">
                {t('invoices.actions.create')}
              </Button>
            </Can>
          </>
        }
      />
      <DataTable<Invoice>
        label={t('invoices.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('invoices.list.error')}
        emptyMessage={t('invoices.list.empty')}
        orderingFields={invoiceListSpec.ordering}
        getRowHref={(row) => `/invoices/${row.id}`}
        exportCsv={serviceListExport(service?.id, 'invoices')}
        filters={<InvoiceFilters listState={listState} serviceId={service?.id} />}
        defaultHiddenColumns={['issued_on']}
        totals={
          totals && (
            <>
              <TotalFigure label={t('invoices.totals.total')}>
                <Money amount={totals.total} />
              </TotalFigure>
              <TotalFigure label={t('invoices.totals.paid')}>
                <Money amount={totals.amount_paid} />
              </TotalFigure>
              <TotalFigure label={t('invoices.totals.balanceDue')}>
                <Money amount={totals.balance_due} />
              </TotalFigure>
            </>
          )
        }
        renderCard={(row) => <InvoiceCard invoice={row} language={language} />}
        renderCardActions={service ? (row) => <InvoiceRowActions invoice={row} serviceId={service.id} /> : undefined}
      />
      {service && canRunBilling && (
        <Suspense fallback={null}>
          <BillingRunDialog
            isOpen={isBillingRunOpen}
            serviceId={service.id}
            onClose={() => setBillingRunOpen(false)}
            onShowPeriod={(period) => {
              setBillingRunOpen(false);
              listState.setFilters({
                period_start: period.start,
                period_end: period.end,
                status: null,
                customer: null,
                date_from: null,
                date_to: null,
              });
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** One invoice on a phone: number and status, customer, amounts and due date, big enough for a thumb. */
function InvoiceCard({ invoice, language }: { invoice: Invoice; language: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          <CodeText value={invoice.number} />
        </Typography>
        <InvoiceStatusChip invoice={invoice} />
      </Stack>
      <Typography noWrap>
        <bdi>{invoice.customer_name}</bdi>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatPeriod(invoice.period_start, invoice.period_end, language)} · {t('invoices.fields.dueOn')}{' '}
        {formatDate(invoice.due_on, language)}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <Typography variant="body2">
          {t('invoices.fields.total')}: <Money amount={invoice.total} />
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('invoices.fields.balanceDue')}: <Money amount={invoice.balance_due} />
        </Typography>
      </Stack>
    </Stack>
  );
}
