import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BILLING_SKIP_REASONS,
  type BillingSkip,
  type BillingUnread,
  type GenerateInvoicesInput,
  type GenerateInvoicesResult,
} from '@meterline/contract/invoices';
import { INVOICE_SEND_SKIP_REASONS, type SendInvoicesResult } from '@meterline/contract/invoice-messages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useRegions } from '../../../shared/api/get-regions';
import { useSingleFlight } from '../../../shared/hooks/use-single-flight';
import { useToast } from '../../../shared/hooks/use-toast';
import { useCan } from '../../../shared/lib/can';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { errorMessageOf, localizeMessage } from '../../../shared/lib/form-errors';
import { formatDate, formatMonth } from '../../../shared/lib/format-date';
import { paths } from '../../../shared/lib/paths';
import { Money } from '../../../shared/ui/money';
import { openPeriodInvoices } from '../api/get-invoice-document';
import { formatCount, isolateLtr } from '../../../shared/lib/format-number';
import { addMonths, monthBounds, todayIn } from '../../../shared/lib/period';
import { useSession } from '../../../shared/lib/session';
import { useBillingRunPreview, useGenerateInvoices } from '../api/generate-invoices';
import { useSendInvoices } from '../api/send-invoices';
import { useStationOptions } from '../../../shared/api/get-station-options';
import { DatePickerField } from '../../../shared/ui/date-picker-field';
import { RetryAlert } from '../../../shared/ui/record-state';

/** "Sent N, skipped M" after "Send all", with how many were skipped for each reason. */
function SendSummary({ result }: { result: SendInvoicesResult }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => isolateLtr(formatCount(value, i18n.language));
  const reasons = INVOICE_SEND_SKIP_REASONS.map((reason) => ({
    reason,
    number: result.results.filter((each) => each.reason === reason).length,
  })).filter((each) => each.number > 0);
  return (
    <Alert severity={result.sent > 0 ? 'success' : 'info'} role="status">
      {t('billingRun.result.sent', { sent: count(result.sent), skipped: count(result.skipped) })}
      {reasons.length > 0 && (
        <>
          {' '}
          {reasons.map(({ reason, number }, index) => (
            <span key={reason}>
              {index > 0 && t('counters.listSeparator')}
              {t(`billingRun.result.sendReasons.${reason}`)}: {count(number)}
            </span>
          ))}
        </>
      )}
    </Alert>
  );
}

/** The error of one meter in a run: its `detail`, else its first field message. */
function runErrorText(detail: string): string {
  try {
    const body = JSON.parse(detail) as Record<string, unknown>;
    if (typeof body.detail === 'string') return body.detail;
    const first = Object.entries(body).find(([key, value]) => key !== 'code' && Array.isArray(value))?.[1] as string[] | undefined;
    return first?.[0] ?? detail;
  } catch {
    return detail;
  }
}

/**
 * The billing run (admin, accountant): a month and optionally a station or region; the dialog says
 * how many meters it will bill and how many are already billed (a dry run of the same call), runs
 * it, then shows what was created, skipped and why. A second run of a month creates nothing.
 */
