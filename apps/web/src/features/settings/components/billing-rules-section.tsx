import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import type { SettingsControl } from './settings-form-values';
import { grid, Section } from './settings-section';

/** A yes/no setting: a switch with its explanation under it. */
function SettingSwitch({
  control,
  name,
  label,
  help,
  disabled,
}: {
  control: SettingsControl;
  name: 'prorate_partial_months' | 'collectors_take_payments';
  label: string;
  help: string;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
                disabled={disabled}
              />
            }
            label={label}
          />
          <FormHelperText>{help}</FormHelperText>
        </Box>
      )}
    />
  );
}

/** The settings form's "Readings and billing rules" section: the voltage, the backdating window, proration and who takes payments. */
export function BillingRulesSection({ control, disabled }: { control: SettingsControl; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Section title={t('settings.sections.billingRules')}>
      <Box sx={grid}>
        <NumericTextField
          control={control}
          name="voltage"
          isInteger
          label={t('settings.fields.voltage')}
          helperText={t('settings.fields.voltageHelp')}
          disabled={disabled}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">V</InputAdornment> } }}
        />
        <NumericTextField
          control={control}
          name="backdate_days"
          isInteger
          label={t('settings.fields.backdateDays')}
          helperText={t('settings.fields.backdateDaysHelp')}
          disabled={disabled}
        />
        <SettingSwitch
          control={control}
          name="prorate_partial_months"
          label={t('settings.fields.proratePartialMonths')}
          help={t('settings.fields.proratePartialMonthsHelp')}
          disabled={disabled}
        />
        <SettingSwitch
          control={control}
          name="collectors_take_payments"
          label={t('settings.fields.collectorsTakePayments')}
          help={t('settings.fields.collectorsTakePaymentsHelp')}
          disabled={disabled}
        />
      </Box>
    </Section>
  );
}
