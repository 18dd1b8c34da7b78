import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Job } from '@meterline/contract/jobs';
import { useTranslation } from 'react-i18next';
import { formatCount, isolateLtr } from '../lib/format-number';

/**
 * A job's progress (docs/billing.md, "Jobs"): a bar, and "done of total" once the job knows its total (a bar that
 * moves by itself before). Used by the billing run dialog and the Jobs page.
 */
export function JobProgress({ job, isCompact = false }: { job: Pick<Job, 'state' | 'progress'> | undefined; isCompact?: boolean }) {
  const { t, i18n } = useTranslation();
  const total = job?.progress.total ?? 0;
  const done = Math.min(job?.progress.done ?? 0, total);
  const count = (value: number) => isolateLtr(formatCount(value, i18n.language));
  const label = total > 0 ? t('jobs.progress.doneOf', { done: count(done), total: count(total) }) : t('jobs.progress.starting');
  return (
    <Box sx={{ minWidth: isCompact ? 120 : undefined, width: '100%' }}>
      <LinearProgress
        variant={total > 0 ? 'determinate' : 'indeterminate'}
        value={total > 0 ? Math.round((done * 100) / total) : undefined}
        aria-label={t('jobs.progress.label')}
        aria-valuetext={label}
      />
      <Typography variant={isCompact ? 'caption' : 'body2'} color="text.secondary" sx={{ mt: 0.5, display: 'block' }}>
        {label}
      </Typography>
    </Box>
  );
}
