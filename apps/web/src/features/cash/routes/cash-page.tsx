import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CashRow } from '@meterline/contract/cash';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useCan } from '../../../shared/lib/can';
import { formatDate, formatDateTime, formatMonth } from '../../../shared/lib/format-date';
import { RecordState } from '../../../shared/ui/record-state';
import { formatCount } from '../../../shared/lib/format-number';
import { Money } from '../../../shared/ui/money';
import { PageHeader } from '../../../shared/ui/page-header';
import { KeptDialog } from '../../../shared/ui/kept-dialog';
import { useCashSummary, useHandovers, usePerformance } from '../api/get-cash';

/** The count form (zod, react-hook-form) downloads when a count is opened, not with the screen. */
const CountDialog = lazy(() => import('../components/count-dialog').then((module) => ({ default: module.CountDialog })));

const isZero = (amount: string) => /^-?0(\.0+)?$/.test(amount);

/** A figure per currency, one after the other: "$12.00 + LBP 450,000" (zero currencies left out unless all are). */
function CashAmounts({ cash, keepZero = false }: { cash: { currency: string; amount: string }[]; keepZero?: boolean }) {
  const shown = keepZero ? cash : cash.filter((part) => !isZero(part.amount));
  return (shown.length ? shown : cash.slice(0, 1)).map((part, index) => (
    <span key={part.currency} data-currency={part.currency}>
      {index > 0 && ' + '}
      <Money amount={part.amount.replace('-', '')} currency={part.currency} />
    </span>
  ));
}

