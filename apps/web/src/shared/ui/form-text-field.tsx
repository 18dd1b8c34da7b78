import type { TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../lib/form-errors';
import { useFormReadOnly } from './form-read-only';
import { RecordTextField, type ReadViewDigits } from './record-text-field';

/** `TTransformed`: what the form's resolver outputs (a zod schema's output), when it differs from the values. */
export type FormTextFieldProps<T extends FieldValues, TTransformed extends FieldValues = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'error'
> & {
  control: Control<T, unknown, TTransformed>;
  name: FieldPath<T>;
  /** Turns what was typed into the form value (the numeric field normalises digits). */
  parse?(text: string): unknown;
  /** Shows the form value (the numeric field writes it in the user's digits); the caret stays where it was typed. */
  format?(value: string): string;
  /** How the value's digits show in the read view: `text` by default (see `ReadViewDigits`). */
  readViewDigits?: ReadViewDigits;
};

/**
 * Where the caret was typed, kept when the shown text is rewritten (a Western digit typed on an
 * Arabic-Indic screen becomes ١ in place): the rewrite keeps the text's length, so the caret's index.
 */
export function keepCaret(input: EventTarget & { value: string; selectionStart?: number | null }, shown: string): void {
  if (!(input instanceof HTMLInputElement) || shown === input.value || shown.length !== input.value.length) return;
  const caret = input.selectionStart;
  if (caret === null) return;
  requestAnimationFrame(() => {
    if (document.activeElement === input) input.setSelectionRange(caret, caret);
  });
}

/**
 * An MUI TextField bound to react-hook-form: its error (from zod or a server 400) shows under it
 * in the user's language; otherwise `helperText` does. Inside `<FormReadOnly isReadOnly>` it is
 * `readOnly` (a select does not open) and not marked required.
 */
export function FormTextField<T extends FieldValues, TTransformed extends FieldValues = T>({
  control,
  name,
  helperText,
  parse,
  format,
  ...props
}: FormTextFieldProps<T, TTransformed>) {
  const { t } = useTranslation();
  const isReadOnly = useFormReadOnly();
  const slotProps = isReadOnly
    ? { ...props.slotProps, htmlInput: { ...(props.slotProps?.htmlInput as object), readOnly: true } }
    : props.slotProps;
  return (
    <Controller<T, FieldPath<T>, TTransformed>
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RecordTextField
          {...props}
          required={props.required && !isReadOnly}
          slotProps={slotProps}
          name={field.name}
          value={format ? format(String(field.value ?? '')) : (field.value ?? '')}
          onChange={(event) => {
            const value = parse ? parse(event.target.value) : event.target.value;
            if (format) keepCaret(event.target, format(String(value ?? '')));
            field.onChange(value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={props.disabled ?? field.disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? localizeMessage(fieldState.error.message, t) : helperText}
        />
      )}
    />
  );
}
