import Box from '@mui/material/Box';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dayjsLocale } from '../lib/format-number';
import { dayjs } from '../lib/pickers-adapter';
import { PickersLocalization } from './pickers-localization';

// The pickers of the list filters (date-filter-field.tsx), downloaded when a filter bar with a date shows.

const ISO_DAY = 'YYYY-MM-DD';
const ISO_MONTH = 'YYYY-MM';

/** `YYYY-MM-DD` (or `YYYY-MM`) to the picker's value in the language's locale; anything else is empty. */
function toPickerValue(value: string | undefined, kind: 'date' | 'month', locale: string): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value, kind === 'month' ? ISO_MONTH : ISO_DAY, true);
  return parsed.isValid() ? parsed.locale(locale) : null;
}

/** The picker's value back to the URL's text: ASCII digits whatever the language; empty or unfinished clears. */
function fromPickerValue(next: Dayjs | null, kind: 'date' | 'month'): string | null {
  if (!next || !next.isValid()) return null;
  return next.locale('en').format(kind === 'month' ? ISO_MONTH : ISO_DAY);
}

function DayPicker({
  label,
  value,
  onChange,
  kind,
  minDate,
  maxDate,
  width,
}: {
  label: string;
  value: string | undefined;
  onChange(value: string | null): void;
  kind: 'date' | 'month';
  minDate?: string;
  maxDate?: string;
  width: number;
}) {
  const { i18n } = useTranslation();
  // The language's month names in the user's digits (`ar` or `ar-latn`).
  const locale = dayjsLocale(i18n.language);
  const bound = (text: string | undefined) => toPickerValue(text, 'date', locale) ?? undefined;
  return (
    <DatePicker
      label={label}
      value={toPickerValue(value, kind, locale)}
      onChange={(next) => {
        // A half-typed date changes nothing; a cleared field clears the filter.
        if (next && !next.isValid()) return;
        onChange(fromPickerValue(next, kind));
      }}
      views={kind === 'month' ? ['year', 'month'] : ['year', 'month', 'day']}
      openTo={kind === 'month' ? 'month' : 'day'}
      format={kind === 'month' ? 'MMM YYYY' : 'D MMM YYYY'}
      minDate={bound(minDate)}
      maxDate={bound(maxDate)}
      slotProps={{
        textField: { size: 'small', fullWidth: false, sx: { width: { xs: '100%', sm: width } } },
        field: { clearable: true },
      }}
    />
  );
}

/** One day or month filter's picker in the language's locale. */
export function DateFilterPicker(props: {
  language: 'en' | 'ar';
  label: string;
  value: string | undefined;
  onChange(value: string | null): void;
  kind: 'date' | 'month';
  width: number;
}) {
  const { language, ...picker } = props;
  return (
    <PickersLocalization language={language}>
      <DayPicker {...picker} />
    </PickersLocalization>
  );
}

/** A from–to range's two pickers, each bounding the other. */
export function DateRangePickers({
  language,
  label,
  fromLabel,
  toLabel,
  from,
  to,
  onChange,
  width,
}: {
  language: 'en' | 'ar';
  label: string;
  fromLabel: string;
  toLabel: string;
  from: string | undefined;
  to: string | undefined;
  onChange(range: { from: string | null; to: string | null }): void;
  width: number;
}) {
  return (
    <PickersLocalization language={language}>
      <Box role="group" aria-label={label} sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5 }}>
        <DayPicker
          label={fromLabel}
          value={from}
          kind="date"
          maxDate={to}
          width={width}
          onChange={(next) => onChange({ from: next, to: to ?? null })}
        />
        <DayPicker
          label={toLabel}
          value={to}
          kind="date"
          minDate={from}
          width={width}
          onChange={(next) => onChange({ from: from ?? null, to: next })}
        />
      </Box>
    </PickersLocalization>
  );
}
