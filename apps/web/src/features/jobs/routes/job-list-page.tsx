import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { Job, JobState } from '@meterline/contract/jobs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJobs } from '../../../shared/api/jobs';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useSession } from '../../../shared/lib/session';
import { DataTable } from '../../../shared/ui/data-table';
import { JobProgress } from '../../../shared/ui/job-progress';
import { PageHeader } from '../../../shared/ui/page-header';
import { StatusChip, type StatusTone } from '../../../shared/ui/status-chip';
import { JobRowActions } from '../components/job-row-actions';

/** Its own chunk: the report is read once a run is chosen, not on every visit to the list. */
const JobReportDialog = lazy(() => import('../components/job-report-dialog'));

const STATE_TONES: Record<JobState, StatusTone> = {
  queued: 'neutral',
  running: 'info',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
};

export function JobStateChip({ state }: { state: JobState }) {
  const { t } = useTranslation();
  return <StatusChip label={t(`jobs.states.${state}`)} tone={STATE_TONES[state]} />;
}

/**
 * The tenant's jobs (docs/billing.md, "Jobs"): billing runs and bulk statements, newest first, with their state,
 * progress, who started them and when; read again while any of them runs. A queued or running job
 * can be cancelled (after a confirmation); a finished run shows its report, finished statements open.
 */
export function JobListPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const listState = useListUrlState();
  const query = useJobs(listState.query);
  const [report, setReport] = useState<Job | null>(null);
  const when = (value: string) => formatDateTime(value, i18n.language, user?.tenant?.timezone);

  const columns: GridColDef<Job>[] = [
    {
      field: 'kind',
      headerName: t('jobs.fields.kind'),
      flex: 1,
      minWidth: 160,
      sortable: false,
      renderCell: ({ row }) => t(`jobs.kinds.${row.kind}`),
    },
    {
      field: 'state',
      headerName: t('jobs.fields.state'),
      minWidth: 140,
      sortable: false,
      renderCell: ({ row }) => <JobStateChip state={row.state} />,
    },
    {
      field: 'progress',
      headerName: t('jobs.fields.progress'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      // A flex cell centres the bar and its caption in the row's height (a block cell set them at the top).
      display: 'flex',
      renderCell: ({ row }) => <JobProgress job={row} isCompact />,
    },
    {
      field: 'created_by',
      headerName: t('jobs.fields.createdBy'),
      flex: 1,
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => <bdi>{row.created_by?.name ?? '—'}</bdi>,
    },
    {
      field: 'created_at',
      headerName: t('jobs.fields.createdAt'),
      flex: 1,
      minWidth: 170,
      sortable: false,
      renderCell: ({ row }) => when(row.created_at),
    },
    {
      field: 'actions',
      headerName: '',
      width: 56,
      sortable: false,
      hideable: false,
      align: 'center',
      renderCell: ({ row }) => <JobRowActions job={row} onShowReport={setReport} />,
    },
  ];

  return (
    <>
      <PageHeader title={t('jobs.title')} subtitle={t('jobs.subtitle')} />
      <DataTable<Job>
        label={t('jobs.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('jobs.messages.loadFailed')}
        emptyMessage={t('jobs.messages.empty')}
        isSearchable={false}
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600 }}>{t(`jobs.kinds.${row.kind}`)}</Typography>
              <JobStateChip state={row.state} />
            </Stack>
            <JobProgress job={row} isCompact />
            <Typography variant="body2" color="text.secondary">
              <bdi>{row.created_by?.name ?? '—'}</bdi> · {when(row.created_at)}
            </Typography>
          </Stack>
        )}
        renderCardActions={(row) => <JobRowActions job={row} onShowReport={setReport} />}
      />
      {report && (
        <Suspense fallback={null}>
          <JobReportDialog job={report} onClose={() => setReport(null)} />
        </Suspense>
      )}
    </>
  );
}