/** One collector's cash: what they hold in each currency, since when, today's shortage per currency, and the count. */
function CollectorCard({ row, onCount }: { row: CashRow; onCount?: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Card variant="outlined" data-testid="cash-collector">
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              <bdi>{row.collector_name}</bdi>
            </Typography>
            {row.shortage_today_cash.some((part) => !isZero(part.amount)) && (
              <Chip
                color="error"
                size="small"
                label={
                  <>
                    {t('cash.shortageToday')}: <CashAmounts cash={row.shortage_today_cash} />
                  </>
                }
              />
            )}
          </Stack>
          <Typography variant="overline">{t('cash.held')}</Typography>
          <Stack data-testid="cash-held">
            {row.held_cash.map((part) => (
              <Typography key={part.currency} variant="h4" component="p" sx={{ fontWeight: 700 }} data-currency={part.currency}>
                <Money amount={part.amount} currency={part.currency} />
              </Typography>
            ))}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {row.oldest_held_at ? t('cash.oldest', { date: formatDateTime(row.oldest_held_at, i18n.language) }) : t('cash.nothingHeld')}
          </Typography>
          <Typography variant="body2">
            {t('cash.collected')}: <Money amount={row.collected} /> · {t('cash.handedOver')}: <Money amount={row.handed_over} />
          </Typography>
          {onCount && (
            <Button
              variant="contained"
              size="large"
              sx={{ minHeight: 48 }}
              disabled={row.held_cash.every((part) => isZero(part.amount))}
              onClick={onCount}
            >
              {t('cash.countCash')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Cash held (docs/collectors.md): for the office, every collector with the cash they hold, their oldest
 * payment not handed over and today's shortages, and the count; for a collector, their own.
 * Below, today's counts with a difference and the collector performance per day or month.
 */
export function CashPage() {
  const { t, i18n } = useTranslation();
  const { service } = useSelectedService();
  const canCount = useCan('create', 'cash');
  const summary = useCashSummary(service?.id);
  const today = new Date().toISOString().slice(0, 10);
  const differences = useHandovers(service?.id, { date_from: today, date_to: today });
  const [period, setPeriod] = useState<'day' | 'month'>('day');
  const performance = usePerformance(service?.id, { period });
  const [counting, setCounting] = useState<CashRow | null>(null);
  const todayDifferences = (differences.data ?? []).filter((row) => row.kind !== 'exact');

  return (
    <>
      <PageHeader title={t('cash.title')} subtitle={t('cash.subtitle')} />
      <Stack spacing={3}>
        <RecordState isPending={summary.isPending} error={summary.error} onRetry={() => void summary.refetch()}>
          {summary.data && summary.data.length === 0 && <Alert severity="info">{t('cash.empty')}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
            {(summary.data ?? []).map((row) => (
              <CollectorCard key={row.collector} row={row} onCount={canCount ? () => setCounting(row) : undefined} />
            ))}
          </Box>
        </RecordState>

        <Box component="section">
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
            {t('cash.todayDifferences')}
          </Typography>
          {todayDifferences.length === 0 ? (
            <Typography color="text.secondary">{t('cash.noDifferences')}</Typography>
          ) : (
            <Stack spacing={1}>
              {todayDifferences.map((row) => (
                <Alert key={row.id} severity={row.kind === 'shortage' ? 'error' : 'warning'} data-testid="cash-difference">
                  <bdi>{row.collector_name}</bdi> —{' '}
                  {row.differences.map((entry, index) => (
                    <span key={entry.currency} data-currency={entry.currency}>
                      {index > 0 && '; '}
                      {t(`cash.count.kinds.${entry.kind}`)} ({entry.currency})
                      {entry.kind !== 'exact' && (
                        <>
                          : <Money amount={entry.amount.replace('-', '')} currency={entry.currency} />
                        </>
                      )}
                    </span>
                  ))}{' '}
                  ({t('cash.count.expected')} <CashAmounts cash={row.expected} keepZero />, {t('cash.count.counted')}{' '}
                  <CashAmounts cash={row.counted} keepZero />) — <bdi>{row.reason}</bdi>
                </Alert>
              ))}
            </Stack>
          )}
        </Box>

        <Box component="section">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', mb: 1.5 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('cash.performance.title')}
            </Typography>
            <Stack direction="row" spacing={1} role="group" aria-label={t('cash.performance.title')}>
              {(['day', 'month'] as const).map((option) => (
                <Button
                  key={option}
                  size="small"
                  variant={period === option ? 'contained' : 'outlined'}
                  aria-pressed={period === option}
                  onClick={() => setPeriod(option)}
                >
                  {t(`cash.performance.${option}`)}
                </Button>
              ))}
            </Stack>
          </Stack>
          <RecordState isPending={performance.isPending} error={performance.error} onRetry={() => void performance.refetch()}>
            <TableContainer
              tabIndex={0}
              role="region"
              aria-label={t('cash.performance.title')}
              sx={{ maxWidth: '100%', overflowX: 'auto' }}
            >
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('cash.performance.period')}</TableCell>
                    <TableCell>{t('cash.performance.collector')}</TableCell>
                    <TableCell align="right">{t('cash.performance.metersRead')}</TableCell>
                    <TableCell align="right">{t('cash.performance.invoicesCollected')}</TableCell>
                    <TableCell align="right">{t('cash.performance.amountCollected')}</TableCell>
                    <TableCell align="right">{t('cash.held')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(performance.data ?? []).map((row) => (
                    <TableRow key={`${row.period}-${row.collector}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {period === 'day' ? formatDate(row.period, i18n.language) : formatMonth(row.period, i18n.language)}
                      </TableCell>
                      <TableCell>
                        <bdi>{row.collector_name}</bdi>
                      </TableCell>
                      <TableCell align="right">{formatCount(row.meters_read, i18n.language)}</TableCell>
                      <TableCell align="right">{formatCount(row.invoices_collected, i18n.language)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <CashAmounts cash={row.collected_cash} />
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <CashAmounts cash={row.held_cash} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </RecordState>
        </Box>
      </Stack>
      {/* Downloaded when first opened, kept until faded out (KeptDialog). */}
      <KeptDialog value={service && counting}>
        {(row, isOpen) => <CountDialog serviceId={service!.id} row={row} isOpen={isOpen} onClose={() => setCounting(null)} />}
      </KeptDialog>
    </>
  );
}
