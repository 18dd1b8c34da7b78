import { formatMoney } from '@meterline/contract/money';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';

/** The tenant's currency from `me/`; USD before a tenant is known (superadmin screens show no money). */
export function useTenantCurrency(): string {
  return useSession().user?.tenant?.currency ?? 'USD';
}

export function useFormatMoney() {
  const currency = useTenantCurrency();
  const { i18n } = useTranslation();
  return (amount: string) => formatMoney(amount, currency, i18n.language);
}

/**
 * An exact amount in the tenant's currency and the user's language, isolated (`<bdi>`) so that
 * `-12.50` keeps its sign on the left inside right-to-left text.
 */
export function Money({ amount, currency }: { amount: string; currency?: string }) {
  const tenantCurrency = useTenantCurrency();
  const { i18n } = useTranslation();
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(amount, currency ?? tenantCurrency, i18n.language)}
    </bdi>
  );
}
