import i18next, { type TFunction } from 'i18next';
import { localizeDigits } from '../../../shared/lib/format-number';

interface Addressed {
  region_name: string | null;
  street_name: string | null;
  building_name: string | null;
  floor: string;
  apartment: string;
}

/** "Hamra · Bliss St · Building 4, floor 2, apt 5": what a collector reads at the door, in the user's digits. */
export function customerAddressOf(row: Addressed, t: TFunction): string {
  const place = [row.region_name, row.street_name, row.building_name].filter(Boolean).join(' · ');
  const unit = [
    row.floor && t('customers.floorShort', { floor: row.floor }),
    row.apartment && t('customers.apartmentShort', { apartment: row.apartment }),
  ]
    .filter(Boolean)
    .join(t('customers.listSeparator'));
  return localizeDigits([place, unit].filter(Boolean).join(t('customers.listSeparator')), i18next.language);
}