/** The subscriptions a run leaves out, grouped by reason, each group naming its customers. */
function SkipReasons({ skips }: { skips: BillingSkip[] | undefined }) {
  const { t, i18n } = useTranslation();
  if (!skips?.length) return null;
  const groups = BILLING_SKIP_REASONS.map((reason) => ({ reason, skips: skips.filter((skip) => skip.reason === reason) })).filter(
    (group) => group.skips.length > 0,
  );
  return (
    <Box data-testid="billing-run-skips">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('billingRun.reasons.title')}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
        {groups.map((group) => (
          <li key={group.reason}>
            <Typography variant="body2">
              {t(`billingRun.reasons.${group.reason}`, { value: formatCount(group.skips.length, i18n.language) })}
              {' · '}
              {group.skips.slice(0, 5).map((skip, index) => (
                <span key={skip.subscription}>
                  {index > 0 && t('counters.listSeparator')}
                  <Link component={RouterLink} to={`/customers/${skip.customer}`}>
                    <bdi>{skip.customer_name}</bdi>
                  </Link>
                </span>
              ))}
              {group.skips.length > 5 && '…'}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** What the run bills (or billed) per station: invoices and amount. */
function StationAmounts({ rows }: { rows: GenerateInvoicesResult['by_station'] }) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Table size="small" aria-label={t('billingRun.byStation.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('billingRun.byStation.station')}</TableCell>
          <TableCell align="right">{t('billingRun.byStation.invoices')}</TableCell>
          <TableCell align="right">{t('billingRun.byStation.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.station ?? 'none'}>
            <TableCell>
              <bdi>{row.station_name ?? t('billingRun.byStation.noStation')}</bdi>
            </TableCell>
            <TableCell align="right">{isolateLtr(formatCount(row.invoices, i18n.language))}</TableCell>
            <TableCell align="right">
              <Money amount={row.amount} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Meters nobody read since their last invoice: the run would bill them the fee only. The user
 * bills them so, skips them until read, or goes to read them first.
 */
function UnreadMeters({
  meters,
  choice,
  onChoice,
  isDisabled,
}: {
  meters: BillingUnread[];
  choice: 'bill' | 'skip';
  onChoice(choice: 'bill' | 'skip'): void;
  isDisabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  if (meters.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="billing-run-unread">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('billingRun.preview.unreadTitle', { value: isolateLtr(formatCount(meters.length, i18n.language)) })}
      </Typography>
      <Typography variant="body2">
        {meters.slice(0, 5).map((meter, index) => (
          <span key={meter.subscription}>
            {index > 0 && t('counters.listSeparator')}
            <Link component={RouterLink} to={`/customers/${meter.customer}`}>
              <bdi>{meter.customer_name}</bdi>
            </Link>{' '}
            (
            {meter.last_reading_at
              ? t('billingRun.preview.lastRead', { date: formatDate(meter.last_reading_at, i18n.language, user?.tenant?.timezone) })
              : t('billingRun.preview.neverRead')}
            )
          </span>
        ))}
        {meters.length > 5 && '…'}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('billingRun.preview.unreadHelp')}
      </Typography>
      <RadioGroup value={choice} onChange={(event) => onChoice(event.target.value === 'skip' ? 'skip' : 'bill')}>
        <FormControlLabel value="bill" control={<Radio size="small" />} label={t('billingRun.preview.unreadBill')} disabled={isDisabled} />
        <FormControlLabel value="skip" control={<Radio size="small" />} label={t('billingRun.preview.unreadSkip')} disabled={isDisabled} />
      </RadioGroup>
      <Link component={RouterLink} to={paths.counters}>
        {t('billingRun.preview.unreadRead')}
      </Link>
    </Alert>
  );
}

export function BillingRunDialog({
  isOpen,
  serviceId,
  onClose,
  onShowPeriod,
}: {
  isOpen: boolean;
  serviceId: number;
  onClose(): void;
  onShowPeriod(period: { start: string; end: string }): void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { user } = useSession();
  // The month that just ended is the one usually billed.
  const [month, setMonth] = useState(() => addMonths(todayIn(user?.tenant?.timezone).slice(0, 7), -1));
  const [station, setStation] = useState('');
  const [region, setRegion] = useState('');
  const [unread, setUnread] = useState<'bill' | 'skip'>('bill');
  const [result, setResult] = useState<GenerateInvoicesResult | null>(null);
  const [sendResult, setSendResult] = useState<SendInvoicesResult | null>(null);
  const bounds = monthBounds(month);
  const input: GenerateInvoicesInput | null = bounds
    ? {
        period_start: bounds.start,
        period_end: bounds.end,
        ...(station ? { station: Number(station) } : {}),
        ...(region ? { region: Number(region) } : {}),
        ...(unread === 'skip' ? { unread } : {}),
      }
    : null;
  const preview = useBillingRunPreview(serviceId, input ?? { period_start: '', period_end: '' }, {
    isEnabled: isOpen && Boolean(input) && !result,
  });
  const stations = useStationOptions(serviceId, { isEnabled: isOpen });
  const regions = useRegions({ isEnabled: isOpen });
  const generate = useGenerateInvoices(serviceId);
  const runOnce = useSingleFlight();
  const { showToast } = useToast();
  const [runError, setRunError] = useState<string | null>(null);
  const monthLabel = bounds ? formatMonth(month, i18n.language) : '';
  const count = (value: number) => isolateLtr(formatCount(value, i18n.language));

  // Opened again: a fresh run, with the counts asked again (the last result stays until then, so
  // the closing dialog does not flash back to the form).
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      setResult(null);
      setRunError(null);
      setSendResult(null);
    }
  }

  const [printError, setPrintError] = useState<string | null>(null);
  // "Send all": the run's created invoices to their customers, after a confirmation.
  const canSend = useCan('create', 'reminder');
  const send = useSendInvoices(serviceId);
  const [isConfirmingSend, setConfirmingSend] = useState(false);
  const handleSendConfirm = async () => {
    if (!result) return;
    try {
      setSendResult(await send.mutateAsync(result.invoices));
    } catch (error) {
      showToast(errorMessageOf(error, t, t('billingRun.result.sendFailed')), { variant: 'error' });
    }
    setConfirmingSend(false);
  };
  const handlePrintAll = async () => {
    if (!bounds) return;
    setPrintError(null);
    try {
      await openPeriodInvoices(
        serviceId,
        { ...bounds, station: station ? Number(station) : undefined, region: region ? Number(region) : undefined },
        i18n.language,
      );
    } catch {
      setPrintError(t('billingRun.result.printFailed'));
    }
  };

  const handleClose = () => {
    if (!generate.isPending) onClose();
  };

  const handleRunClick = async () => {
    if (!input) return;
    setRunError(null);
    try {
      const answer = await generate.mutateAsync(input);
      setResult(answer);
      showToast(t('billingRun.toast', { value: count(answer.created) }), { variant: 'success' });
    } catch (error) {
      setRunError(errorMessageOf(error, t));
    }
  };

  const toBill = preview.data?.created ?? 0;
  const alreadyBilled = preview.data?.skipped ?? 0;

  return (
    <Dialog open={isOpen} onClose={handleClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('billingRun.title')}</DialogTitle>
      {result && bounds ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Alert severity={result.errors.length ? 'warning' : 'success'}>
                {t('billingRun.result.created', { value: count(result.created), month: monthLabel })}
              </Alert>
              {result.created > 0 && (
                <Typography>
                  {t('billingRun.result.amount')} <Money amount={result.amount} />
                </Typography>
              )}
              <StationAmounts rows={result.by_station} />
              <Typography>{t('billingRun.result.skipped', { value: count(result.skipped) })}</Typography>
              <SkipReasons skips={result.skipped_details} />
              {result.errors.length > 0 && (
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{t('billingRun.result.errors', { value: count(result.errors.length) })}</Typography>
                  <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
                    {result.errors.map((error) => (
                      <li key={error.subscription}>
                        <Link component={RouterLink} to={`/customers/${error.customer}`}>
                          {t('billingRun.result.customer', { id: isolateLtr(String(error.customer)) })}
                        </Link>
                        {': '}
                        {localizeMessage(runErrorText(error.detail), t)}
                      </li>
                    ))}
                  </Box>
                </Box>
              )}
              {printError && <Alert severity="error">{printError}</Alert>}
              {sendResult && <SendSummary result={sendResult} />}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={handleClose}>{t('common.close')}</Button>
            {result.created > 0 && <Button onClick={() => void handlePrintAll()}>{t('billingRun.result.printAll')}</Button>}
            {canSend && result.invoices.length > 0 && (
              <Button onClick={() => setConfirmingSend(true)}>{t('billingRun.result.sendAll')}</Button>
            )}
            <Button variant="contained" onClick={() => onShowPeriod(bounds)}>
              {t('billingRun.result.show')}
            </Button>
          </DialogActions>
          <ConfirmDialog
            isOpen={isConfirmingSend}
            title={t('billingRun.result.sendTitle')}
            description={
              <>
                {t('billingRun.result.sendText', { number: count(result.invoices.length) })} {t('billingRun.result.sendNote')}
              </>
            }
            confirmLabel={t('billingRun.result.sendConfirm')}
            isBusy={send.isPending}
            onConfirm={() => void handleSendConfirm()}
            onClose={() => setConfirmingSend(false)}
          />
        </>
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography color="text.secondary">{t('billingRun.intro')}</Typography>
              <DatePickerField
                kind="month"
                label={t('billingRun.month')}
                value={month}
                onChange={setMonth}
                isRequired
                isDisabled={generate.isPending}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  fullWidth
                  label={t('billingRun.station')}
                  value={station}
                  onChange={(event) => setStation(event.target.value)}
                  disabled={generate.isPending}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                >
                  <MenuItem value="">{t('billingRun.allStations')}</MenuItem>
                  {(stations.data ?? []).map((option) => (
                    <MenuItem key={option.id} value={String(option.id)}>
                      <bdi>{option.name}</bdi>
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  fullWidth
                  label={t('billingRun.region')}
                  value={region}
                  onChange={(event) => setRegion(event.target.value)}
                  disabled={generate.isPending}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                >
                  <MenuItem value="">{t('billingRun.allRegions')}</MenuItem>
                  {(regions.data ?? []).map((option) => (
                    <MenuItem key={option.id} value={String(option.id)}>
                      <bdi>{option.name}</bdi>
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <Box aria-live="polite" data-testid="billing-run-preview">
                {!input ? null : preview.isPending ? (
                  <Skeleton variant="rounded" height={56} />
                ) : preview.isError ? (
                  <RetryAlert onRetry={() => void preview.refetch()}>{errorMessageOf(preview.error, t)}</RetryAlert>
                ) : (
                  <Alert severity={toBill > 0 ? 'info' : 'success'}>
                    {toBill > 0
                      ? t('billingRun.preview.toBill', { value: count(toBill), month: monthLabel })
                      : t('billingRun.preview.nothing', { month: monthLabel })}
                    {alreadyBilled > 0 && <> {t('billingRun.preview.alreadyBilled', { value: count(alreadyBilled) })}</>}
                    {toBill > 0 && (
                      <>
                        {' '}
                        {t('billingRun.preview.amount')} <Money amount={preview.data.amount} />
                      </>
                    )}
                  </Alert>
                )}
                {preview.data && (
                  <Stack spacing={1} sx={{ mt: 1 }}>
                    {preview.data.month_in_progress && (
                      <Alert severity="warning">{t('billingRun.preview.inProgress', { month: monthLabel })}</Alert>
                    )}
                    <UnreadMeters meters={preview.data.unread} choice={unread} onChoice={setUnread} isDisabled={generate.isPending} />
                    <StationAmounts rows={preview.data.by_station} />
                    <SkipReasons skips={preview.data.skipped_details} />
                  </Stack>
                )}
              </Box>
              {generate.isPending && (
                <Box>
                  <Typography variant="body2" sx={{ mb: 1 }}>
                    {t('billingRun.running')}
                  </Typography>
                  <LinearProgress aria-label={t('billingRun.running')} />
                </Box>
              )}
              {runError && <Alert severity="error">{runError}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={handleClose} disabled={generate.isPending}>
              {t('forms.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void runOnce(handleRunClick)}
              loading={generate.isPending}
              disabled={!input || preview.isPending || toBill === 0}
            >
              {t('billingRun.run', { value: count(toBill) })}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
