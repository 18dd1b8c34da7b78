import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { addressCollectionPath, addressListKey, type AddressLevel, type AddressParent } from './address-paths';

/** `POST regions/`, `regions/{r}/streets/` or `.../streets/{s}/buildings/` with `{name}`. */
export function createAddress(level: AddressLevel, parent: AddressParent, name: string): Promise<{ id: number; name: string }> {
  return apiClient.post(addressCollectionPath(level, parent), { name });
}

export function useCreateAddress(level: AddressLevel, parent: AddressParent) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createAddress(level, parent, name),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: addressListKey(level, parent), exact: true }),
  });
}
