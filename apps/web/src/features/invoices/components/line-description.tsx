import type { InvoiceLinePricing } from '@meterline/contract/invoices';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../../shared/lib/format-date';
import { localizeDigits } from '../../../shared/lib/format-number';
import { DecimalText } from '../../../shared/ui/decimal-text';

/**
 * A line's description. A meter invoice's generated lines are stored in English
 * (`"10 A: monthly fee"`, `"Consumption: 241.334 kWh"`, docs/billing.md "Invoices"): they are shown in
 * the user's language, with the bundle name and the quantity isolated. A consumption line priced
 * by a tariff (docs/billing.md, "Tariffs") also names its month, tariff and tier. Other lines show as written.
 */
export function LineDescription({ description, pricing = null }: { description: string; pricing?: InvoiceLinePricing | null }) {
  const { t, i18n } = useTranslation();
  const fee = /^(.*): monthly fee$/.exec(description);
  if (fee)
    return (
      <>
        {t('invoices.lines.monthlyFee')}
        <bdi>{localizeDigits(fee[1] ?? '', i18n.language)}</bdi>
      </>
    );
  const consumption = /^Consumption: (\d+(?:\.\d+)?) ?(.*?)(?: \(.*\))?$/.exec(description);
  if (consumption) {
    return (
      <>
        {t('invoices.lines.consumption')} <DecimalText value={consumption[1]} unit={consumption[2] || undefined} />
        {pricing && pricing.tariff !== null && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {[
              formatMonth(pricing.month, i18n.language),
              pricing.tariff_name && localizeDigits(pricing.tariff_name, i18n.language),
              pricing.tier === null ? null : t('currencies.tier', { tier: pricing.tier }),
            ]
              .filter(Boolean)
              .map((part, index) => (
                <bdi key={index}>{index ? ` · ${part}` : part}</bdi>
              ))}
          </Typography>
        )}
      </>
    );
  }
  return <bdi>{description}</bdi>;
}
