import type { Customer } from '@meterline/contract/customers';

/** A customer as the API answers, for the tests of this feature. */
export const customer: Customer = {
  id: 5,
  service: 1,
  code: 'C-000005',
  full_name: 'Fadi Fares',
  phone: '+961 70 718320',
  email: '',
  national_id: '',
  region: 1,
  region_name: 'Achrafieh',
  street: 2,
  street_name: 'Sassine Street',
  building: 3,
  building_name: 'Rizk Tower',
  floor: '3',
  apartment: '5C',
  station: 4,
  station_name: 'Sassine generator',
  status: 'active',
  balance: '36.52',
  credit: '0.00',
  subscription: { id: 8, bundle: 2, bundle_name: '5 A', counter: '2059.439', started_on: '2025-11-01' },
  notes: '',
  created_at: '2026-01-01T00:00:00Z',
};
