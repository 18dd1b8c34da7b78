import type { Executor } from '../../db/client';
import { services, settings } from '../../db/schema/index';

/** Every new tenant starts with its settings and two services, so its first admin can start at once. */
export async function provisionTenantData(
  executor: Executor,
  tenantId: number,
  options: { currency?: string; companyName: string },
): Promise<void> {
  await executor.insert(settings).values({ tenantId, companyName: options.companyName, currency: options.currency ?? 'USD' });
  await executor.insert(services).values([
    { tenantId, name: 'Electricity', nameAr: 'الكهرباء', unit: 'kWh', isMetered: true, position: 1 },
    { tenantId, name: 'Water', nameAr: 'المياه', unit: 'm³', isMetered: true, position: 2 },
  ]);
}
