import { addressEndpoints } from '@meterline/contract/endpoints/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { addressListKey, regionIdOf, streetIdOf, type AddressLevel, type AddressParent } from './address-paths';

/** `PUT .../{id}/ {name}`. */
export function renameAddress(level: AddressLevel, parent: AddressParent, id: number, name: string): Promise<{ id: number; name: string }> {
  const body = { name };
  if (level === 'region') return callEndpoint(addressEndpoints.renameRegion, { params: { id }, body });
  if (level === 'street') return callEndpoint(addressEndpoints.renameStreet, { params: { regionId: regionIdOf(parent), id }, body });
  const params = { regionId: regionIdOf(parent), streetId: streetIdOf(parent), id };
  return callEndpoint(addressEndpoints.renameBuilding, { params, body });
}

export function useRenameAddress(level: AddressLevel, parent: AddressParent) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renameAddress(level, parent, id, name),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: addressListKey(level, parent), exact: true }),
  });
}
