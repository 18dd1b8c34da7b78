import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { errorMessageOf } from '../lib/form-errors';

/**
 * What a detail page shows until its record is there: skeletons while loading, "This record no
 * longer exists." for a 404 (a deleted row, or one of another tenant or service), else the
 * failure with Retry. Renders `children` once the record is loaded.
 */
export function RecordState({
  isPending,
  error,
  onRetry,
  children,
}: {
  isPending: boolean;
  error: unknown;
  onRetry(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (error) {
    const isMissing = error instanceof ApiError && error.status === 404;
    return (
      <Alert
        severity={isMissing ? 'warning' : 'error'}
        action={
          isMissing ? undefined : (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )
        }
      >
        {isMissing ? t('forms.errors.notFound') : errorMessageOf(error, t)}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Stack spacing={2} aria-busy="true">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  }
  return <>{children}</>;
}
