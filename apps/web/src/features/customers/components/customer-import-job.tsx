import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CustomerImportResult } from '@meterline/contract/onboarding';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isJobActive, useJob } from '../../../shared/api/jobs';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { JobProgress } from '../../../shared/ui/job-progress';
import { useRefreshAfterImport } from '../api/import-customers';

/**
 * The import's job (docs/tenants-and-settings.md, "The CSV import"): its progress in rows while it
 * runs, then its result (the customers created); the page's "Choose another file" starts over once it has finished; a failed or cancelled
 * job says so (what a cancelled one did stays done).
 */
export function CustomerImportJob({ jobId, serviceId }: { jobId: number; serviceId: number }) {
  const { t } = useTranslation();
  const query = useJob(jobId);
  const job = query.data;
  const refresh = useRefreshAfterImport(serviceId);
  const isFinished = job !== undefined && !isJobActive(job);
  // The lists read again once the job has finished (what it created, or what it did before a cancel).
  useEffect(() => {
    if (isFinished) void refresh();
  }, [isFinished, refresh]);
  const result = job?.state === 'done' || job?.state === 'cancelled' ? (job.result as CustomerImportResult | null) : null;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2} role="status">
        {!isFinished && (
          <>
            <Typography>{t('jobs.kinds.customer_import')}</Typography>
            <JobProgress job={job} />
          </>
        )}
        {query.isError && !job && <Alert severity="error">{errorMessageOf(query.error, t)}</Alert>}
        {job?.state === 'done' && <Alert severity="success">{t('customerImport.done', { count: result?.created ?? 0 })}</Alert>}
        {job?.state === 'failed' && <Alert severity="error">{t('jobs.messages.failed')}</Alert>}
        {job?.state === 'cancelled' && (
          <Alert severity="warning">
            {t('jobs.messages.cancelled')} {t('customerImport.done', { count: result?.created ?? 0 })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
