import { formatMoney } from '@meterline/contract/money-format';
import { useTranslation } from 'react-i18next';
import { numberLocale, stripBidiMarks } from '../lib/format-number';
import { useSession } from '../lib/session';

export { stripBidiMarks };

/** The tenant's currency from `me/`; USD before a tenant is known (superadmin screens show no money). */
export function useTenantCurrency(): string {
  return useSession().user?.tenant?.currency ?? 'USD';
}

/** The text `<Money>` draws, for a chart's label or a column's width: in the tenant's currency unless another is named. */
export function useFormatMoney() {
  const tenantCurrency = useTenantCurrency();
  const { i18n } = useTranslation();
  return (amount: string, currency?: string) =>
    stripBidiMarks(formatMoney(amount, currency ?? tenantCurrency, numberLocale(i18n.language)));
}

/**
 * An exact amount in the tenant's currency and the user's language, isolated left to right
 * (`<bdi dir="ltr">`) so that `-12.50` keeps its sign in front inside Arabic text.
 */
export function Money({ amount, currency }: { amount: string; currency?: string }) {
  const tenantCurrency = useTenantCurrency();
  const { i18n } = useTranslation();
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {stripBidiMarks(formatMoney(amount, currency ?? tenantCurrency, numberLocale(i18n.language)))}
    </bdi>
  );
}
