import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import { callEndpoint } from '../../../shared/lib/api-client';

/** A GET, as the spec's client calls it: a new password, shown once (`np`). Nothing cached changes. */
export function resetTenantUserPassword(tenantId: number, userId: number): Promise<{ np: string }> {
  return callEndpoint(tenantEndpoints.resetUserPassword, { params: { id: tenantId, userId } });
}
