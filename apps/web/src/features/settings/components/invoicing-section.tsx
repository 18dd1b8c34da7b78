import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import { CURRENCIES } from '@meterline/contract/money-format';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import type { SettingsControl } from './settings-form-values';
import { grid, Section } from './settings-section';

/** The settings form's "Invoices and money" section: the currencies and their cash steps, the tax, and how invoices are numbered, fall due and end. */
export function InvoicingSection({ control, disabled }: { control: SettingsControl; disabled: boolean }) {
  const { t } = useTranslation();
  const [billingCurrency, secondCurrency] = useWatch({ control, name: ['currency', 'second_currency'] });
  return (
    <Section title={t('settings.sections.invoices')}>
      <Box sx={grid}>
        <FormTextField
          control={control}
          name="currency"
          select
          label={t('settings.fields.currency')}
          helperText={t('settings.fields.currencyHelp')}
          disabled={disabled}
        >
          {CURRENCIES.map((currency) => (
            <MenuItem key={currency} value={currency}>
              {currency}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="second_currency"
          select
          label={t('settings.fields.secondCurrency')}
          helperText={t('settings.fields.secondCurrencyHelp')}
          disabled={disabled}
        >
          <MenuItem value="">{t('settings.fields.secondCurrencyNone')}</MenuItem>
          {CURRENCIES.filter((currency) => currency !== billingCurrency).map((currency) => (
            <MenuItem key={currency} value={currency}>
              {currency}
            </MenuItem>
          ))}
        </FormTextField>
        {[billingCurrency, secondCurrency].filter(Boolean).map((currency) => (
          <NumericTextField
            key={currency}
            control={control}
            name={`cash_rounding.${currency}`}
            label={t('settings.fields.cashRounding', { currency })}
            helperText={t('settings.fields.cashRoundingHelp')}
            disabled={disabled}
          />
        ))}
        <NumericTextField
          control={control}
          name="tax_rate"
          label={t('settings.fields.taxRate')}
          helperText={t('settings.fields.taxRateHelp')}
          disabled={disabled}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
        />
        <FormTextField
          control={control}
          name="invoice_prefix"
          label={t('settings.fields.invoicePrefix')}
          helperText={t('settings.fields.invoicePrefixHelp')}
          disabled={disabled}
          slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'characters', spellCheck: false } }}
        />
        <NumericTextField
          control={control}
          name="invoice_due_days"
          isInteger
          label={t('settings.fields.invoiceDueDays')}
          helperText={t('settings.fields.invoiceDueDaysHelp')}
          disabled={disabled}
        />
        <FormTextField
          control={control}
          name="invoice_footer"
          label={t('settings.fields.invoiceFooter')}
          helperText={t('settings.fields.invoiceFooterHelp')}
          disabled={disabled}
          multiline
          minRows={3}
          sx={{ gridColumn: { md: '1 / -1' } }}
        />
      </Box>
    </Section>
  );
}
