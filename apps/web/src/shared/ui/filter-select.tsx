import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FILTER_WIDTH, useActiveFilterChip } from './filter-bar';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * One list filter as a compact select with "All" first (value ''), inside a `FilterBar` (a
 * `DataTable`'s `filters`): bind it to `listState.filters[name]` and `listState.setFilter(name, value)`.
 * Fixed width beside the others from `sm` up, full width in the phone's sheet; set, it shows as a chip.
 */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  allLabel,
  isDisabled = false,
  hasChip = true,
  width = FILTER_WIDTH,
}: {
  label: string;
  value: string | undefined;
  options: FilterOption[];
  onChange(value: string | null): void;
  /** The empty choice ("All" unless told). */
  allLabel?: string;
  isDisabled?: boolean;
  /** false for a choice that is no filter (the phone's sort order). */
  hasChip?: boolean;
  width?: number;
}) {
  const { t } = useTranslation();
  // A value the options do not (yet) hold would warn and show blank: keep it as its own entry.
  const current = value ?? '';
  const chosen = options.find((option) => option.value === current);
  const hasCurrent = current === '' || Boolean(chosen);
  useActiveFilterChip(label, hasChip && current ? (chosen?.label ?? current) : null, () => onChange(null));
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      value={current}
      disabled={isDisabled}
      onChange={(event) => onChange(event.target.value || null)}
      sx={{ width: { xs: '100%', sm: width } }}
    >
      <MenuItem value="">{allLabel ?? t('dataTable.all')}</MenuItem>
      {!hasCurrent && <MenuItem value={current}>{current}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
