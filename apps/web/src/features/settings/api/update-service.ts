import type { Service, UpdateServiceInput } from '@meterline/contract/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { serviceKeys } from '../../../shared/api/query-keys';

interface UpdateServiceVariables {
  id: number;
  input: UpdateServiceInput;
}

/** `PUT /services/{id}/`: a service's own settings (the daily consumption limit of docs/billing.md, "Plausibility"). */
export function updateService({ id, input }: UpdateServiceVariables): Promise<Service> {
  return apiClient.put<Service>(`services/${id}/`, input);
}

/** The answer replaces the service in the cached list (fetched once per session, so never refetched). */
export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: (service) => {
      queryClient.setQueryData<Service[]>(serviceKeys.all, (services) =>
        services?.map((item) => (item.id === service.id ? service : item)),
      );
    },
  });
}
