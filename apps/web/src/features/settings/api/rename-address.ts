import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { addressCollectionPath, addressListKey, type AddressLevel, type AddressParent } from './address-paths';

/** `PUT .../{id}/ {name}`. */
export function renameAddress(level: AddressLevel, parent: AddressParent, id: number, name: string): Promise<{ id: number; name: string }> {
  return apiClient.put(`${addressCollectionPath(level, parent)}${id}/`, { name });
}

export function useRenameAddress(level: AddressLevel, parent: AddressParent) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renameAddress(level, parent, id, name),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: addressListKey(level, parent), exact: true }),
  });
}
