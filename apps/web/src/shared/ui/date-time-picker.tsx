import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { Dayjs } from 'dayjs';
import type { Ref } from 'react';
import { dayjs } from '../lib/pickers-adapter';
import { useFormReadOnly } from './form-read-only';
import { PickersLocalization } from './pickers-localization';
import { dayjsLocale } from '../lib/format-number';

/** Day, month name (from the language's dayjs locale), year and 24-hour time: short enough for a 390 px phone. */
const formatOf = (language: string) => (language === 'ar' ? 'D MMM YYYY، HH:mm' : 'D MMM YYYY, HH:mm');

interface DateTimePickerInputProps {
  label: string;
  /** An ISO instant, '' when empty. */
  value: string;
  /** An ISO instant, '' when cleared, 'invalid' when the text is not a date. */
  onChange(value: string): void;
  onBlur(): void;
  inputRef: Ref<HTMLInputElement>;
  name: string;
  /** The tenant's time zone; the browser's when it has none. */
  zone: string | null;
  language: string;
  notBefore?: string | null;
  isDisabled: boolean;
  error?: string;
  helperText?: string;
}

/** The picker of `DateTimeField` (date-time-field.tsx), a chunk of its own loaded with the first form that shows one. */
export default function DateTimePickerInput({
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  name,
  zone,
  language,
  notBefore,
  isDisabled,
  error,
  helperText,
}: DateTimePickerInputProps) {
  const isReadOnly = useFormReadOnly();
  const timezone = zone || dayjs.tz.guess();
  // In the pickers' locale: the adapter compares days by their formatted text (Arabic-Indic digits in Arabic).
  const locale = dayjsLocale(language);
  // A day (`YYYY-MM-DD`, the invoice's issue) starts at midnight in the tenant's zone.
  const minDateTime = !notBefore
    ? undefined
    : (/^\d{4}-\d{2}-\d{2}$/.test(notBefore) ? dayjs.tz(notBefore, timezone) : dayjs(notBefore).tz(timezone)).locale(locale);
  const current: Dayjs | null = value ? dayjs(value).locale(locale) : null;
  return (
    <PickersLocalization language={language}>
      <DateTimePicker
        label={label}
        value={current?.isValid() ? current : null}
        onChange={(next) => onChange(next === null ? '' : next.isValid() ? next.toISOString() : 'invalid')}
        timezone={timezone}
        format={formatOf(language)}
        ampm={false}
        disableFuture
        minDateTime={minDateTime}
        disabled={isDisabled}
        readOnly={isReadOnly}
        inputRef={inputRef}
        name={name}
        slotProps={{ textField: { onBlur, error: Boolean(error), helperText: error ?? helperText, fullWidth: true } }}
      />
    </PickersLocalization>
  );
}
