import { quantityOfName } from '@meterline/contract/display-format';
import { useTranslation } from 'react-i18next';
import { nameRun } from '../lib/format-number';

/**
 * A name typed by staff (a bundle, a tariff, a station, a building) as data: its digits in the
 * user's system with each group in order, a code word ("4A", "UTF-8") kept, isolated by its first
 * letter; a name that is a quantity ("15 A", "12.5 m³") as one left-to-right run, the number first,
 * that never wraps (docs/web.md, "Digits"; `formatName` is its string form).
 */
export function NameText({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  if (!value) return <span>—</span>;
  const isQuantity = quantityOfName(value) !== null;
  return (
    <bdi dir={isQuantity ? 'ltr' : undefined} style={isQuantity ? { whiteSpace: 'nowrap' } : undefined}>
      {nameRun(value, i18n.language)}
    </bdi>
  );
}
