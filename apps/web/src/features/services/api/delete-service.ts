import { serviceEndpoints } from '@meterline/contract/endpoints/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceKeys } from '../../../shared/api/query-keys';
import { callEndpoint } from '../../../shared/lib/api-client';

/** 204, or 409 `protected` while the service holds customers, bundles, stations, tariffs or money. */
export async function deleteService(serviceId: number): Promise<void> {
  await callEndpoint(serviceEndpoints.delete, { params: { id: serviceId } });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: (_result, serviceId) => {
      queryClient.removeQueries({ queryKey: serviceKeys.detail(serviceId) });
      return queryClient.invalidateQueries({ queryKey: serviceKeys.all });
    },
  });
}
