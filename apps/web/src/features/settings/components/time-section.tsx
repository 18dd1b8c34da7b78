import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DIGIT_SYSTEMS } from '@meterline/contract/digits';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../../../shared/lib/form-errors';
import { DigitSystemLabel } from '../../../shared/ui/digit-system-label';
import { FormTextField } from '../../../shared/ui/form-text-field';
import type { SettingsControl } from './settings-form-values';
import { grid, Section } from './settings-section';

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/** The settings form's "Time" section: the tenant's time zone and the digits its users see by default. */
export function TimeSection({ control, disabled }: { control: SettingsControl; disabled: boolean }) {
  const { t } = useTranslation();
  const zones = useMemo(timeZones, []);
  return (
    <Section title={t('settings.sections.time')}>
      <Box sx={grid}>
        <Controller
          control={control}
          name="timezone"
          render={({ field, fieldState }) => (
            <Autocomplete
              options={zones}
              value={field.value}
              onChange={(_event, value) => field.onChange(value)}
              onBlur={field.onBlur}
              disabled={disabled}
              disableClearable
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label={t('settings.fields.timezone')}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error ? localizeMessage(fieldState.error.message, t) : t('settings.fields.timezoneHelp')}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, dir: 'ltr' } }}
                />
              )}
            />
          )}
        />
        <FormTextField
          control={control}
          name="default_digits"
          select
          label={t('settings.fields.defaultDigits')}
          helperText={t('settings.fields.defaultDigitsHelp')}
          disabled={disabled}
        >
          {DIGIT_SYSTEMS.map((system) => (
            <MenuItem key={system} value={system}>
              <DigitSystemLabel system={system} />
            </MenuItem>
          ))}
        </FormTextField>
      </Box>
    </Section>
  );
}
