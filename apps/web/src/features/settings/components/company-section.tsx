import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/ui/form-text-field';
import type { SettingsControl } from './settings-form-values';
import { SettingsLogo } from './settings-logo';
import { grid, Section } from './settings-section';

/** The settings form's "Company" section: the logo and how the company is reached. */
export function CompanySection({
  control,
  logo,
  disabled,
}: {
  control: SettingsControl;
  logo: Omit<ComponentProps<typeof SettingsLogo>, 'disabled'>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('settings.sections.company')}>
      <Stack spacing={2.5}>
        <SettingsLogo {...logo} disabled={disabled} />
        <Box sx={grid}>
          <FormTextField
            control={control}
            name="company_name"
            label={t('settings.fields.companyName')}
            disabled={disabled}
            autoComplete="organization"
          />
          <FormTextField
            control={control}
            name="phone"
            type="tel"
            label={t('settings.fields.phone')}
            disabled={disabled}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('settings.fields.email')}
            disabled={disabled}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <FormTextField control={control} name="address" label={t('settings.fields.address')} disabled={disabled} multiline minRows={2} />
        </Box>
      </Stack>
    </Section>
  );
}
