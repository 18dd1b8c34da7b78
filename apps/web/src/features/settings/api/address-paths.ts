/** Where each address level lives, and the key its list is cached under (`shared/api/get-regions.ts` and siblings). */
export type AddressLevel = 'region' | 'street' | 'building';

export interface AddressParent {
  regionId?: number;
  streetId?: number;
}

export function addressCollectionPath(level: AddressLevel, parent: AddressParent): string {
  if (level === 'region') return 'regions/';
  if (level === 'street') return `regions/${parent.regionId}/streets/`;
  return `regions/${parent.regionId}/streets/${parent.streetId}/buildings/`;
}

export function addressListKey(level: AddressLevel, parent: AddressParent): readonly unknown[] {
  if (level === 'region') return ['regions'];
  if (level === 'street') return ['regions', parent.regionId, 'streets'];
  return ['regions', parent.regionId, 'streets', parent.streetId, 'buildings'];
}
