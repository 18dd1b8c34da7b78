import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useMissingExchangeRates } from '../../../shared/api/get-missing-exchange-rates';
import { formatMonth } from '../../../shared/lib/format-date';

/**
 * An invoice about to be issued for a month without an exchange rate while a second currency is set
 * (docs/billing.md, "A month without a rate"): the invoice takes the rate of its first month.
 */
export function MissingRateWarning({ serviceId, periodStart }: { serviceId: number | undefined; periodStart: string | undefined }) {
  const { t, i18n } = useTranslation();
  const month = /^\d{4}-\d{2}/.test(periodStart ?? '') ? (periodStart ?? '').slice(0, 7) : '';
  const missing = useMissingExchangeRates(serviceId, { from: month, to: month }, Boolean(month));
  const currency = missing.data?.months.includes(month) ? missing.data.currency : null;
  if (!currency) return null;
  return (
    <Alert severity="warning" data-testid="missing-rate">
      {t('invoices.create.missingRate', { month: formatMonth(month, i18n.language), currency })}
    </Alert>
  );
}
