import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ExportListName } from '@meterline/contract/export-lists';
import { exportEndpoints } from '@meterline/contract/endpoints/exports';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../hooks/use-toast';
import { isJobActive, rememberStartedJob, useJob } from '../api/jobs';
import { apiClient, callEndpoint } from '../lib/api-client';
import { JobProgress } from './job-progress';

/**
 * "Export CSV" of a list: `path?format=csv` with the list's filters, as `filename.csv`. A service's
 * list names its `job` (docs/billing.md, "Exports"): the export runs as a job, its progress shows, and
 * the file is saved when it is done, under the same name and with the same bytes.
 */
export interface ExportCsv {
  path: string;
  filename: string;
  job?: { serviceId: number; list: ExportListName };
}

type Query = Record<string, string | number>;

/** Each service list's address under `services/{id}/` and its file's name (the streamed answer's). */
const SERVICE_LISTS: Record<ExportListName, [path: string, filename: string]> = {
  customers: ['customers/', 'customers'],
  bundles: ['bundles/', 'bundles'],
  stations: ['stations/', 'stations'],
  tariffs: ['tariffs/', 'tariffs'],
  exchange_rates: ['exchange-rates/', 'exchange-rates'],
  invoices: ['invoices/', 'invoices'],
  payments: ['payments/', 'payments'],
  overdue: ['overdue/', 'overdue'],
  counters: ['subscriptions/counters/', 'counters'],
  route_assignments: ['routes/assignments/', 'route-assignments'],
};

/** "Export CSV" of a service's list, through its export job (none before the service is known). */
export function serviceListExport(serviceId: number | undefined, list: ExportListName): ExportCsv | undefined {
  const [path, filename] = SERVICE_LISTS[list];
  return serviceId === undefined ? undefined : { path: `services/${serviceId}/${path}`, filename, job: { serviceId, list } };
}

export function ExportCsvButton({ exportCsv, query }: { exportCsv: ExportCsv; query: Query }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [isExporting, setExporting] = useState(false);
  const exportJob = useExportJob(exportCsv, () => setExporting(false));
  const handleExportClick = async () => {
    setExporting(true);
    try {
      if (exportCsv.job) {
        await exportJob.start(query);
        return;
      }
      await apiClient.download(exportCsv.path, `${exportCsv.filename}.csv`, { query: { ...query, format: 'csv' } });
      setExporting(false);
    } catch {
      showToast(t('dataTable.exportFailed'), { variant: 'error' });
      setExporting(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        loading={isExporting}
        loadingPosition="start"
        onClick={() => void handleExportClick()}
      >
        {isExporting ? t('dataTable.exporting') : t('dataTable.exportCsv')}
      </Button>
      <Dialog open={exportJob.jobId !== null} onClose={exportJob.cancel} aria-labelledby="export-csv-title" fullWidth maxWidth="xs">
        <DialogTitle id="export-csv-title">{t('dataTable.exporting')}</DialogTitle>
        <DialogContent>
          <JobProgress job={exportJob.job} />
        </DialogContent>
        <DialogActions>
          <Button onClick={exportJob.cancel}>{t('jobs.actions.cancel')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The export job of a service's list: started, read until it ends, then its file saved (or the failure told). */
function useExportJob(exportCsv: ExportCsv, onEnd: () => void) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<number | null>(null);
  const base = exportCsv.job ? `services/${exportCsv.job.serviceId}/exports/` : '';
  const { data: job, isError } = useJob(jobId, jobId === null ? undefined : `${base}${jobId}/`);
  // One ending per job, however often the effect runs.
  const ended = useRef<number | null>(null);
  useEffect(() => {
    if (jobId === null || ended.current === jobId || (!isError && (job === undefined || job.id !== jobId || isJobActive(job)))) return;
    ended.current = jobId;
    const finish = (hasFailed: boolean) => {
      if (hasFailed) showToast(t('dataTable.exportFailed'), { variant: 'error' });
      setJobId(null);
      onEnd();
    };
    if (isError || job?.state === 'failed') return finish(true);
    if (job?.state !== 'done') return finish(false);
    apiClient.download(`${base}${jobId}/download/`, `${exportCsv.filename}.csv`).then(
      () => finish(false),
      () => finish(true),
    );
  }, [job, jobId, isError, base, exportCsv.filename, onEnd, showToast, t]);
  return {
    jobId,
    job: jobId === null ? undefined : job,
    async start(query: Query) {
      if (!exportCsv.job) return;
      const body = {
        list: exportCsv.job.list,
        query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      };
      const started = await callEndpoint(exportEndpoints.start, { params: { serviceId: exportCsv.job.serviceId }, body });
      setJobId(rememberStartedJob(queryClient, started).id);
    },
    cancel: () => {
      const serviceId = exportCsv.job?.serviceId;
      if (jobId !== null && serviceId !== undefined)
        void callEndpoint(exportEndpoints.cancel, { params: { serviceId, id: jobId } }).catch(() => undefined);
      ended.current = jobId;
      setJobId(null);
      onEnd();
    },
  };
}
