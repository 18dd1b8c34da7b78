import type { InvoiceLinePricing } from '@meterline/contract/invoices';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../../shared/lib/format-date';
import { formatName } from '../../../shared/lib/format-number';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { NameText } from '../../../shared/ui/name-text';

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
        <NameText value={fee[1]} />
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
              pricing.tariff_name && formatName(pricing.tariff_name, i18n.language),
              pricing.tier === null ? null : t('currencies.tier', { tier: pricing.tier }),
            ]
              .filter(Boolean)
              .map((part, index) => (
                // The separator outside the isolates, in the line's direction; a comma, as on paper: a middle dot
                // beside Arabic-Indic digits reads as a zero (٠).
                <Fragment key={index}>
                  {index ? t('customers.listSeparator') : ''}
                  <bdi>{part}</bdi>
                </Fragment>
              ))}
          </Typography>
        )}
      </>
    );
  }
  return <bdi>{description}</bdi>;
}
