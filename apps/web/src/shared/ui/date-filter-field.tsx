import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMonth } from '../lib/format-date';
import { FILTER_WIDTH, useActiveFilterChip } from './filter-bar';

/**
 * The picker (MUI X's DatePicker, dayjs and its locales: ~50 KB gzip), the forms' own
 * (date-picker-input.tsx), comes when the filter shows, not with the list's JS (docs/performance.md,
 * "The web app: what a screen downloads").
 */
const DatePickerInput = lazy(() => import('./date-picker-input'));

/** The room of a small field (two side by side on wide screens, stacked on phones) while the pickers download. */
function PickerPlaceholder({ width, double = false }: { width: number; double?: boolean }) {
  return (
    <Box aria-busy="true" sx={{ height: { xs: double ? 92 : 40, sm: 40 }, width: { xs: '100%', sm: double ? width * 2 + 12 : width } }} />
  );
}

/**
 * The shared picker as a filter: a small field of the filter bar's width; a half-typed date changes
 * nothing, a cleared one clears the filter (null).
 */
function FilterPicker({
  onChange,
  width,
  ...picker
}: {
  label: string;
  value: string | undefined;
  onChange(value: string | null): void;
  kind?: 'date' | 'month';
  minDate?: string;
  maxDate?: string;
  width: number;
}) {
  return (
    <DatePickerInput
      {...picker}
      isFilter
      size="small"
      fullWidth={false}
      sx={{ width: { xs: '100%', sm: width } }}
      onChange={(next) => onChange(next || null)}
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
    <Suspense fallback={<PickerPlaceholder width={width} />}>
      <FilterPicker label={label} value={value} kind={kind} width={width} onChange={onChange} />
    </Suspense>
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
    <Suspense fallback={<PickerPlaceholder width={width} double />}>
      <Box role="group" aria-label={label} sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5 }}>
        <FilterPicker
          label={fromLabel}
          value={from}
          maxDate={to}
          width={width}
          onChange={(next) => onChange({ from: next, to: to ?? null })}
        />
        <FilterPicker
          label={toLabel}
          value={to}
          minDate={from}
          width={width}
          onChange={(next) => onChange({ from: from ?? null, to: next })}
        />
      </Box>
    </Suspense>
  );
}
