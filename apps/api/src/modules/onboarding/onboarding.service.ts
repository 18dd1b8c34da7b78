import { ONBOARDING_ITEMS, type Onboarding, type OnboardingItem } from '@meterline/contract/onboarding';
import type { Db, Executor } from '../../db/client';
import { findSettings } from '../config/index';
import { countOtherStaff, findSetupFacts } from './onboarding.repository';

/**
 * The new client's setup checklist (docs/tenants-and-settings.md): each item is done when its data exists. The company
 * needs its name and logo; a tenant that saved its settings once, or already bills, has settled
 * its company, currency and tax (many small operators have no logo).
 */
export function createOnboardingService(deps: { defaultDb: Db }) {
  return {
    async checklist(tenantDb: Executor, actor: { tenantId: number; userId: number }): Promise<Onboarding> {
      const [facts, config, otherStaff] = await Promise.all([
        findSetupFacts(tenantDb, actor.tenantId),
        findSettings(tenantDb, { tenantId: actor.tenantId }),
        countOtherStaff(deps.defaultDb, actor.tenantId, actor.userId),
      ]);
      const companyName = config?.companyName ?? '';
      const hasLogo = Boolean(config?.logo);
      const settled = facts.settingsSaved || facts.hasInvoices;
      const items: Record<OnboardingItem, boolean> = {
        company: companyName.trim() !== '' && (hasLogo || settled),
        currency_tax: settled,
        services: facts.hasServices,
        bundles: facts.hasBundles,
        stations: facts.hasStations,
        // A customer's address ends in a building (under a street, under a region).
        addresses: facts.hasRegions && facts.hasBuildings,
        staff: otherStaff > 0,
        customers: facts.hasCustomers,
        // Reaching the household (docs/notifications.md): a channel on, and one test message that went out.
        channel: facts.hasChannel,
        test_message: facts.hasTestMessage,
      };
      return {
        items,
        complete: ONBOARDING_ITEMS.every((item) => items[item]),
        address_levels: { regions: facts.hasRegions, streets: facts.hasStreets, buildings: facts.hasBuildings },
      };
    },
  };
}
