import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../lib/form-errors';
import { useFormReadOnly } from './form-read-only';

/**
 * An on/off value of a form (active, …) as a labelled switch bound to react-hook-form. Inside
 * `<FormReadOnly isReadOnly>` it shows its state at full contrast and does not toggle
 * (`aria-readonly`); `isDisabled` is for a switch nobody may turn (one's own account).
 */
export function FormSwitch<T extends FieldValues, TTransformed extends FieldValues = T>({
  control,
  name,
  label,
  isDisabled = false,
}: {
  control: Control<T, unknown, TTransformed>;
  name: FieldPath<T>;
  label: string;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const isReadOnly = useFormReadOnly();
  return (
    <Controller<T, FieldPath<T>, TTransformed>
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(field.value)}
                onChange={(event) => {
                  if (!isReadOnly) field.onChange(event.target.checked);
                }}
                onBlur={field.onBlur}
                disabled={isDisabled}
                readOnly={isReadOnly}
                slotProps={{ input: { 'aria-readonly': isReadOnly || undefined } }}
              />
            }
            label={label}
          />
          {fieldState.error && <FormHelperText error>{localizeMessage(fieldState.error.message, t)}</FormHelperText>}
        </Box>
      )}
    />
  );
}
