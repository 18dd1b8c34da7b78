import Alert from '@mui/material/Alert';
import type { GenerateInvoicesResult } from '@meterline/contract/invoices';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../../shared/lib/format-date';

/**
 * What to know before billing: the month is not over yet; the month has no exchange rate while a
 * second currency is set (docs/billing.md, "A month without a rate").
 */
export function RunWarnings({
  report,
  month,
}: {
  report: Pick<GenerateInvoicesResult, 'month_in_progress' | 'missing_exchange_rate'>;
  month: string;
}) {
  const { t, i18n } = useTranslation();
  const missing = report.missing_exchange_rate;
  const values = missing && {
    month: formatMonth(missing.month, i18n.language),
    currency: missing.currency,
    fallback: missing.fallback_month ? formatMonth(missing.fallback_month, i18n.language) : '',
  };
  return (
    <>
      {report.month_in_progress && <Alert severity="warning">{t('billingRun.preview.inProgress', { month })}</Alert>}
      {missing && values && (
        <Alert severity="warning" data-testid="missing-rate">
          {missing.fallback_month ? t('billingRun.preview.missingRate', values) : t('billingRun.preview.missingRateNone', values)}
        </Alert>
      )}
    </>
  );
}
