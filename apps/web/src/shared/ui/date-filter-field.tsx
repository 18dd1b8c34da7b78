import TextField from '@mui/material/TextField';

/**
 * A list filter on a day (`YYYY-MM-DD`) or, with `kind="month"`, a month (`YYYY-MM`): the browser's
 * own picker, the value kept as text so the URL holds it. Empty clears the filter.
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
  return (
    <TextField
      type={kind}
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      sx={{ minWidth: { xs: '100%', sm: minWidth } }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
