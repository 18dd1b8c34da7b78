import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { dayjsLocale } from '../lib/format-number';
import { dayjs } from '../lib/pickers-adapter';
import { useFormReadOnly } from './form-read-only';
import { PickersLocalization } from './pickers-localization';

const TEXT_FORMAT = { date: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;

export interface DatePickerInputProps {
  label: string;
  /** `YYYY-MM-DD` (date) or `YYYY-MM` (month); '' (or none) for none. */
  value: string | undefined;
  /** A whole day or month as text (ASCII digits whatever the language), or '' when cleared. */
  onChange(value: string): void;
  /** A date typed half-way (not yet a date): a form empties its value, a filter waits. */
  onIncomplete?(): void;
  kind?: 'date' | 'month';
  /** A list filter's narrow field: a month shows its short name, and a day's calendar offers a month view. */
  isFilter?: boolean;
  /** The earliest and latest days that may be picked (`YYYY-MM-DD`): a range's two ends bound each other. */
  minDate?: string;
  maxDate?: string;
  size?: 'small' | 'medium';
  isRequired?: boolean;
  isDisabled?: boolean;
  error?: string;
  helperText?: string;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  onBlur?(): void;
}

/** What the field shows: "24 نوفمبر 2026" / "October 2026" in the language's words and the user's digits. */
function displayFormat(kind: 'date' | 'month', isFilter: boolean): string {
  if (kind === 'date') return 'D MMM YYYY';
  return isFilter ? 'MMM YYYY' : 'MMMM YYYY';
}

/**
 * The one date picker of the app's forms (`date-picker-field.tsx`) and list filters
 * (`date-filter-field.tsx`), a chunk of its own (MUI X's DatePicker, dayjs and its locales) that
 * both load with `React.lazy` when a date field shows (docs/web.md, "Dates": one picker for all): the
 * language's month names and the user's digits, never the browser's `<input type="date|month">`
 * (mm/dd/yyyy, "October 2026" in English inside Arabic). The value stays the plain text the API and
 * the URL use. Inside `<FormReadOnly isReadOnly>` it shows the date and does not open.
 */
export default function DatePickerInput({
  label,
  value,
  onChange,
  onIncomplete,
  kind = 'date',
  isFilter = false,
  minDate,
  maxDate,
  size,
  isRequired,
  isDisabled,
  error,
  helperText,
  fullWidth,
  sx,
  onBlur,
}: DatePickerInputProps) {
  const { i18n } = useTranslation();
  const isReadOnly = useFormReadOnly();
  // In the pickers' locale (`ar` or `ar-latn`): the adapter compares days by their formatted text.
  const locale = dayjsLocale(i18n.language);
  const toPickerValue = (text: string | undefined, textKind: 'date' | 'month') => {
    const parsed = text ? dayjs(text, TEXT_FORMAT[textKind], true) : null;
    return parsed?.isValid() ? parsed.locale(locale) : null;
  };
  return (
    <PickersLocalization language={i18n.language}>
      <DatePicker
        label={label}
        value={toPickerValue(value, kind)}
        onChange={(next) => {
          if (next && !next.isValid()) {
            onIncomplete?.();
            return;
          }
          onChange(next ? next.locale('en').format(TEXT_FORMAT[kind]) : '');
        }}
        views={kind === 'month' ? ['year', 'month'] : isFilter ? ['year', 'month', 'day'] : undefined}
        openTo={kind === 'month' ? 'month' : isFilter ? 'day' : undefined}
        format={displayFormat(kind, isFilter)}
        minDate={toPickerValue(minDate, 'date') ?? undefined}
        maxDate={toPickerValue(maxDate, 'date') ?? undefined}
        disabled={isDisabled}
        readOnly={isReadOnly}
        slotProps={{
          field: { clearable: !isRequired && !isReadOnly },
          textField: {
            size,
            required: isRequired && !isReadOnly,
            fullWidth,
            error: Boolean(error),
            helperText: error ?? helperText,
            onBlur,
            sx,
          },
        }}
      />
    </PickersLocalization>
  );
}
