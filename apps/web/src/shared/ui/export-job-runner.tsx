import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { exportEndpoints } from '@meterline/contract/endpoints/exports';
import type { ExportListName } from '@meterline/contract/export-lists';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../hooks/use-toast';
import { isJobActive, rememberStartedJob, useJob } from '../api/jobs';
import { apiClient, callEndpoint } from '../lib/api-client';
import { JobProgress } from './job-progress';

interface ExportJobRunnerProps {
  job: { serviceId: number; list: ExportListName };
  filename: string;
  query: Record<string, string | number>;
  onEnd: () => void;
}

/**
 * A service list's export job (docs/billing.md, "Exports"), loaded when "Export CSV" is clicked: started
 * once, its progress shown, then its file saved as `filename.csv` (or the failure told); cancel stops it.
 */
export default function ExportJobRunner({ job: list, filename, query, onEnd }: ExportJobRunnerProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<number | null>(null);
  const base = `services/${list.serviceId}/exports/`;
  const { data: job, isError } = useJob(jobId, (id, signal) =>
    callEndpoint(exportEndpoints.get, { params: { serviceId: list.serviceId, id }, signal }),
  );
  const isStarted = useRef(false);
  const isEnded = useRef(false);
  const end = (hasFailed: boolean) => {
    if (isEnded.current) return;
    isEnded.current = true;
    if (hasFailed) showToast(t('dataTable.exportFailed'), { variant: 'error' });
    onEnd();
  };
  useEffect(() => {
    if (isStarted.current) return;
    isStarted.current = true;
    const body = { list: list.list, query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])) };
    callEndpoint(exportEndpoints.start, { params: { serviceId: list.serviceId }, body }).then(
      (started) => setJobId(rememberStartedJob(queryClient, started).id),
      () => end(true),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- started once per opening
  }, []);
  useEffect(() => {
    if (jobId === null || isEnded.current) return;
    if (isError || job?.state === 'failed') return end(true);
    if (job === undefined || job.id !== jobId || isJobActive(job)) return;
    if (job.state !== 'done') return end(false);
    apiClient.download(`${base}${jobId}/download/`, `${filename}.csv`).then(
      () => end(false),
      () => end(true),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `end` reads refs
  }, [job, jobId, isError]);
  const cancel = () => {
    if (jobId !== null)
      void callEndpoint(exportEndpoints.cancel, { params: { serviceId: list.serviceId, id: jobId } }).catch(() => undefined);
    end(false);
  };
  return (
    <Dialog open onClose={cancel} aria-labelledby="export-csv-title" fullWidth maxWidth="xs">
      <DialogTitle id="export-csv-title">{t('dataTable.exporting')}</DialogTitle>
      <DialogContent>
        <JobProgress job={jobId === null ? undefined : job} />
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{t('jobs.actions.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
