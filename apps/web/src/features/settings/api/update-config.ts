import type { Config, UpdateConfigInput } from '@meterline/contract/config';
import { configEndpoints } from '@meterline/contract/endpoints/config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, callEndpoint } from '../../../shared/lib/api-client';
import { useSession } from '../../../shared/lib/session';
import { configKeys } from '../../../shared/api/query-keys';

export interface UpdateConfigVariables {
  id: number;
  input: Omit<UpdateConfigInput, 'logo'>;
  /** A newly chosen file: the request becomes multipart. Otherwise JSON without `logo` (docs/product/specification.md section 5). */
  logo?: File | null;
}

export function updateConfig({ id, input, logo }: UpdateConfigVariables): Promise<Config> {
  if (!logo) return callEndpoint(configEndpoints.update, { params: { id }, body: input });
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    // A map (the cash steps per currency) travels as JSON text, as the contract reads it.
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  form.append('logo', logo, logo.name);
  // By hand: an endpoint's body is its schema's JSON, this one a multipart form (the same route).
  return apiClient.put<Config>(`config/${id}/`, form);
}

/** The answer replaces the cached settings and the tenant summary of `me/` (currency, logo, name, time zone). */
export function useUpdateConfig() {
  const queryClient = useQueryClient();
  const { user, updateUser } = useSession();
  return useMutation({
    mutationFn: updateConfig,
    onSuccess: (config) => {
      queryClient.setQueryData(configKeys.all, config);
      if (user?.tenant) {
        updateUser({
          tenant: {
            ...user.tenant,
            company_name: config.company_name || user.tenant.name,
            logo: config.logo,
            currency: config.currency,
            currency_decimals: config.currency_decimals,
            timezone: config.timezone,
            second_currency: config.second_currency,
            default_digits: config.default_digits,
            customer_language: config.reminder_language,
          },
        });
      }
    },
  });
}
