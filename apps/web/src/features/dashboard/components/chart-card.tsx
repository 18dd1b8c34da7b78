import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../shared/ui/record-state';

/** One dashboard widget with its loading skeleton, error (with retry) and empty states. */
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
  height?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  let body: ReactNode = children;
  if (isLoading) body = <Skeleton variant="rounded" height={height} aria-label={t('app.loading')} />;
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
      {body}
    </Paper>
  );
}
