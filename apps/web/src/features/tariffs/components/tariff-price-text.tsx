import type { Tariff } from '@meterline/contract/tariffs';
import { useTranslation } from 'react-i18next';
import { DecimalText } from '../../../shared/ui/decimal-text';

/**
 * "0.30 / kWh", or the tiers in one line ("0.30 up to 100 kWh, 0.45 above"), plus any uplift. The parts
 * are separated by the language's comma: a middle dot beside Arabic-Indic digits reads as a zero (٠).
 */
export function TariffPriceText({ tariff, unit }: { tariff: Tariff; unit?: string }) {
  const { t } = useTranslation();
  const perUnit = unit ? `/ ${unit}` : undefined;
  const uplift = !/^0(\.0*)?$/.test(tariff.uplift_percent) && (
    <bdi>
      {t('customers.listSeparator')}
      {t('tariffs.upliftShort')} <DecimalText value={tariff.uplift_percent} unit="%" />
    </bdi>
  );
  if (!tariff.tiers) {
    return (
      <span>
        <DecimalText value={tariff.unit_price} maxDecimals={6} unit={perUnit} />
        {uplift}
      </span>
    );
  }
  return (
    <span>
      {tariff.tiers.map((tier, index) => (
        <bdi key={index}>
          {index > 0 && t('customers.listSeparator')}
          <DecimalText value={tier.unit_price} maxDecimals={6} />{' '}
          {tier.up_to === null ? (
            t('tariffs.tiers.above')
          ) : (
            <>
              {t('tariffs.tiers.upTo')} <DecimalText value={tier.up_to} unit={unit} />
            </>
          )}
        </bdi>
      ))}
      {uplift}
    </span>
  );
}
