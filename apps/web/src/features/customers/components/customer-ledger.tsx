import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AGEING_BUCKETS } from '@meterline/contract/account-rules';
import type { Customer } from '@meterline/contract/customers';
import type { Ledger } from '@meterline/contract/ledger';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useCan } from '../../../shared/lib/can';
import { formatDate } from '../../../shared/lib/format-date';
import { Money } from '../../../shared/ui/money';
import { useCustomerLedger } from '../api/get-customer-ledger';
import { BalanceText } from './balance-text';
import { CodeText } from '../../../shared/ui/code-text';
import { RetryAlert } from '../../../shared/ui/record-state';
import { KeptDialog } from '../../../shared/ui/kept-dialog';

/** The payment and refund forms (zod, react-hook-form) and the statement download when opened, not with the customer. */
const PayAccountDialog = lazy(() =>
  import('../../../shared/ui/pay-account-dialog').then((module) => ({ default: module.PayAccountDialog })),
);
/**
 * The period's two date fields (with the filter bar's chip) download beside the ledger, not with the
 * customer page: the page stays under its JavaScript ceiling (docs/performance.md).
 */
const DateFilterField = lazy(() => import('../../../shared/ui/date-filter-field').then((module) => ({ default: module.DateFilterField })));
/** The room of one date field while it downloads, as the field keeps it for its pickers (`FILTER_WIDTH` wide). */
const DATE_FIELD_PLACEHOLDER = <Box aria-busy="true" sx={{ height: 40, width: { xs: '100%', sm: 176 } }} />;

function LedgerDateField(props: ComponentProps<typeof DateFilterField>) {
  return (
    <Suspense fallback={DATE_FIELD_PLACEHOLDER}>
      <DateFilterField {...props} />
    </Suspense>
  );
}
const StatementDialog = lazy(() => import('./statement-dialog').then((module) => ({ default: module.StatementDialog })));
const RefundCreditDialog = lazy(() => import('./refund-credit-dialog').then((module) => ({ default: module.RefundCreditDialog })));

type Entry = Ledger['entries'][number];

/**
 * The customer's account (docs/accounts.md), the customer page's first tab: the period (in the URL), the
 * opening balance, every movement with the running balance, the closing balance and the ageing of
 * what is owed; the office pays the account, an admin refunds credit, anyone who reads it prints it.
 */
