import { useTranslation } from 'react-i18next';
import { localizeCode } from '../lib/format-number';

/**
 * A code written by the app or typed by staff (an invoice or receipt number, a customer's code, a
 * phone, a payment's reference), in the user's digits (docs/web.md, "Digits": `INV-٢٠٢٦-٠٠٠١٢٣` for Arabic-Indic)
 * and isolated left to right so its parts keep their order inside Arabic (the digit groups too:
 * `keepDigitGroupsInOrder`).
 */
export function CodeText({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  if (!value) return <span>—</span>;
  return <bdi dir="ltr">{localizeCode(value, i18n.language)}</bdi>;
}
