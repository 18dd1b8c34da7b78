import { useTranslation } from 'react-i18next';
import { DecimalText } from '../../../shared/ui/decimal-text';

/**
 * A line's description. A meter invoice's generated lines are stored in English
 * (`"10 A: monthly fee"`, `"Consumption: 241.334 kWh"`, see docs/decisions.md): they are shown in
 * the user's language, with the bundle name and the quantity isolated. Other lines show as written.
 */
export function LineDescription({ description }: { description: string }) {
  const { t } = useTranslation();
  const fee = /^(.*): monthly fee$/.exec(description);
  if (fee)
    return (
      <>
        {t('invoices.lines.monthlyFee')}
        <bdi>{fee[1]}</bdi>
      </>
    );
  const consumption = /^Consumption: (\d+(?:\.\d+)?) ?(.*)$/.exec(description);
  if (consumption) {
    return (
      <>
        {t('invoices.lines.consumption')} <DecimalText value={consumption[1]} unit={consumption[2] || undefined} />
      </>
    );
  }
  return <bdi>{description}</bdi>;
}
