import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import type { Service } from '@meterline/contract/services';
import { serviceNameIn } from '@meterline/contract/service-names';
import { useTranslation } from 'react-i18next';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { serviceKey, type SettingsControl } from './settings-form-values';
import { grid, Section } from './settings-section';

/** The settings form's services section: each metered service's daily consumption limit (saved through the service). */
export function ServiceLimitsSection({
  control,
  metered,
  disabled,
}: {
  control: SettingsControl;
  metered: readonly Service[];
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (metered.length === 0) return null;
  return (
    <Section title={t('serviceSettings.title')}>
      <Box sx={grid}>
        {metered.map((service) => (
          <NumericTextField
            key={service.id}
            control={control}
            name={`service_limits.${serviceKey(service.id)}`}
            label={`${serviceNameIn(service, i18n.language)}: ${t('serviceSettings.maxConsumptionPerDay')}`}
            helperText={t('serviceSettings.maxConsumptionPerDayHelp')}
            disabled={disabled}
            slotProps={{
              // A long label above the field, never under the unit.
              inputLabel: { shrink: true },
              input: {
                endAdornment: <InputAdornment position="end">{t('serviceSettings.perDay', { unit: service.unit })}</InputAdornment>,
              },
            }}
          />
        ))}
      </Box>
    </Section>
  );
}
