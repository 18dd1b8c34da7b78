import { normalizeDigits } from '@meterline/contract/digits';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localizeNumbers } from '../lib/format-number';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

/** Arabic-Indic digits as typed become ASCII; a trailing separator survives while typing ("12."). */
export function normalizeNumericInput(text: string): string {
  return normalizeDigits(text).replace(/\s+/g, '');
}

/**
 * A stored or typed number as a numeric input shows it: in the user's digits and decimal separator
 * (12.5 → ١٢٫٥ on an Arabic-Indic screen, 12.5 on a Western or English one), one character for one,
 * so the caret keeps its place (docs/web.md, "Digits").
 */
export function shownNumericInput(value: string, language: string): string {
  return localizeNumbers(value, language);
}

/**
 * A number typed with the numeric keyboard (`inputMode="decimal"`, or "numeric" for whole numbers)
 * that accepts both digit systems (١٢٣ and 123). The form value stays an ASCII decimal string: money
 * and readings never become floats. The input shows it in the user's digits, editable or read-only
 * (a Western keystroke on an Arabic-Indic screen shows as ١, where it was typed), left to right.
 */
export function NumericTextField<T extends FieldValues, TTransformed extends FieldValues = T>({
  isInteger = false,
  slotProps,
  ...props
}: Omit<FormTextFieldProps<T, TTransformed>, 'parse' | 'format' | 'type'> & { isInteger?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <FormTextField<T, TTransformed>
      {...props}
      parse={normalizeNumericInput}
      format={(value) => shownNumericInput(value, i18n.language)}
      readViewDigits="number"
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: isInteger ? 'numeric' : 'decimal', dir: 'ltr', autoComplete: 'off', ...(slotProps?.htmlInput as object) },
      }}
    />
  );
}