export function CustomerLedger({ serviceId, customer }: { serviceId: number; customer: Customer }) {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const dateFrom = searchParams.get('date_from') ?? undefined;
  const dateTo = searchParams.get('date_to') ?? undefined;
  const ledger = useCustomerLedger(serviceId, customer.id, { date_from: dateFrom, date_to: dateTo });
  const canPay = useCan('create', 'account_payment');
  const canRefund = useCan('create', 'credit_refund');
  const canView = useCan('view', 'invoice');
  const [dialog, setDialog] = useState<'pay' | 'refund' | 'statement' | null>(null);
  const hasCredit = Number(customer.credit) > 0;
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const date = (value: string) => formatDate(value, i18n.language);

  const setDate = (name: 'date_from' | 'date_to', value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const reference = (entry: Entry) =>
    entry.invoice && canView ? (
      <Link component={RouterLink} to={`/invoices/${entry.invoice}`}>
        <CodeText value={entry.reference} />
      </Link>
    ) : (
      <CodeText value={entry.reference} />
    );
  const kind = (entry: Entry) => t(`account.ledger.kinds.${entry.kind}`);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5, alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
          <LedgerDateField label={t('account.ledger.dateFrom')} value={dateFrom} onChange={(value) => setDate('date_from', value)} />
          <LedgerDateField label={t('account.ledger.dateTo')} value={dateTo} onChange={(value) => setDate('date_to', value)} />
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, '& > .MuiButton-root': { flexGrow: { xs: 1, sm: 0 } } }}>
          {canPay && (
            <Button variant="contained" startIcon={<AccountBalanceWalletOutlined />} onClick={() => setDialog('pay')}>
              {t('account.actions.pay')}
            </Button>
          )}
          {canRefund && hasCredit && (
            <Button variant="outlined" startIcon={<UndoOutlined />} onClick={() => setDialog('refund')}>
              {t('account.actions.refund')}
            </Button>
          )}
          <Button variant="outlined" startIcon={<PrintOutlined />} onClick={() => setDialog('statement')}>
            {t('account.actions.statement')}
          </Button>
        </Stack>
      </Stack>

      {ledger.isError && !ledger.data && <RetryAlert onRetry={() => void ledger.refetch()}>{t('account.ledger.loadFailed')}</RetryAlert>}
      {ledger.isPending && <Skeleton variant="rounded" height={240} aria-label={t('app.loading')} />}
      {ledger.data && (
        <>
          <Box component="section" aria-label={t('account.ledger.ageing')}>
            <Typography variant="body2" color="text.secondary" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {t('account.ledger.ageing')}
            </Typography>
            <Box
              sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' } }}
            >
              {AGEING_BUCKETS.map((bucket) => {
                const amount = ledger.data.ageing[bucket];
                const isOwed = Number(amount) > 0;
                return (
                  <Paper key={bucket} variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={`ageing-${bucket}`}>
                    <Typography variant="body2" color="text.secondary">
                      {t(`account.ledger.buckets.${bucket}`)}
                    </Typography>
                    <Typography sx={{ fontWeight: 600, color: isOwed && bucket !== 'current' ? 'error.main' : 'text.primary' }}>
                      <Money amount={amount} />
                    </Typography>
                  </Paper>
                );
              })}
            </Box>
          </Box>

          {isPhone ? (
            <Stack component="ul" aria-label={t('account.ledger.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              <PhoneTotal label={t('account.ledger.opening')} amount={ledger.data.opening_balance} />
              {ledger.data.entries.map((entry, index) => (
                <Box component="li" key={index} sx={{ borderTop: 1, borderColor: 'divider', py: 1.25 }}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>{kind(entry)}</Typography>
                    <Typography sx={{ fontWeight: 600 }}>
                      <Money amount={entry.amount} />
                    </Typography>
                  </Stack>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {date(entry.date)} · {reference(entry)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                      <BalanceText amount={entry.balance} />
                    </Typography>
                  </Stack>
                </Box>
              ))}
              {ledger.data.entries.length === 0 && (
                <Typography component="li" color="text.secondary" sx={{ borderTop: 1, borderColor: 'divider', py: 1.25 }}>
                  {t('account.ledger.empty')}
                </Typography>
              )}
              <PhoneTotal label={t('account.ledger.closing')} amount={ledger.data.closing_balance} />
            </Stack>
          ) : (
            <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('account.ledger.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('account.ledger.date')}</TableCell>
                    <TableCell>{t('account.ledger.kind')}</TableCell>
                    <TableCell>{t('account.ledger.reference')}</TableCell>
                    <TableCell align="right">{t('account.ledger.amount')}</TableCell>
                    <TableCell align="right">{t('account.ledger.balance')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  <TotalRow label={t('account.ledger.opening')} date={dateFrom && date(dateFrom)} amount={ledger.data.opening_balance} />
                  {ledger.data.entries.map((entry, index) => (
                    <TableRow key={index}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(entry.date)}</TableCell>
                      <TableCell>{kind(entry)}</TableCell>
                      <TableCell>{reference(entry)}</TableCell>
                      <TableCell align="right">
                        <Money amount={entry.amount} />
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <BalanceText amount={entry.balance} />
                      </TableCell>
                    </TableRow>
                  ))}
                  {ledger.data.entries.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                        {t('account.ledger.empty')}
                      </TableCell>
                    </TableRow>
                  )}
                  <TotalRow label={t('account.ledger.closing')} date={dateTo && date(dateTo)} amount={ledger.data.closing_balance} />
                </TableBody>
              </Table>
            </Paper>
          )}
        </>
      )}

      {/* Downloaded when first opened, kept until faded out (KeptDialog). */}
      <KeptDialog value={canPay && dialog === 'pay'}>
        {(_open, isOpen) => <PayAccountDialog isOpen={isOpen} serviceId={serviceId} customer={customer} onClose={() => setDialog(null)} />}
      </KeptDialog>
      <KeptDialog value={canRefund && dialog === 'refund'}>
        {(_open, isOpen) => (
          <RefundCreditDialog isOpen={isOpen} serviceId={serviceId} customer={customer} onClose={() => setDialog(null)} />
        )}
      </KeptDialog>
      {dialog === 'statement' && (
        <Suspense fallback={null}>
          <StatementDialog
            isOpen
            serviceId={serviceId}
            customer={customer}
            dateFrom={dateFrom}
            dateTo={dateTo}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function TotalRow({ label, date, amount }: { label: string; date?: string; amount: string }) {
  return (
    <TableRow sx={{ '& > td': { fontWeight: 600, bgcolor: 'action.hover' } }}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{date ?? ''}</TableCell>
      <TableCell colSpan={3}>{label}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <BalanceText amount={amount} />
      </TableCell>
    </TableRow>
  );
}

function PhoneTotal({ label, amount }: { label: string; amount: string }) {
  return (
    <Stack
      component="li"
      direction="row"
      sx={{ justifyContent: 'space-between', gap: 1, py: 1.25, px: 1, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
      <Typography sx={{ fontWeight: 600 }}>
        <BalanceText amount={amount} />
      </Typography>
    </Stack>
  );
}
