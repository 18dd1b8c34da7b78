import { publicBillEndpoints } from '@meterline/contract/endpoints/public-bills';
import type { PublicBill } from '@meterline/contract/public-bills';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { publicBillKeys } from '../../../shared/api/query-keys';

/** A customer's bill by its public link: no session needed (a stored one is neither needed nor refreshed). */
export function getPublicBill(token: string, signal?: AbortSignal): Promise<PublicBill> {
  return callEndpoint(publicBillEndpoints.get, { params: { token }, signal, skipUnauthorizedRedirect: true, skipRefresh: true });
}

export const publicBillQueryOptions = (token: string) =>
  queryOptions({
    queryKey: publicBillKeys.detail(token),
    queryFn: ({ signal }) => getPublicBill(token, signal),
    // A 404 is the answer (a link no longer valid), not a failure to retry.
    retry: false,
  });
