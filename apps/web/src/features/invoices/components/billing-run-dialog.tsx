import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
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
import { type BillingUnread, type GenerateInvoicesInput, type GenerateInvoicesResult } from '@meterline/contract/invoices';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useRegions } from '../../../shared/api/get-regions';
import { useSingleFlight } from '../../../shared/hooks/use-single-flight';
import { useToast } from '../../../shared/hooks/use-toast';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { formatDate, formatMonth } from '../../../shared/lib/format-date';
import { paths } from '../../../shared/lib/paths';
import { Money } from '../../../shared/ui/money';
import { openPeriodInvoices } from '../api/get-invoice-document';
import { formatCount, isolateLtr } from '../../../shared/lib/format-number';
import { addMonths, monthBounds, todayIn } from '../../../shared/lib/period';
import { useSession } from '../../../shared/lib/session';
import { useBillingRunPreview, useGenerateInvoices } from '../api/generate-invoices';
import { useStationOptions } from '../../../shared/api/get-station-options';
import { DatePickerField } from '../../../shared/ui/date-picker-field';
import { RetryAlert } from '../../../shared/ui/record-state';
import { isJobActive, useJob } from '../../../shared/api/jobs';
import { invalidateMoneyQueries } from '../../../shared/lib/money-queries';
import { JobProgress } from '../../../shared/ui/job-progress';
import { BillingRunReport, SkipReasons, StationAmounts } from '../../../shared/ui/billing-run-report';
import { RunWarnings } from './run-warnings';
import { SendBills } from './send-bills';

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
  // The run is a job (docs/billing.md, "Jobs"): its progress is read until it is done; its result is the report.
  const [jobId, setJobId] = useState<number | null>(null);
  const runJob = useJob(jobId);
  const job = runJob.data;
  const result = job?.state === 'done' ? (job.result as GenerateInvoicesResult) : null;
  const isRunning = jobId !== null && (job === undefined || isJobActive(job));
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
    isEnabled: isOpen && Boolean(input) && jobId === null,
  });
  const stations = useStationOptions(serviceId, { isEnabled: isOpen });
  const regions = useRegions({ isEnabled: isOpen });
  const generate = useGenerateInvoices(serviceId);
  const isLocked = generate.isPending || jobId !== null;
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
      setJobId(null);
      setRunError(null);
    }
  }

  const [printError, setPrintError] = useState<string | null>(null);
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
      setJobId((await generate.mutateAsync(input)).id);
    } catch (error) {
      setRunError(errorMessageOf(error, t));
    }
  };

  // The job has finished: the invoices it made show everywhere; a run that failed or was cancelled says so.
  const queryClient = useQueryClient();
  const finishedJob = job && !isJobActive(job) ? job : null;
  const createdByRun = (finishedJob?.result as GenerateInvoicesResult | null | undefined)?.created;
  useEffect(() => {
    if (!finishedJob) return;
    void invalidateMoneyQueries(queryClient, serviceId);
    if (finishedJob.state === 'done') showToast(t('billingRun.toast', { count: createdByRun ?? 0 }), { variant: 'success' });
    // Once per finished job.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finishedJob?.id]);
  const jobError =
    finishedJob?.state === 'failed'
      ? t('jobs.messages.failed')
      : finishedJob?.state === 'cancelled'
        ? t('jobs.messages.cancelled')
        : runJob.isError
          ? errorMessageOf(runJob.error, t)
          : null;

  const toBill = preview.data?.created ?? 0;
  const alreadyBilled = preview.data?.skipped ?? 0;

  return (
    <Dialog open={isOpen} onClose={handleClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('billingRun.title')}</DialogTitle>
      {result && bounds ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <BillingRunReport result={result} month={monthLabel} />
              {printError && <Alert severity="error">{printError}</Alert>}
              {/* "Send all bills": the run's new invoices to their customers (docs/notifications.md). */}
              <SendBills serviceId={serviceId} invoiceIds={result.invoices} />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={handleClose}>{t('common.close')}</Button>
            {result.created > 0 && <Button onClick={() => void handlePrintAll()}>{t('billingRun.result.printAll')}</Button>}
            <Button variant="contained" onClick={() => onShowPeriod(bounds)}>
              {t('billingRun.result.show')}
            </Button>
          </DialogActions>
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
                isDisabled={isLocked}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  fullWidth
                  label={t('billingRun.station')}
                  value={station}
                  onChange={(event) => setStation(event.target.value)}
                  disabled={isLocked}
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
                  disabled={isLocked}
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
                    <RunWarnings report={preview.data} month={monthLabel} />
                    <UnreadMeters meters={preview.data.unread} choice={unread} onChoice={setUnread} isDisabled={isLocked} />
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
              {isRunning && (
                <Box data-testid="billing-run-progress">
                  <Typography variant="body2" sx={{ mb: 1 }}>
                    {t('billingRun.running')}
                  </Typography>
                  <JobProgress job={job} />
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t('billingRun.background')}{' '}
                    <Link component={RouterLink} to={paths.jobs}>
                      {t('billingRun.followOnJobs')}
                    </Link>
                  </Typography>
                </Box>
              )}
              {runError && <Alert severity="error">{runError}</Alert>}
              {jobError && <Alert severity="error">{jobError}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={handleClose} disabled={generate.isPending}>
              {isRunning ? t('common.close') : t('forms.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void runOnce(handleRunClick)}
              loading={generate.isPending || isRunning}
              disabled={!input || preview.isPending || toBill === 0 || jobId !== null}
            >
              {t('billingRun.run', { count: toBill })}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
