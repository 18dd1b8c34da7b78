import type { Counter } from '@meterline/contract/subscriptions';
import i18next, { type TFunction } from 'i18next';
import { localizeDigits } from './format-number';

/** "Rizk Tower, floor 3, apt 5C": where the meter is, as a collector walks it. */
export function counterPlaceOf(counter: Counter, t: TFunction): string {
  const place = [
    counter.building_name ?? counter.street_name ?? counter.region_name,
    counter.floor && t('counters.floor', { floor: counter.floor }),
    counter.apartment && t('counters.apartment', { apartment: counter.apartment }),
  ]
    .filter(Boolean)
    .join(t('counters.listSeparator'));
  return localizeDigits(place, i18next.language);
}
