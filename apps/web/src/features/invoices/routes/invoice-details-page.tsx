import CancelOutlined from '@mui/icons-material/CancelOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvoiceDetail } from '@meterline/contract/invoices';
import { currencyDecimals, parseMoney } from '@meterline/contract/money-format';
import type { Payment } from '@meterline/contract/payments';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { roleFlags } from '@meterline/contract/roles';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { ApiError } from '../../../shared/lib/api-client';
import { HistoryList } from '../../../shared/ui/history-list';
import { Can, useCan } from '../../../shared/lib/can';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date';
import { formatPeriod } from '../../../shared/lib/period';
import { useSession } from '../../../shared/lib/session';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { Money } from '../../../shared/ui/money';
import { PageHeader } from '../../../shared/ui/page-header';
import { RecordState } from '../../../shared/ui/record-state';
import { useInvoice } from '../api/get-invoice';
import { useCreditNotes } from '../api/credit-notes';
import { CreditNotesList } from '../components/credit-notes-list';
import { secondCurrencyItems, tenderText } from '../components/second-currency-details';
import { DetailList } from '../components/detail-list';
import { InvoiceDocumentButtons } from '../components/invoice-document-buttons';
import { InvoiceMoneyDialogs } from '../components/invoice-money-dialogs';
import { InvoiceStatusChip } from '../components/invoice-status-chip';
import { LineDescription } from '../components/line-description';
import type { PaymentMode } from '../components/payment-dialog';
import { OlderInvoicesNotice } from '../../../shared/ui/older-invoices-notice';
import { reversibleMinorOf } from '../components/reversible-amount';
import { CodeText } from '../../../shared/ui/code-text';
import { InvoiceReadingsTable } from '../components/invoice-readings-table';
import { ResponsiveTable } from '../components/responsive-table';
import { formatCode } from '../../../shared/lib/format-number';

