import { serviceEndpoints } from '@meterline/contract/endpoints/services';
import type { Service, UpdateServiceInput } from '@meterline/contract/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../lib/api-client';
import { serviceKeys } from './query-keys';

interface UpdateServiceVariables {
  id: number;
  input: UpdateServiceInput;
}

/** `PATCH /services/{id}/`: a partial change (name, unit, metered, active, the daily consumption limit). */
export function updateService({ id, input }: UpdateServiceVariables) {
  return callEndpoint(serviceEndpoints.update, { params: { id }, body: input });
}

/**
 * The one hook for a service's changes (the Services screen and the settings' limits): the answer
 * replaces the record and its row in the selector's list at once, then the lists refetch (a disabled
 * service leaves the selector). The service's own data is not refetched: nothing in it changed.
 */
export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: async (service) => {
      queryClient.setQueryData(serviceKeys.detail(service.id), service);
      queryClient.setQueryData<Service[]>(serviceKeys.all, (services) =>
        services?.map((item) => (item.id === service.id ? service : item)),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceKeys.all, exact: true }),
        queryClient.invalidateQueries({ queryKey: serviceKeys.lists() }),
      ]);
    },
  });
}
