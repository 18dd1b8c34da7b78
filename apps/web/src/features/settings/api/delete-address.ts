import { addressEndpoints } from '@meterline/contract/endpoints/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { addressListKey, regionIdOf, streetIdOf, type AddressLevel, type AddressParent } from './address-paths';

/** `DELETE .../{id}/`: 204, or 409 `protected` while a customer, station or child uses it. */
export async function deleteAddress(level: AddressLevel, parent: AddressParent, id: number): Promise<void> {
  if (level === 'region') await callEndpoint(addressEndpoints.deleteRegion, { params: { id } });
  else if (level === 'street') await callEndpoint(addressEndpoints.deleteStreet, { params: { regionId: regionIdOf(parent), id } });
  else await callEndpoint(addressEndpoints.deleteBuilding, { params: { regionId: regionIdOf(parent), streetId: streetIdOf(parent), id } });
}

export function useDeleteAddress(level: AddressLevel, parent: AddressParent) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAddress(level, parent, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: addressListKey(level, parent), exact: true }),
  });
}
