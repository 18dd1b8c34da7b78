import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECEIPT_SIZES, type ReceiptSize } from '@meterline/contract/receipt-sizes';
import type { Invoice } from '@meterline/contract/invoices';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money-format';
import type { Payment } from '@meterline/contract/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoorSplit } from '../components/door-tender';
import { DoorChangeDue, DoorTenderForm } from '../components/door-tender-form';
import { NextDoorButton } from '../components/next-door-button';
import { paths } from '../../../shared/lib/paths';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useSingleFlight } from '../../../shared/hooks/use-single-flight';
import { useToast } from '../../../shared/hooks/use-toast';
import { formatDate } from '../../../shared/lib/format-date';
import { formatCount } from '../../../shared/lib/format-number';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { invalidateMoneyQueries } from '../../../shared/lib/money-queries';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Money, useFormatMoney, useTenantCurrency } from '../../../shared/ui/money';
import { PageHeader } from '../../../shared/ui/page-header';
import { RecordState } from '../../../shared/ui/record-state';
import { useCustomer } from '../../../shared/api/get-customer';
import { submitFieldWrite, useFieldWrites, type PaymentWrite } from '../../../shared/offline/offline-writes';
import { PendingReceiptDialog } from '../../../shared/offline/pending-receipt';
import { useIdempotencyKey } from '../../../shared/hooks/use-idempotency-key';
import { COLLECT_INVOICES_QUERY, useCustomerInvoices } from '../../../shared/api/get-customer-invoices';
import { openReceipt, shareReceipt } from '../../../shared/api/receipt';
import { cashKeys } from '../../../shared/api/query-keys';
import { CodeText } from '../../../shared/ui/code-text';

/**
 * The invoices still owed, oldest first (issue day, then number order), less the cash taken on
 * this phone that waits to be sent (docs/offline.md): that money is not asked for twice at the door.
 */
function unpaidOldestFirst(invoices: Invoice[] | undefined, waitingMinor: Map<number, bigint>, decimals: number): Invoice[] {
  return (invoices ?? [])
    .filter((invoice) => invoice.status === 'unpaid' || invoice.status === 'partially_paid')
    .map((invoice) => {
      const waiting = waitingMinor.get(invoice.id);
      return waiting
        ? { ...invoice, balance_due: formatMoneyAmount((parseMoney(invoice.balance_due, decimals) ?? 0n) - waiting, decimals) }
        : invoice;
    })
    .filter((invoice) => (parseMoney(invoice.balance_due, decimals) ?? 0n) > 0n)
    .sort((a, b) => (a.issued_on === b.issued_on ? a.id - b.id : a.issued_on < b.issued_on ? -1 : 1));
}

/** Per invoice, the cash of the payments waiting on this phone, in minor units. */
function waitingCashOf(writes: { write: { kind: string } }[], decimals: number): Map<number, bigint> {
  const byInvoice = new Map<number, bigint>();
  for (const { write } of writes) {
    if (write.kind !== 'payment') continue;
    const payment = write as PaymentWrite;
    byInvoice.set(payment.invoiceId, (byInvoice.get(payment.invoiceId) ?? 0n) + (parseMoney(payment.label.amount, decimals) ?? 0n));
  }
  return byInvoice;
}

const bigButton = { size: 'large' as const, fullWidth: true, sx: { minHeight: 56, fontSize: '1.05rem' } };

/**
 * Collect at the door (docs/collectors.md), for a phone: the customer, every unpaid invoice oldest first
 * with the total, the cash taken (all of it or part, paid oldest first), then the receipt to
 * print or share. One Idempotency-Key per take, one payment per invoice under `key-invoice`.
 * Through the field-write queue (docs/offline.md): with no network the cash is kept on this phone with
 * the moment it was taken, its receipt shown "pending", and the final one printed once sent.
 */
