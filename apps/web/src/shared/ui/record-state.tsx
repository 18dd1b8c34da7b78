import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { errorMessageOf } from '../lib/form-errors';

/**
 * A load that failed (a record, a list, a panel of figures): what failed, in the screen's words or
 * the error's, and Retry, which asks again. Every failed load with a retry shows through it.
 */
export function RetryAlert({ onRetry, children }: { onRetry(): void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/**
 * What a detail page shows until its record is there: the form's shape in grey while loading
 * (`rows` fields); for a 404 or an id that cannot exist (`isMissing`: a deleted row, or one of
 * another tenant or service) the screen's `failedMessage` or "This record no longer exists.";
 * any other failure with Retry (`failedMessage`, or the error's words). Renders `children` once loaded.
 */
export function RecordState({
  isPending,
  error,
  onRetry,
  isMissing = false,
  failedMessage,
  rows = 3,
  children,
}: {
  isPending: boolean;
  error: unknown;
  onRetry(): void;
  isMissing?: boolean;
  failedMessage?: string;
  rows?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (isMissing || (error instanceof ApiError && error.status === 404)) {
    // The screen's own failure words when it has them (the spec's "Failed to fetch tenant."), no retry.
    return <Alert severity="warning">{failedMessage ?? t('forms.errors.notFound')}</Alert>;
  }
  if (error) return <RetryAlert onRetry={onRetry}>{failedMessage ?? errorMessageOf(error, t)}</RetryAlert>;
  if (isPending) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} role="status" aria-busy="true" aria-label={t('app.loading')}>
        <Stack spacing={2.5}>
          {Array.from({ length: rows }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={56} />
          ))}
        </Stack>
      </Paper>
    );
  }
  return <>{children}</>;
}
