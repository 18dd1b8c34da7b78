import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { addressCollectionPath, addressListKey, type AddressLevel, type AddressParent } from './address-paths';

/** `DELETE .../{id}/`: 204, or 409 `protected` while a customer, station or child uses it. */
export function deleteAddress(level: AddressLevel, parent: AddressParent, id: number): Promise<void> {
  return apiClient.delete(`${addressCollectionPath(level, parent)}${id}/`);
}

export function useDeleteAddress(level: AddressLevel, parent: AddressParent) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAddress(level, parent, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: addressListKey(level, parent), exact: true }),
  });
}
