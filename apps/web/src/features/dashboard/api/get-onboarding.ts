import type { Onboarding } from '@meterline/contract/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { onboardingKeys } from '../../../shared/api/query-keys';

/** The new client's setup checklist (docs/tenants-and-settings.md), parsed with the contract schema. */
export async function getOnboarding(signal?: AbortSignal): Promise<Onboarding> {
  // The schema (and zod) download beside the answer, not with the screen (docs/performance.md, "No zod before a screen shows").
  const [answer, { onboardingSchema }] = await Promise.all([
    apiClient.get<unknown>('onboarding/', { signal }),
    import('@meterline/contract/onboarding'),
  ]);
  return onboardingSchema.parse(answer);
}

export const onboardingQueryOptions = () => queryOptions({ queryKey: onboardingKeys.all, queryFn: ({ signal }) => getOnboarding(signal) });

export function useOnboarding({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...onboardingQueryOptions(), enabled: isEnabled });
}
