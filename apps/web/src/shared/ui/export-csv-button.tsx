import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import type { ExportListName } from '@meterline/contract/export-lists';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../hooks/use-toast';
import { apiClient } from '../lib/api-client';

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

const ExportJobRunner = lazy(() => import('./export-job-runner'));

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
  // The export job's query while it runs (its runner, with the progress dialog, is loaded on demand).
  const [jobQuery, setJobQuery] = useState<Query | null>(null);
  const handleExportClick = async () => {
    setExporting(true);
    if (exportCsv.job) return setJobQuery(query);
    try {
      await apiClient.download(exportCsv.path, `${exportCsv.filename}.csv`, { query: { ...query, format: 'csv' } });
    } catch {
      showToast(t('dataTable.exportFailed'), { variant: 'error' });
    } finally {
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
      {exportCsv.job && jobQuery && (
        <Suspense fallback={null}>
          <ExportJobRunner
            job={exportCsv.job}
            filename={exportCsv.filename}
            query={jobQuery}
            onEnd={() => {
              setJobQuery(null);
              setExporting(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
