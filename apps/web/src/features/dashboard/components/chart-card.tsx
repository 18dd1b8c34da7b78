import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../shared/ui/record-state';

/**
 * One dashboard widget with its loading skeleton, error (with retry) and empty states. Its body
 * keeps `height` from the first frame to the chart: the skeleton while the figures load, the same
 * skeleton while the chart's code loads (a lazy chart suspends here), then the chart; so nothing
 * below it moves when the chart arrives (the dashboard's layout shift, docs/performance.md).
 */
export function ChartCard({
  title,
  isLoading,
  isError,
  isEmpty,
  onRetry,
  height = 300,
  children,
}: {
  title: string;
  isLoading: boolean;
  isError: boolean;
  isEmpty: boolean;
  onRetry: () => void;
  /** The body's height in pixels: the chart's own, with its legend. */
  height?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const skeleton = <Skeleton variant="rounded" height={height} aria-label={t('app.loading')} />;
  let body: ReactNode = <Suspense fallback={skeleton}>{children}</Suspense>;
  if (isLoading) body = skeleton;
  else if (isError) body = <RetryAlert onRetry={onRetry}>{t('dashboard.error')}</RetryAlert>;
  else if (isEmpty)
    body = (
      <Typography color="text.secondary" sx={{ height, display: 'grid', placeItems: 'center' }}>
        {t('dashboard.empty')}
      </Typography>
    );
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box sx={{ minHeight: height }}>{body}</Box>
    </Paper>
  );
}