/** `/invoices/:invoiceId`: lines, readings, consumption, payments and balance, with the money actions the role allows. */
export function InvoiceDetailsPage() {
  const { t } = useTranslation();
  const invoiceId = useIdParam('invoiceId');
  const { service } = useSelectedService();
  const query = useInvoice(service?.id, Number.isInteger(invoiceId) ? invoiceId : 0);
  const isNotFound = query.error instanceof ApiError && query.error.status === 404;

  const breadcrumbs = [
    { label: t('invoices.title'), to: '/invoices' },
    { label: query.data ? formatCode(query.data.number) : t('invoices.detailsTitle') },
  ];
  if (query.data && service) {
    return <InvoiceDetails invoice={query.data} serviceId={service.id} unit={service.unit} breadcrumbs={breadcrumbs} />;
  }
  return (
    <>
      <PageHeader title={t('invoices.detailsTitle')} breadcrumbs={breadcrumbs} backTo="/invoices" />
      <RecordState
        isPending={!service || query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        isMissing={!Number.isInteger(invoiceId)}
        failedMessage={isNotFound || !Number.isInteger(invoiceId) ? t('invoices.details.notFound') : t('invoices.details.loadError')}
        rows={4}
      >
        {null}
      </RecordState>
    </>
  );
}

function InvoiceDetails({
  invoice,
  serviceId,
  unit,
  breadcrumbs,
}: {
  invoice: InvoiceDetail;
  serviceId: number;
  unit: string;
  breadcrumbs: { label: string; to?: string }[];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { user } = useSession();
  const timeZone = user?.tenant?.timezone;
  const canTakePayments = useCan('create', 'payment');
  // Collectors take cash, never reverse (docs/permissions.md, "Who may mark an invoice paid").
  const isCollector = roleFlags(useSession().user?.role).isCollector;
  const [paymentMode, setPaymentMode] = useState<PaymentMode | 'account' | null>(null);
  const [isCancelOpen, setCancelOpen] = useState(false);
  // Oldest first (docs/accounts.md): older unpaid invoices of the customer, and the account payment instead.
  const payAccount = useCan('create', 'account_payment') ? () => setPaymentMode('account') : undefined;
  // Credit notes (admin, accountant; docs/accounts.md), listed for everyone who sees the invoice.
  const canCreditNote = useCan('create', 'credit_note');
  const [isCreditNoteOpen, setCreditNoteOpen] = useState(false);
  const creditNotes = useCreditNotes(serviceId, invoice.id);
  const [reversing, setReversing] = useState<Payment | null>(null);
  const decimals = currencyDecimals(invoice.currency);
  const hasBalance = (parseMoney(invoice.balance_due, decimals) ?? 0n) > 0n;
  const isCancelled = invoice.status === 'cancelled';
  const canBePaid = !isCancelled && hasBalance;
  const canBeCancelled = invoice.status !== 'cancelled' && (parseMoney(invoice.amount_paid, decimals) ?? 0n) === 0n;

  const openPayment = (mode: PaymentMode) => setPaymentMode(mode);
  // One money dialog at a time: closing closes whichever is open.
  const closeDialogs = () => {
    setPaymentMode(null);
    setReversing(null);
    setCreditNoteOpen(false);
    setCancelOpen(false);
  };

  return (
    <>
      <PageHeader
        title={<CodeText value={invoice.number} />}
        subtitle={<bdi>{invoice.customer_name}</bdi>}
        breadcrumbs={breadcrumbs}
        backTo="/invoices"
        actions={<InvoiceStatusChip invoice={invoice} size="medium" />}
      />
      <Stack spacing={3}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, '& > .MuiButton-root': { flexGrow: { xs: 1, sm: 0 } } }}>
          {canTakePayments && canBePaid && (
            <>
              <Button variant="contained" startIcon={<PaidOutlined />} onClick={() => openPayment('full')}>
                {t('invoices.actions.markPaid')}
              </Button>
              <Button variant="outlined" startIcon={<PaymentsOutlined />} onClick={() => openPayment('partial')}>
                {t('invoices.actions.partialPayment')}
              </Button>
            </>
          )}
          {canCreditNote && !isCancelled && (
            <Button variant="outlined" startIcon={<RequestQuoteOutlined />} onClick={() => setCreditNoteOpen(true)}>
              {t('account.creditNote.action')}
            </Button>
          )}
          <InvoiceDocumentButtons serviceId={serviceId} invoiceId={invoice.id} number={invoice.number} />
          {/* Cannot be undone: the last button of the row. */}
          <Can do="cancel" on="invoice">
            {canBeCancelled && (
              <Button variant="outlined" color="error" startIcon={<CancelOutlined />} onClick={() => setCancelOpen(true)}>
                {t('invoices.actions.cancel')}
              </Button>
            )}
          </Can>
        </Stack>

        <OlderInvoicesNotice serviceId={serviceId} invoice={invoice} isEnabled={canTakePayments && canBePaid} onPayAccount={payAccount} />

        {isCancelled && (
          <Alert severity="warning">
            {t('invoices.details.cancelledOn', { date: formatDateTime(invoice.cancelled_at, language, timeZone) })}{' '}
            {invoice.cancel_reason && <bdi>{invoice.cancel_reason}</bdi>}
          </Alert>
        )}

        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
          <Section title={t('invoices.details.summary')}>
            <DetailList
              items={[
                {
                  label: t('invoices.fields.customer'),
                  value: (
                    <Link component={RouterLink} to={`/customers/${invoice.customer}`}>
                      <bdi>{invoice.customer_name}</bdi>
                    </Link>
                  ),
                },
                { label: t('invoices.fields.customerCode'), value: <CodeText value={invoice.customer_code} /> },
                { label: t('invoices.fields.period'), value: formatPeriod(invoice.period_start, invoice.period_end, language) },
                { label: t('invoices.fields.issuedOn'), value: formatDate(invoice.issued_on, language) },
                { label: t('invoices.fields.dueOn'), value: formatDate(invoice.due_on, language) },
                ...(invoice.notes ? [{ label: t('invoices.fields.notes'), value: <bdi>{invoice.notes}</bdi> }] : []),
              ]}
            />
          </Section>
          <Section title={t('invoices.details.amounts')}>
            <DetailList
              items={[
                { label: t('invoices.fields.subtotal'), value: <Money amount={invoice.subtotal} /> },
                { label: t('invoices.fields.tax'), value: <Money amount={invoice.tax} /> },
                { label: t('invoices.fields.total'), value: <Money amount={invoice.total} />, isEmphasized: true },
                { label: t('invoices.fields.amountPaid'), value: <Money amount={invoice.amount_paid} /> },
                { label: t('invoices.fields.balanceDue'), value: <Money amount={invoice.balance_due} />, isEmphasized: true },
                ...secondCurrencyItems(invoice, t, language),
              ]}
            />
          </Section>
        </Box>

        {invoice.consumption !== null && (
          <Section title={t('invoices.details.readings')}>
            <DetailList
              items={[
                { label: t('invoices.fields.previousReading'), value: <DecimalText value={invoice.previous_reading} /> },
                { label: t('invoices.fields.currentReading'), value: <DecimalText value={invoice.current_reading} /> },
                {
                  label: t('invoices.fields.consumption'),
                  value: <DecimalText value={invoice.consumption} unit={unit} />,
                  isEmphasized: true,
                },
              ]}
            />
            {invoice.readings.length > 0 && <InvoiceReadingsTable readings={invoice.readings} />}
          </Section>
        )}

        <Section title={t('invoices.details.lines')}>
          <ResponsiveTable
            label={t('invoices.details.lines')}
            headers={[
              t('invoices.lines.description'),
              t('invoices.lines.quantity'),
              t('invoices.lines.unitPrice'),
              t('invoices.lines.amount'),
            ]}
            numericColumns={[1, 2, 3]}
            rows={invoice.lines.map((line) => ({
              key: line.id,
              cells: [
                <LineDescription key="description" description={line.description} pricing={line.pricing} />,
                <DecimalText key="quantity" value={line.quantity} />,
                <DecimalText key="price" value={line.unit_price} maxDecimals={6} />,
                <Money key="amount" amount={line.amount} />,
              ],
            }))}
          />
        </Section>

        <Section title={t('invoices.details.payments')}>
          {invoice.payments.length === 0 ? (
            <Typography color="text.secondary">{t('invoices.details.noPayments')}</Typography>
          ) : (
            <ResponsiveTable
              label={t('invoices.details.payments')}
              headers={[
                t('payments.fields.paidAt'),
                t('payments.fields.amount'),
                t('payments.fields.method'),
                t('payments.fields.receivedBy'),
                t('payments.fields.details'),
                ...(canTakePayments ? [t('invoices.details.actions')] : []),
              ]}
              numericColumns={[1]}
              rows={invoice.payments.map((payment) => {
                const isReversal = payment.amount.startsWith('-');
                const canReverse =
                  canTakePayments &&
                  !isCollector &&
                  !isReversal &&
                  !isCancelled &&
                  reversibleMinorOf(payment, invoice.payments, decimals) > 0n;
                return {
                  key: payment.id,
                  cells: [
                    formatDateTime(payment.paid_at, language, timeZone),
                    <Money key="amount" amount={payment.amount} />,
                    t(`payments.methods.${payment.method as 'cash'}`, { defaultValue: payment.method }),
                    <bdi key="by">{payment.received_by_name ?? '—'}</bdi>,
                    <PaymentDetails key="details" payment={payment} />,
                    ...(canTakePayments
                      ? [
                          canReverse ? (
                            <Button
                              key="reverse"
                              size="small"
                              color="error"
                              onClick={() => setReversing(payment)}
                              aria-label={t('invoices.reverse.buttonLabel', { date: formatDateTime(payment.paid_at, language, timeZone) })}
                            >
                              {t('invoices.actions.reverse')}
                            </Button>
                          ) : (
                            ''
                          ),
                        ]
                      : []),
                  ],
                };
              })}
            />
          )}
        </Section>
        {creditNotes.data && creditNotes.data.length > 0 && (
          <Section title={t('account.creditNote.listTitle')}>
            <CreditNotesList serviceId={serviceId} notes={creditNotes.data} />
          </Section>
        )}
        <Can do="list" on="audit">
          <Section title={t('history.tab')}>
            <HistoryList entity="invoice" entityId={invoice.id} unit={unit} />
          </Section>
        </Can>
      </Stack>

      <InvoiceMoneyDialogs
        invoice={invoice}
        serviceId={serviceId}
        paymentMode={canTakePayments && paymentMode}
        reversing={canTakePayments && reversing}
        isCreditNoteOpen={canCreditNote && isCreditNoteOpen}
        isCancelOpen={isCancelOpen}
        onPayAccount={payAccount}
        onClose={closeDialogs}
      />
    </>
  );
}

function PaymentDetails({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation();
  const parts = [
    payment.reference && `${t('payments.fields.reference')}: ${payment.reference}`,
    payment.reason && `${t('payments.fields.reason')}: ${payment.reason}`,
    payment.note,
    tenderText(payment, t, i18n.language),
  ].filter(Boolean);
  return parts.length ? <bdi>{parts.join(' · ')}</bdi> : <>—</>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
