import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SendBillsJobResult } from '@meterline/contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isJobActive, useJob } from '../../../shared/api/jobs';
import { customerKeys } from '../../../shared/api/query-keys';
import { useSingleFlight } from '../../../shared/hooks/use-single-flight';
import { useCan } from '../../../shared/lib/can';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { formatCount, isolateLtr } from '../../../shared/lib/format-number';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { JobProgress } from '../../../shared/ui/job-progress';
import { useSendBills } from '../api/send-invoices';

/** What the finished job says: queued and skipped, or why it did not finish. */
function SendBillsOutcome({ jobId }: { jobId: number }) {
  const { t, i18n } = useTranslation();
  const { data: job, error, isError } = useJob(jobId);
  const count = (value: number) => isolateLtr(formatCount(value, i18n.language));
  if (isError) return <Alert severity="error">{errorMessageOf(error, t)}</Alert>;
  if (job === undefined || isJobActive(job))
    return (
      <Box data-testid="send-bills-progress">
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('messaging.sendAll.sending')}
        </Typography>
        <JobProgress job={job} />
      </Box>
    );
  if (job.state !== 'done')
    return <Alert severity="error">{job.state === 'cancelled' ? t('jobs.messages.cancelled') : t('jobs.messages.failed')}</Alert>;
  const result = job.result as SendBillsJobResult;
  return (
    <Alert severity={result.queued > 0 ? 'success' : 'info'} role="status">
      {t('messaging.sendAll.done', { queued: count(result.queued), skipped: count(result.skipped) })}
    </Alert>
  );
}

/**
 * "Send all bills" (docs/notifications.md): the invoices' bills to their customers by e-mail, WhatsApp
 * or SMS, after a confirmation; the `send_bills` job's progress, then what it queued and skipped.
 * Shown after a billing run (its new invoices) to roles that may create and manage invoices.
 */
export function SendBills({ serviceId, invoiceIds }: { serviceId: number; invoiceIds: readonly number[] }) {
  const { t } = useTranslation();
  // The route's permission, and the one that lets the user follow the `send_bills` job it starts.
  const canCreate = useCan('create', 'invoice');
  const canManage = useCan('manage', 'invoice');
  const canSend = canCreate && canManage;
  const send = useSendBills(serviceId);
  const runOnce = useSingleFlight();
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const job = useJob(jobId).data;
  const isFinished = job !== undefined && !isJobActive(job);
  // The messages it queued show on the customers' pages.
  useEffect(() => {
    if (isFinished) void queryClient.invalidateQueries({ queryKey: customerKeys.all(serviceId) });
  }, [isFinished, queryClient, serviceId]);
  if (!canSend || invoiceIds.length === 0) return null;

  const handleConfirm = async () => {
    setSendError(null);
    try {
      setJobId((await send.mutateAsync([...invoiceIds])).id);
    } catch (error) {
      setSendError(errorMessageOf(error, t, t('messaging.sendAll.failed')));
    }
    setConfirming(false);
  };

  return (
    <Box>
      {jobId === null ? (
        <Button variant="outlined" startIcon={<SendOutlined />} onClick={() => setConfirming(true)}>
          {t('messaging.sendAll.action')}
        </Button>
      ) : (
        <SendBillsOutcome jobId={jobId} />
      )}
      {sendError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {sendError}
        </Alert>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('messaging.sendAll.title')}
        description={
          <>
            {t('messaging.sendAll.text', { count: invoiceIds.length })} {t('messaging.sendAll.note')}
          </>
        }
        confirmLabel={t('messaging.sendAll.confirm')}
        isBusy={send.isPending}
        onConfirm={() => void runOnce(handleConfirm)}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
