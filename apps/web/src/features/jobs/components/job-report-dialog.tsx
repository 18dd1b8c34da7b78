import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { GenerateInvoicesResult } from '@meterline/contract/invoices';
import type { Job } from '@meterline/contract/jobs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingRunReport } from '../../../shared/ui/billing-run-report';

/** A finished billing run's report, opened from its row. */
export default function JobReportDialog({ job, onClose }: { job: Job | null; onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const result = job?.result as GenerateInvoicesResult | null | undefined;
  return (
    <Dialog open={job !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('jobs.report.title')}</DialogTitle>
      <DialogContent>{result && <BillingRunReport result={result} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
