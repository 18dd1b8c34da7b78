import { formatMoney } from '@meterline/contract/money-format';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { arabicSignAfter, isolateMoney } from '@meterline/contract/display-format';
import { digitSystemOfUser, numberLocale, stripBidiMarks } from '../lib/format-number';
import { useSession } from '../lib/session';

export { stripBidiMarks };

/** The tenant's currency from `me/`; USD before a tenant is known (superadmin screens show no money). */
export function useTenantCurrency(): string {
  return useSession().user?.tenant?.currency ?? 'USD';
}

/** The text `<Money>` draws, for a chart's label or a column's width: in the tenant's currency unless another is named. */
/**
 * An amount written into a sentence. In Arabic it is isolated as `<Money>` draws it (`isolateMoney`):
 * left bare in a right-to-left sentence, the "$" of "US$" took the sentence's direction and was
 * drawn before the letters ("$US").
 */
export function moneyInText(formatted: string, language: string): string {
  const text = stripBidiMarks(formatted);
  return language === 'ar' ? isolateMoney(text) : text;
}

export function useFormatMoney() {
  const { user } = useSession();
  const tenantCurrency = user?.tenant?.currency ?? 'USD';
  const digits = digitSystemOfUser(user);
  const { i18n } = useTranslation();
  // One function while the language, the digits and the currency stay: the grid's column widths are
  // measured again only when what it writes changes, not on every render.
  return useCallback(
    (amount: string, currency?: string) =>
      moneyInText(formatMoney(amount, currency ?? tenantCurrency, numberLocale(i18n.language)), i18n.language),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- digits: numberLocale reads the user's digit system
    [tenantCurrency, i18n.language, digits],
  );
}

/**
 * An exact amount in the tenant's currency and the user's language, isolated left to right
 * (`<bdi dir="ltr">`) so that `-12.50` keeps its sign in front inside Arabic text.
 */
export function Money({ amount, currency }: { amount: string; currency?: string }) {
  const tenantCurrency = useTenantCurrency();
  const { i18n } = useTranslation();
  const text = stripBidiMarks(formatMoney(amount, currency ?? tenantCurrency, numberLocale(i18n.language)));
  // A sign in Arabic letters ("ل.ل.") reads right to left after the number, its final dot at the far end.
  const signed = arabicSignAfter(text);
  if (signed)
    return (
      <bdi dir="rtl" style={{ whiteSpace: 'nowrap' }}>
        <bdi dir="ltr">{signed.amount}</bdi>
        {signed.space}
        {signed.sign}
      </bdi>
    );
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {text}
    </bdi>
  );
}
