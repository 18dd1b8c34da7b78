import { normalizeDigits } from '@meterline/contract/digits';
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

/** Arabic-Indic digits as typed become ASCII; a trailing separator survives while typing ("12."). */
export function normalizeNumericInput(text: string): string {
  return normalizeDigits(text).replace(/\s+/g, '');
}

/**
 * A number typed with the numeric keyboard (`inputMode="decimal"`, or "numeric" for whole numbers)
 * that accepts Arabic-Indic digits (١٢٣ → 123). The form value stays a decimal string: money and
 * readings never become floats. Digits run left to right in Arabic too. In the read view the value
 * shows in the user's digits and decimal separator (١٢٣٤٫٥); editable, as stored or typed.
 */
export function NumericTextField<T extends FieldValues, TTransformed extends FieldValues = T>({
  isInteger = false,
  slotProps,
  ...props
}: Omit<FormTextFieldProps<T, TTransformed>, 'parse' | 'type'> & { isInteger?: boolean }) {
  return (
    <FormTextField<T, TTransformed>
      {...props}
      parse={normalizeNumericInput}
      readViewDigits="number"
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: isInteger ? 'numeric' : 'decimal', dir: 'ltr', autoComplete: 'off', ...(slotProps?.htmlInput as object) },
      }}
    />
  );
}
