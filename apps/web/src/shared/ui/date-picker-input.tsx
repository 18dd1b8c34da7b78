import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { dayjsLocale } from '../lib/format-number';
import { dayjs } from '../lib/pickers-adapter';
import type { DatePickerFieldProps } from './date-picker-field';
import { useFormReadOnly } from './form-read-only';
import { PickersLocalization } from './pickers-localization';

const TEXT_FORMAT = { date: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;
/** What the field shows: "24 نوفمبر 2026" / "October 2026" in the language's words and the user's digits. */
const DISPLAY_FORMAT = { date: 'D MMM YYYY', month: 'MMMM YYYY' } as const;

/**
 * A day or a month picked through the app's locale (issue 17): MUI X's picker with the language's
 * month names and the user's digits, never the browser's `<input type="date|month">` (mm/dd/yyyy,
 * "October 2026" in English inside Arabic). The value stays the plain text the API and the URL use;
 * a date typed half-way is '' until it is whole.
 */
export default function DatePickerInput({
  label,
  value,
  onChange,
  kind = 'date',
  size,
  isRequired,
  isDisabled,
  error,
  helperText,
  fullWidth,
  minWidth,
  onBlur,
}: DatePickerFieldProps) {
  const { i18n } = useTranslation();
  const isReadOnly = useFormReadOnly();
  const locale = dayjsLocale(i18n.language);
  const parsed = value ? dayjs(value, TEXT_FORMAT[kind], true).locale(locale) : null;
  return (
    <PickersLocalization language={i18n.language}>
      <DatePicker
        label={label}
        value={parsed?.isValid() ? parsed : null}
        onChange={(next) => onChange(next?.isValid() ? next.locale('en').format(TEXT_FORMAT[kind]) : '')}
        views={kind === 'month' ? ['year', 'month'] : undefined}
        openTo={kind === 'month' ? 'month' : undefined}
        format={DISPLAY_FORMAT[kind]}
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
            sx: minWidth ? { minWidth: { xs: '100%', sm: minWidth } } : undefined,
          },
        }}
      />
    </PickersLocalization>
  );
}
