import FilledInput from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useSettings } from '../lib/settings-store';

export interface TextInputProps {
  label: string;
  name: string;
  type?: string;
  value?: string;
  error?: boolean;
  helperText?: ReactNode;
  autoComplete?: string;
  autoFocus?: boolean;
  endAdornment?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & { 'data-testid'?: string };
  onChange?: InputHTMLAttributes<HTMLInputElement>['onChange'];
  onBlur?: InputHTMLAttributes<HTMLInputElement>['onBlur'];
}

/**
 * A labelled text input, outlined or filled per the display settings. Lighter than MUI's
 * TextField (which brings Select, Menu and Modal along), so the sign-in pages stay small.
 */
export function TextInput({ label, error, helperText, endAdornment, inputRef, htmlInput, ...inputProps }: TextInputProps) {
  const { outlinedFilled } = useSettings();
  const id = useId();
  const helperId = `${id}-helper`;
  const Input = outlinedFilled ? OutlinedInput : FilledInput;
  return (
    <FormControl fullWidth error={error} variant={outlinedFilled ? 'outlined' : 'filled'}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <Input
        {...inputProps}
        id={id}
        inputRef={inputRef}
        endAdornment={endAdornment}
        inputProps={{ ...htmlInput, 'aria-describedby': helperText ? helperId : undefined, 'aria-invalid': error || undefined }}
        {...(outlinedFilled ? { label } : {})}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
