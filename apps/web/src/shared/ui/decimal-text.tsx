import { useTranslation } from 'react-i18next';
import { quantityRun } from '../lib/format-number';

/**
 * A meter reading, quantity or unit price in the user's digits, with an optional unit: one
 * left-to-right run that never wraps, the number first ("1,234.5 kWh", "١٥ A"), as `formatQuantity`
 * writes it in a string (docs/web.md, "Digits").
 */
export function DecimalText({ value, maxDecimals = 3, unit }: { value: string | null | undefined; maxDecimals?: number; unit?: string }) {
  const { i18n } = useTranslation();
  if (value === null || value === undefined || value === '') return <span>—</span>;
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {quantityRun(value, unit, i18n.language, maxDecimals)}
    </bdi>
  );
}
