import { publicBillEndpoints } from '@meterline/contract/endpoints/public-bills';
import type { PublicLink } from '@meterline/contract/public-bills';
import { callEndpoint } from '../../../shared/lib/api-client';

/** "Make a new link": the customer's old bill link answers 404 from then on. */
export function renewPublicLink(serviceId: number, customerId: number): Promise<PublicLink> {
  return callEndpoint(publicBillEndpoints.renew, { params: { serviceId, id: customerId } });
}
