import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * One list filter as a small select with "All" first (value ''), for `DataTable`'s `filters`:
 * bind it to `listState.filters[name]` and `listState.setFilter(name, value || null)`.
 */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  isDisabled = false,
  minWidth = 160,
}: {
  label: string;
  value: string | undefined;
  options: FilterOption[];
  onChange(value: string | null): void;
  isDisabled?: boolean;
  minWidth?: number;
}) {
  const { t } = useTranslation();
  // A value the options do not (yet) hold would warn and show blank: keep it as its own entry.
  const current = value ?? '';
  const hasCurrent = current === '' || options.some((option) => option.value === current);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={current}
      disabled={isDisabled}
      onChange={(event) => onChange(event.target.value || null)}
      // The theme makes fields full width: filters sit side by side from `sm` up.
      fullWidth={false}
      sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: minWidth } }}
    >
      <MenuItem value="">{t('dataTable.all')}</MenuItem>
      {!hasCurrent && <MenuItem value={current}>{current}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