export function CollectPage() {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const customerId = useIdParam('customerId');
  const { service } = useSelectedService();
  const serviceId = service?.id ?? 0;
  const currency = useTenantCurrency();
  const decimals = currencyDecimals(currency);
  const formatMoney = useFormatMoney();
  const customer = useCustomer(service?.id, customerId);
  const invoices = useCustomerInvoices(service?.id, customerId, COLLECT_INVOICES_QUERY);
  const fieldWrites = useFieldWrites();
  const unpaid = unpaidOldestFirst(invoices.data?.results, waitingCashOf(fieldWrites.waiting, decimals), decimals);
  const totalMinor = unpaid.reduce((sum, invoice) => sum + (parseMoney(invoice.balance_due, decimals) ?? 0n), 0n);
  const total = formatMoneyAmount(totalMinor, decimals);

  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [taking, setTaking] = useState<bigint | null>(null);
  // The notes being taken, spread per invoice; null when the whole total is taken ("Take all").
  const [takingSplit, setTakingSplit] = useState<DoorSplit | null>(null);
  // Counts the notes taken: the tender starts empty again after each.
  const [tendered, setTendered] = useState(0);
  const [isBusy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [receipts, setReceipts] = useState<Payment[]>([]);
  // Cash kept on this phone at this door, and the one whose pending receipt is on screen.
  const [queued, setQueued] = useState<PaymentWrite[]>([]);
  const [pendingReceipt, setPendingReceipt] = useState<PaymentWrite | null>(null);
  const [size, setSize] = useState<ReceiptSize>('80');
  const [printing, setPrinting] = useState<number | null>(null);
  const { idempotencyKey, renewAfter } = useIdempotencyKey(isConfirmOpen);
  const runOnce = useSingleFlight();

  const askToTakeAll = () => {
    setFormError(null);
    setTakingSplit(null);
    setTaking(totalMinor);
    setConfirmOpen(true);
  };
  const askToTakeNotes = (split: DoorSplit) => {
    setFormError(null);
    setTakingSplit(split);
    setTaking(split.applied);
    setConfirmOpen(true);
  };

  /** Pays the oldest invoices first, each with the exact amount (so a balance paid meanwhile is refused, never overpaid). */
  const take = async () => {
    if (taking === null) return;
    setBusy(true);
    const made: Payment[] = [];
    const kept: PaymentWrite[] = [];
    let left = taking;
    const paidAt = new Date().toISOString();
    try {
      for (const invoice of unpaid) {
        if (left <= 0n) break;
        const balance = parseMoney(invoice.balance_due, decimals) ?? 0n;
        // The notes this invoice takes (`amounts`, converted by the server at its rate), or its share of the total.
        const share = takingSplit?.shares.find((item) => item.invoiceId === invoice.id) ?? null;
        if (takingSplit && !share) continue;
        const paying = share ? share.settled.applied : left < balance ? left : balance;
        if (paying <= 0n) continue;
        const amount = formatMoneyAmount(paying, decimals);
        const write: PaymentWrite = {
          kind: 'payment',
          serviceId,
          invoiceId: invoice.id,
          input: share
            ? {
                amounts: share.parts.map((part) => ({
                  currency: part.currency,
                  amount: formatMoneyAmount(part.minor, currencyDecimals(part.currency)),
                })),
                method: 'cash',
                paid_at: paidAt,
              }
            : { amount, method: 'cash', paid_at: paidAt },
          idempotencyKey: `${idempotencyKey}-${invoice.id}`,
          label: { customer: name, invoiceNumber: invoice.number, currency: invoice.currency, balanceBefore: invoice.balance_due, amount },
        };
        const outcome = await submitFieldWrite<Payment>(queryClient, write);
        if (outcome.status === 'sent') made.push(outcome.data);
        else kept.push(write);
        left -= paying;
      }
      const amount = formatMoney(formatMoneyAmount(taking, decimals));
      if (kept.length) {
        showToast(t('collect.queued', { amount, customer: name }), { variant: 'info' });
        setQueued((previous) => [...kept, ...previous]);
        setPendingReceipt(kept[0] ?? null);
      } else showToast(t('collect.taken', { amount }), { variant: 'success' });
      setConfirmOpen(false);
      setTendered((count) => count + 1);
    } catch (error) {
      renewAfter(error);
      setFormError(errorMessageOf(error, t));
    } finally {
      if (made.length) setReceipts((previous) => [...made, ...previous]);
      setBusy(false);
      await Promise.all([
        invalidateMoneyQueries(queryClient, serviceId),
        queryClient.invalidateQueries({ queryKey: cashKeys.all(serviceId) }),
      ]);
    }
  };

  const print = async (payment: Payment, share: boolean) => {
    setPrinting(payment.id);
    try {
      if (share) await shareReceipt(serviceId, payment.id, { size, language: i18n.language, title: t('collect.receiptTitle') });
      else await openReceipt(serviceId, payment.id, { size, language: i18n.language });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) showToast(t('collect.printFailed'), { variant: 'error' });
    } finally {
      setPrinting(null);
    }
  };

  const name = customer.data?.full_name ?? t('collect.title');

  return (
    <>
      <PageHeader
        title={name}
        subtitle={t('collect.title')}
        backTo={paths.customers}
        breadcrumbs={[{ label: t('customers.title'), to: paths.customers }, { label: name }]}
      />
      <RecordState
        isPending={!service || customer.isPending || invoices.isPending}
        error={customer.error ?? invoices.error}
        onRetry={() => void Promise.all([customer.refetch(), invoices.refetch()])}
      >
        {customer.data && (
          <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
            <NextDoorButton isPrimary={unpaid.length === 0 || receipts.length + queued.length > 0} />
            <Card variant="outlined">
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  <CodeText value={customer.data.code} />
                  {customer.data.building_name ? ` · ${customer.data.building_name}` : ''}
                  {customer.data.floor ? ` · ${t('collect.floor', { floor: customer.data.floor })}` : ''}
                  {customer.data.apartment ? ` · ${customer.data.apartment}` : ''}
                </Typography>
                {customer.data.phone && (
                  <Button href={`tel:${customer.data.phone}`} startIcon={<PhoneOutlined />} sx={{ mt: 1, px: 0 }}>
                    <CodeText value={customer.data.phone} />
                  </Button>
                )}
                <Typography variant="overline" component="p" sx={{ mt: 1 }}>
                  {t('collect.totalDue')}
                </Typography>
                <Typography variant="h4" component="p" data-testid="collect-total" sx={{ fontWeight: 700 }}>
                  <Money amount={total} />
                </Typography>
              </CardContent>
            </Card>

            {queued.length > 0 && (
              <Card variant="outlined" sx={{ borderColor: 'warning.main' }} data-testid="collect-pending-receipts">
                <CardContent>
                  <Stack spacing={1.5}>
                    <Typography variant="h6" component="h2">
                      {t('collect.pendingReceipts')}
                    </Typography>
                    {queued.map((write) => {
                      const sent = fieldWrites.sent.find((item) => item.write.idempotencyKey === write.idempotencyKey)?.payment ?? null;
                      return (
                        <Box key={write.idempotencyKey} data-testid="collect-pending-receipt">
                          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                            <Typography>
                              <bdi dir="ltr">{write.label.invoiceNumber}</bdi> ·{' '}
                              <Money amount={write.label.amount} currency={write.label.currency} />
                            </Typography>
                            {!sent && <Chip size="small" color="warning" label={t('offline.receipt.pending')} />}
                          </Stack>
                          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                            {sent ? (
                              <Button
                                {...bigButton}
                                variant="contained"
                                startIcon={<PrintOutlined />}
                                loading={printing === sent.id}
                                onClick={() => void print(sent, false)}
                              >
                                {t('collect.printReceipt')}
                              </Button>
                            ) : (
                              <Button {...bigButton} variant="outlined" onClick={() => setPendingReceipt(write)}>
                                {t('collect.showReceipt')}
                              </Button>
                            )}
                          </Stack>
                        </Box>
                      );
                    })}
                  </Stack>
                </CardContent>
              </Card>
            )}

            {receipts.length > 0 && (
              <Card variant="outlined" sx={{ borderColor: 'success.main' }}>
                <CardContent>
                  <Stack spacing={1.5}>
                    <Typography variant="h6" component="h2">
                      {t('collect.receipts')}
                    </Typography>
                    <Stack direction="row" spacing={1} role="group" aria-label={t('collect.paperSize')}>
                      {RECEIPT_SIZES.map((option) => (
                        <Button
                          key={option}
                          fullWidth
                          variant={size === option ? 'contained' : 'outlined'}
                          aria-pressed={size === option}
                          sx={{ minHeight: 48 }}
                          onClick={() => setSize(option)}
                        >
                          {t(`collect.sizes.${option}`)}
                        </Button>
                      ))}
                    </Stack>
                    {receipts.map((payment) => (
                      <Box key={payment.id} data-testid="collect-receipt">
                        <Typography>
                          <CodeText value={payment.invoice_number} /> · <Money amount={payment.amount} />
                        </Typography>
                        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                          <Button
                            {...bigButton}
                            variant="contained"
                            startIcon={<PrintOutlined />}
                            loading={printing === payment.id}
                            onClick={() => void print(payment, false)}
                          >
                            {t('collect.printReceipt')}
                          </Button>
                          <Button
                            {...bigButton}
                            variant="outlined"
                            startIcon={<ShareOutlined />}
                            disabled={printing !== null}
                            onClick={() => void print(payment, true)}
                          >
                            {t('collect.share')}
                          </Button>
                        </Stack>
                      </Box>
                    ))}
                  </Stack>
                </CardContent>
              </Card>
            )}

            <Card variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('collect.unpaidInvoices', { value: formatCount(unpaid.length, i18n.language) })}
                </Typography>
                {unpaid.length === 0 ? (
                  <Alert severity="success">{t('collect.nothingDue')}</Alert>
                ) : (
                  <Stack divider={<Divider flexItem />} spacing={1}>
                    {unpaid.map((invoice) => (
                      <Stack
                        key={invoice.id}
                        direction="row"
                        data-testid="collect-invoice"
                        sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}
                      >
                        <Box sx={{ minWidth: 0 }}>
                          <Typography sx={{ fontWeight: 600 }}>
                            <CodeText value={invoice.number} />
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            {formatDate(invoice.issued_on, i18n.language)}
                            {invoice.status === 'partially_paid' ? ` · ${t('collect.partlyPaid')}` : ''}
                          </Typography>
                        </Box>
                        <Typography sx={{ fontWeight: 600 }}>
                          <Money amount={invoice.balance_due} />
                        </Typography>
                      </Stack>
                    ))}
                  </Stack>
                )}
              </CardContent>
            </Card>

            {unpaid.length > 0 && (
              <Card variant="outlined">
                <CardContent>
                  <Stack spacing={2}>
                    {formError && !isConfirmOpen && <Alert severity="error">{formError}</Alert>}
                    <Button {...bigButton} variant="contained" startIcon={<PaymentsOutlined />} onClick={askToTakeAll}>
                      {t('collect.takeFull', { amount: formatMoney(total) })}
                    </Button>
                    <Divider>{t('collect.or')}</Divider>
                    <DoorTenderForm
                      key={tendered}
                      unpaid={unpaid}
                      totalMinor={totalMinor}
                      buttonProps={bigButton}
                      onTake={askToTakeNotes}
                    />
                  </Stack>
                </CardContent>
              </Card>
            )}
          </Stack>
        )}
      </RecordState>
      <ConfirmDialog
        isOpen={isConfirmOpen}
        title={t('collect.confirmTitle')}
        description={
          <>
            {formError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {formError}
              </Alert>
            )}
            {t('collect.confirmText', {
              amount: formatMoney(formatMoneyAmount(taking ?? 0n, decimals)),
              customer: name,
              left: formatMoney(formatMoneyAmount(totalMinor - (taking ?? 0n), decimals)),
            })}
            {takingSplit && <DoorChangeDue split={takingSplit} unpaid={unpaid} />}
          </>
        }
        confirmLabel={t('collect.confirm', { amount: formatMoney(formatMoneyAmount(taking ?? 0n, decimals)) })}
        isBusy={isBusy}
        isConfirmAutoFocused
        onConfirm={() => void runOnce(take)}
        onClose={() => !isBusy && setConfirmOpen(false)}
      />
      <PendingReceiptDialog payment={pendingReceipt} onClose={() => setPendingReceipt(null)} />
    </>
  );
}
