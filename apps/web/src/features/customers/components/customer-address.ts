import type { TFunction } from 'i18next';

interface Addressed {
  region_name: string | null;
  street_name: string | null;
  building_name: string | null;
  floor: string;
  apartment: string;
}

/** "Hamra · Bliss St · Building 4, floor 2, apt 5": what a collector reads at the door. */
export function customerAddressOf(row: Addressed, t: TFunction): string {
  const place = [row.region_name, row.street_name, row.building_name].filter(Boolean).join(' · ');
  const unit = [row.floor && t('customers.floorShort', { floor: row.floor }), row.apartment && t('customers.apartmentShort', { apartment: row.apartment })]
    .filter(Boolean)
    .join(t('customers.listSeparator'));
  return [place, unit].filter(Boolean).join(t('customers.listSeparator'));
}
