import Box from '@mui/material/Box';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMonth } from '../lib/format-date';
import { dayjsLocale } from '../lib/format-number';
import { dayjs } from '../lib/pickers-adapter';
import { FILTER_WIDTH, useActiveFilterChip } from './filter-bar';
import { PickersLocalization } from './pickers-localization';

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

/**
 * A list filter on a day (`YYYY-MM-DD`) or, with `kind="month"`, a month (`YYYY-MM`): the MUI X
 * date picker in the app's language (month names and digits from its locale), the value kept as
 * text so the URL holds it. Set, it shows as a chip under the bar; empty clears the filter.
 */
export function DateFilterField({
  label,
  value,
  onChange,
  kind = 'date',
  width = FILTER_WIDTH,
}: {
  label: string;
  value: string | undefined;
  onChange(value: string | null): void;
  kind?: 'date' | 'month';
  width?: number;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const shown = value ? (kind === 'month' ? formatMonth(value, language) : formatDate(value, language)) : null;
  useActiveFilterChip(label, shown, () => onChange(null));
  return (
    <PickersLocalization language={language}>
      <DayPicker label={label} value={value} onChange={onChange} kind={kind} width={width} />
    </PickersLocalization>
  );
}

/**
 * A from–to range of days as two pickers (each bounds the other), one chip ("Paid: 1 Oct 2026 –
 * 31 Oct 2026"); both ends change in one URL change, so the list asks once.
 */
export function DateRangeFilter({
  label,
  fromLabel,
  toLabel,
  from,
  to,
  onChange,
  width = FILTER_WIDTH,
}: {
  /** The chip's name ("Paid"). */
  label: string;
  fromLabel: string;
  toLabel: string;
  from: string | undefined;
  to: string | undefined;
  onChange(range: { from: string | null; to: string | null }): void;
  width?: number;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const shown = from || to ? `${from ? formatDate(from, language) : '…'} – ${to ? formatDate(to, language) : '…'}` : null;
  useActiveFilterChip(label, shown, () => onChange({ from: null, to: null }));
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
