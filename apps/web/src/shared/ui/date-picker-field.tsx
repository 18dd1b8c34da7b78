import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../lib/form-errors';
import type { DatePickerInputProps } from './date-picker-input';
import { useFormReadOnly } from './form-read-only';
import { RecordTextField } from './record-text-field';

/**
 * The picker itself (MUI X's DatePicker, dayjs and its locales: ~50 KB gzip) comes when the field
 * shows, not with the screen's JS (docs/performance.md, "what a screen downloads"). The list
 * filters load the same one (date-filter-field.tsx).
 */
const DatePickerInput = lazy(() => import('./date-picker-input'));

/** The shared picker's props as a form field: a value always given, a minimum width instead of `sx`. */
export type DatePickerFieldProps = Omit<DatePickerInputProps, 'value' | 'onIncomplete' | 'isFilter' | 'sx'> & {
  /** `YYYY-MM-DD` (date) or `YYYY-MM` (month); '' for none. */
  value: string;
  minWidth?: number;
};

/**
 * A day or a month picked through the app's locale (docs/web.md, "Dates"): MUI X's picker with the language's
 * month names and the user's digits (date-picker-input.tsx), downloaded when first shown; until then
 * a placeholder of the field's height. A date typed half-way is '' until it is whole.
 */
export function DatePickerField({ minWidth, ...props }: DatePickerFieldProps) {
  const isReadOnly = useFormReadOnly();
  const sx = minWidth ? { minWidth: { xs: '100%', sm: minWidth } } : undefined;
  // Nothing to pick from in the read view: the label and the dash of every empty field, no download.
  if (isReadOnly && !props.value) {
    return (
      <RecordTextField
        label={props.label}
        value=""
        size={props.size}
        fullWidth={props.fullWidth}
        helperText={props.error ?? props.helperText}
        error={Boolean(props.error)}
        sx={sx}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
    );
  }
  return (
    <Suspense fallback={<Box aria-busy="true" sx={{ minHeight: props.size === 'small' ? 40 : 56 }} />}>
      <DatePickerInput {...props} sx={sx} onIncomplete={() => props.onChange('')} />
    </Suspense>
  );
}

/** `DatePickerField` bound to a react-hook-form field (a server 400 on it shows under it). */
export function FormDatePickerField<T extends FieldValues, TTransformed extends FieldValues = T>({
  control,
  name,
  ...props
}: { control: Control<T, unknown, TTransformed>; name: FieldPath<T> } & Omit<
  DatePickerFieldProps,
  'value' | 'onChange' | 'error' | 'onBlur'
>) {
  const { t } = useTranslation();
  return (
    <Controller<T, FieldPath<T>, TTransformed>
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePickerField
          {...props}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message ? localizeMessage(fieldState.error.message, t) : undefined}
        />
      )}
    />
  );
}
