/** The address levels, their parents' ids and the key each list is cached under (`shared/api/get-regions.ts` and siblings). */
export type AddressLevel = 'region' | 'street' | 'building';

export interface AddressParent {
  regionId?: number;
  streetId?: number;
}

function required(id: number | undefined, name: string): number {
  if (id === undefined) throw new Error(`no ${name}: the level's path names it`);
  return id;
}

/** The ids of a street's (`regionId`) or a building's (`regionId`, `streetId`) path. */
export const regionIdOf = (parent: AddressParent) => required(parent.regionId, 'regionId');
export const streetIdOf = (parent: AddressParent) => required(parent.streetId, 'streetId');

export function addressListKey(level: AddressLevel, parent: AddressParent): readonly unknown[] {
  if (level === 'region') return ['regions'];
  if (level === 'street') return ['regions', parent.regionId, 'streets'];
  return ['regions', parent.regionId, 'streets', parent.streetId, 'buildings'];
}
