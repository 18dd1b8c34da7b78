import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../lib/format-number';

/**
 * A meter reading, quantity or unit price in the user's language, isolated left to right, with
 * an optional unit ("1,234.5 kWh").
 */
export function DecimalText({ value, maxDecimals = 3, unit }: { value: string | null | undefined; maxDecimals?: number; unit?: string }) {
  const { i18n } = useTranslation();
  if (value === null || value === undefined || value === '') return <span>—</span>;
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {formatDecimal(value, i18n.language, maxDecimals)}
      {unit ? ` ${unit}` : ''}
    </bdi>
  );
}
