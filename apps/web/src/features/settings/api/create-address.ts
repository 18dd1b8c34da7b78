import { addressEndpoints } from '@meterline/contract/endpoints/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { addressListKey, regionIdOf, streetIdOf, type AddressLevel, type AddressParent } from './address-paths';

/** `POST regions/`, `regions/{r}/streets/` or `.../streets/{s}/buildings/` with `{name}`. */
export function createAddress(level: AddressLevel, parent: AddressParent, name: string): Promise<{ id: number; name: string }> {
  const body = { name };
  if (level === 'region') return callEndpoint(addressEndpoints.createRegion, { params: {}, body });
  if (level === 'street') return callEndpoint(addressEndpoints.createStreet, { params: { regionId: regionIdOf(parent) }, body });
  const params = { regionId: regionIdOf(parent), streetId: streetIdOf(parent) };
  return callEndpoint(addressEndpoints.createBuilding, { params, body });
}

export function useCreateAddress(level: AddressLevel, parent: AddressParent) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createAddress(level, parent, name),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: addressListKey(level, parent), exact: true }),
  });
}
