import type { Executor } from '../../db/client';
import { insertSettings } from '../config/index';
import { insertServices } from '../services/index';

/** Every new tenant starts with its settings and two services, so its first admin can start at once. */
export async function provisionTenantData(
  executor: Executor,
  tenantId: number,
  options: { currency?: string; companyName: string },
): Promise<void> {
  await insertSettings(executor, { tenantId }, { companyName: options.companyName, currency: options.currency ?? 'USD' });
  await insertServices(executor, { tenantId }, [
    { name: 'Electricity', nameAr: 'الكهرباء', unit: 'kWh', isMetered: true, position: 1 },
    { name: 'Water', nameAr: 'المياه', unit: 'm³', isMetered: true, position: 2 },
  ]);
}
