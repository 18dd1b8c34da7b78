import { DatePickerField } from './date-picker-field';

/**
 * A list filter on a day (`YYYY-MM-DD`) or, with `kind="month"`, a month (`YYYY-MM`), picked in the
 * app's locale (`DatePickerField`), the value kept as text so the URL holds it. Empty clears the filter.
 */
export function DateFilterField({
  label,
  value,
  onChange,
  kind = 'date',
  minWidth = 170,
}: {
  label: string;
  value: string | undefined;
  onChange(value: string | null): void;
  kind?: 'date' | 'month';
  minWidth?: number;
}) {
  return <DatePickerField kind={kind} size="small" label={label} value={value ?? ''} onChange={(next) => onChange(next || null)} minWidth={minWidth} />;
}
