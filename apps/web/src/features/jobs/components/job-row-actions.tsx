import CancelOutlined from '@mui/icons-material/CancelOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import type { Job } from '@meterline/contract/jobs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isJobActive, openJobDocument, useCancelJob } from '../../../shared/api/jobs';
import { useToast } from '../../../shared/hooks/use-toast';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { RowActionsMenu, type RowAction } from '../../../shared/ui/row-actions-menu';

/**
 * A job's "⋯" menu: cancel a queued or running job (after a confirmation), show a finished billing
 * run's report, open the finished statements' document.
 */
export function JobRowActions({ job, onShowReport }: { job: Job; onShowReport(job: Job): void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const cancel = useCancelJob();
  const [isConfirming, setConfirming] = useState(false);
  const actions: RowAction[] = [];
  if (job.kind === 'billing_run' && job.state !== 'queued' && job.state !== 'running' && job.result)
    actions.push({
      key: 'report',
      icon: <DescriptionOutlined fontSize="small" />,
      label: t('jobs.actions.report'),
      onSelect: () => onShowReport(job),
    });
  if (job.kind === 'statements' && job.state === 'done')
    actions.push({
      key: 'open',
      icon: <PrintOutlined fontSize="small" />,
      label: t('jobs.actions.open'),
      onSelect: () => void openJobDocument(job).catch(() => showToast(t('jobs.messages.openFailed'), { variant: 'error' })),
    });
  if (isJobActive(job))
    actions.push({
      key: 'cancel',
      icon: <CancelOutlined fontSize="small" />,
      label: t('jobs.actions.cancel'),
      onSelect: () => setConfirming(true),
    });
  const handleConfirm = async () => {
    try {
      await cancel.mutateAsync(job.id);
      showToast(t('jobs.cancel.done'), { variant: 'success' });
    } catch (error) {
      showToast(errorMessageOf(error, t), { variant: 'error' });
    }
    setConfirming(false);
  };
  if (actions.length === 0) return null;
  return (
    <>
      <RowActionsMenu label={t('jobs.actions.menu', { kind: t(`jobs.kinds.${job.kind}`), number: job.id })} actions={actions} />
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('jobs.cancel.title')}
        description={t('jobs.cancel.text')}
        confirmLabel={t('jobs.cancel.confirm')}
        cancelLabel={t('jobs.cancel.keep')}
        confirmColor="error"
        isBusy={cancel.isPending}
        onConfirm={() => void handleConfirm()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
