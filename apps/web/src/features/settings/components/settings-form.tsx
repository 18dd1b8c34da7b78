import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Config } from '@meterline/contract/config';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@meterline/contract/config-values';
import { DIGIT_SYSTEMS, type DigitSystem } from '@meterline/contract/digits';
import { CURRENCIES } from '@meterline/contract/money-format';
import type { Service } from '@meterline/contract/services';
import { serviceNameIn } from '@meterline/contract/service-names';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { useToast } from '../../../shared/hooks/use-toast';
import { useUnsavedChanges } from '../../../shared/hooks/use-unsaved-changes';
import { applyServerErrors, errorMessageOf, localizeMessage } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { UnsavedChangesDialog } from '../../../shared/ui/unsaved-changes-dialog';
import { useDeleteLogo } from '../api/delete-logo';
import { useUpdateConfig, type UpdateConfigVariables } from '../api/update-config';
import { FOLLOW_UP_FIELDS, FollowUpSettingsSections, followUpValuesOf, type FollowUpValues } from './follow-up-settings';
import { grid, Section } from './settings-section';
import { useUpdateService } from '../../../shared/api/update-service';
import { DigitSystemLabel } from '../../../shared/ui/digit-system-label';

interface SettingsFormValues extends FollowUpValues {
  company_name: string;
  currency: string;
  tax_rate: string;
  invoice_prefix: string;
  invoice_due_days: string;
  phone: string;
  email: string;
  address: string;
  invoice_footer: string;
  timezone: string;
  default_digits: DigitSystem;
  voltage: string;
  backdate_days: string;
  prorate_partial_months: boolean;
  collectors_take_payments: boolean;
  /** '' for none. */
  second_currency: string;
  /** The cash step per currency code ('' for none: the minor unit), for the billing and the second currency. */
  cash_rounding: Record<string, string>;
  /** Each metered service's `max_consumption_per_day` ('' for none), keyed `s<id>` (a numeric key would make an array). */
  service_limits: Record<string, string>;
}

const FIELDS = [
  'company_name',
  'currency',
  'tax_rate',
  'invoice_prefix',
  'invoice_due_days',
  'phone',
  'email',
  'address',
  'invoice_footer',
  'timezone',
  'default_digits',
  'voltage',
  'backdate_days',
  'prorate_partial_months',
  'collectors_take_payments',
  'second_currency',
  'cash_rounding',
  'logo',
  ...FOLLOW_UP_FIELDS,
] as const;
const schema = lazySchema(() => import('./settings-form-schema').then((module) => module.settingsFormSchema));

const serviceKey = (serviceId: number) => `s${serviceId}`;

/** The services with a meter: the ones a daily consumption limit applies to. */
function meteredServices(services: readonly Service[]): Service[] {
  return services.filter((service) => service.is_metered);
}

function valuesOf(config: Config, services: readonly Service[]): SettingsFormValues {
  return {
    company_name: config.company_name,
    currency: config.currency,
    tax_rate: config.tax_rate,
    invoice_prefix: config.invoice_prefix,
    invoice_due_days: String(config.invoice_due_days),
    phone: config.phone,
    email: config.email,
    address: config.address,
    invoice_footer: config.invoice_footer,
    timezone: config.timezone,
    default_digits: config.default_digits,
    voltage: String(config.voltage),
    backdate_days: String(config.backdate_days),
    prorate_partial_months: config.prorate_partial_months,
    collectors_take_payments: config.collectors_take_payments,
    second_currency: config.second_currency ?? '',
    cash_rounding: Object.fromEntries(
      [config.currency, config.second_currency]
        .filter((code): code is string => Boolean(code))
        .map((code) => [code, config.cash_rounding[code] ?? '']),
    ),
    ...followUpValuesOf(config),
    service_limits: Object.fromEntries(
      meteredServices(services).map((service) => [serviceKey(service.id), service.max_consumption_per_day ?? '']),
    ),
  };
}

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/**
 * The tenant's settings. Saved as JSON without `logo` unless a new logo file was chosen, then as
 * multipart (docs/product/specification.md section 5); removing the saved logo is its own call (`DELETE /config/logo/`).
 * A 400 lands on its fields (the logo's too); a 409 `currency_locked` is explained.
 */
export function SettingsForm({ config, services }: { config: Config; services: readonly Service[] }) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const updateConfig = useUpdateConfig();
  const deleteLogo = useDeleteLogo();
  const updateService = useUpdateService();
  const metered = meteredServices(services);
  const zones = useMemo(timeZones, []);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [isRemoveOpen, setRemoveOpen] = useState(false);
  const form = useForm<SettingsFormValues>({
    resolver: contractResolver(schema) as unknown as Resolver<SettingsFormValues>,
    defaultValues: valuesOf(config, services),
  });
  const { control, formState, handleSubmit, setError, reset } = form;
  const { dirtyFields } = formState; // read while rendering, so the form keeps it up to date
  const hasChanges = formState.isDirty || logoFile !== null;
  const { blocker, allowNextNavigation } = useUnsavedChanges(hasChanges);

  useEffect(() => {
    if (!logoFile) return setPreviewUrl(null);
    const url = URL.createObjectURL(logoFile);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [logoFile]);

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    // The server checks the content; this only spares a pointless upload.
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) return setLogoError(t('forms.messages.logoType'));
    if (file.size > LOGO_MAX_BYTES) return setLogoError(t('forms.messages.logoTooLarge'));
    setLogoError(null);
    setLogoFile(file);
  };

  /** Each service whose limit changed, through its own `PUT /services/{id}/`; a refusal lands on its field. Resolves the services as saved, or null. */
  const saveServiceLimits = async (limits: Record<string, string | null | undefined>): Promise<Service[] | null> => {
    const saved = [...services];
    for (const service of metered) {
      const key = serviceKey(service.id);
      if (!dirtyFields.service_limits?.[key]) continue;
      try {
        const answer = await updateService.mutateAsync({ id: service.id, input: { max_consumption_per_day: limits[key] ?? null } });
        saved[saved.findIndex((item) => item.id === answer.id)] = answer;
      } catch (error) {
        const setLimitError: typeof setError = (_name, fieldError, options) => setError(`service_limits.${key}`, fieldError, options);
        setFormError(applyServerErrors(error, setLimitError, ['max_consumption_per_day'], t));
        return null;
      }
    }
    return saved;
  };

  const handleFormSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const { service_limits: limits, ...configValues } = values as unknown as Omit<SettingsFormValues, 'service_limits'> & {
      service_limits: Record<string, string | null>;
    };
    // The steps of the tenant's currencies that are set; an empty one means the minor unit.
    const currencies = [configValues.currency, configValues.second_currency].filter(Boolean);
    configValues.cash_rounding = Object.fromEntries(
      Object.entries(configValues.cash_rounding ?? {}).filter(([code, step]) => currencies.includes(code) && Boolean(step)),
    );
    const savedServices = await saveServiceLimits(limits);
    if (!savedServices) return;
    const isConfigChanged = logoFile !== null || Object.keys(dirtyFields).some((name) => name !== 'service_limits');
    if (!isConfigChanged) {
      reset(valuesOf(config, savedServices));
      showToast(t('settings.saved'), { variant: 'success' });
      return;
    }
    try {
      const saved = await updateConfig.mutateAsync({
        id: config.id,
        input: configValues as unknown as UpdateConfigVariables['input'],
        logo: logoFile,
      });
      reset(valuesOf(saved, savedServices));
      setLogoFile(null);
      allowNextNavigation();
      showToast(t('settings.saved'), { variant: 'success' });
    } catch (error) {
      const message = applyServerErrors(error, setError, FIELDS, t);
      const logoMessage = form.getFieldState('logo' as 'company_name').error?.message;
      if (logoMessage) setLogoError(localizeMessage(logoMessage, t) ?? logoMessage);
      setFormError(message);
    }
  });

  const handleRemoveConfirm = async () => {
    try {
      await deleteLogo.mutateAsync();
      showToast(t('settings.logo.removed'), { variant: 'success' });
    } catch (error) {
      showToast(errorMessageOf(error, t), { variant: 'error' });
    } finally {
      setRemoveOpen(false);
    }
  };

  const [billingCurrency, secondCurrency] = useWatch({ control, name: ['currency', 'second_currency'] });
  const shownLogo = previewUrl ?? config.logo;
  const isBusy = formState.isSubmitting;

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={handleFormSubmit}>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <Section title={t('settings.sections.company')}>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'center' } }}>
            <Box
              sx={{
                width: 160,
                height: 96,
                flexShrink: 0,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: '#fff',
                display: 'grid',
                placeItems: 'center',
                overflow: 'hidden',
              }}
            >
              {shownLogo ? (
                <img
                  src={shownLogo}
                  alt={t('settings.logo.preview')}
                  style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
                />
              ) : (
                <ImageOutlined aria-hidden sx={{ fontSize: 40, color: 'grey.500' }} />
              )}
            </Box>
            <Stack spacing={1}>
              <Typography sx={{ fontWeight: 600 }}>{t('settings.logo.label')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {logoFile ? t('settings.logo.pending', { name: logoFile.name }) : t('settings.logo.help')}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}>
                <Button
                  variant="outlined"
                  startIcon={<UploadFileOutlined />}
                  onClick={() => fileInputRef.current?.click()}
                  disabled={isBusy}
                >
                  {config.logo || logoFile ? t('settings.logo.replace') : t('settings.logo.choose')}
                </Button>
                {logoFile && (
                  <Button onClick={() => setLogoFile(null)} disabled={isBusy}>
                    {t('settings.logo.keepCurrent')}
                  </Button>
                )}
                {!logoFile && config.logo && (
                  <Button color="error" startIcon={<DeleteOutlined />} onClick={() => setRemoveOpen(true)} disabled={isBusy}>
                    {t('settings.logo.remove')}
                  </Button>
                )}
              </Stack>
              {logoError && <FormHelperText error>{logoError}</FormHelperText>}
              <input
                ref={fileInputRef}
                type="file"
                accept={LOGO_CONTENT_TYPES.join(',')}
                hidden
                aria-label={t('settings.logo.choose')}
                data-testid="logo-input"
                onChange={handleFileChange}
              />
            </Stack>
          </Stack>
          <Box sx={grid}>
            <FormTextField
              control={control}
              name="company_name"
              label={t('settings.fields.companyName')}
              disabled={isBusy}
              autoComplete="organization"
            />
            <FormTextField
              control={control}
              name="phone"
              type="tel"
              label={t('settings.fields.phone')}
              disabled={isBusy}
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
            />
            <FormTextField
              control={control}
              name="email"
              type="email"
              label={t('settings.fields.email')}
              disabled={isBusy}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <FormTextField control={control} name="address" label={t('settings.fields.address')} disabled={isBusy} multiline minRows={2} />
          </Box>
        </Stack>
      </Section>

      <Section title={t('settings.sections.invoices')}>
        <Box sx={grid}>
          <FormTextField
            control={control}
            name="currency"
            select
            label={t('settings.fields.currency')}
            helperText={t('settings.fields.currencyHelp')}
            disabled={isBusy}
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
            disabled={isBusy}
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
              disabled={isBusy}
            />
          ))}
          <NumericTextField
            control={control}
            name="tax_rate"
            label={t('settings.fields.taxRate')}
            helperText={t('settings.fields.taxRateHelp')}
            disabled={isBusy}
            slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
          />
          <FormTextField
            control={control}
            name="invoice_prefix"
            label={t('settings.fields.invoicePrefix')}
            helperText={t('settings.fields.invoicePrefixHelp')}
            disabled={isBusy}
            slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'characters', spellCheck: false } }}
          />
          <NumericTextField
            control={control}
            name="invoice_due_days"
            isInteger
            label={t('settings.fields.invoiceDueDays')}
            helperText={t('settings.fields.invoiceDueDaysHelp')}
            disabled={isBusy}
          />
          <FormTextField
            control={control}
            name="invoice_footer"
            label={t('settings.fields.invoiceFooter')}
            helperText={t('settings.fields.invoiceFooterHelp')}
            disabled={isBusy}
            multiline
            minRows={3}
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
        </Box>
      </Section>

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
                disabled={isBusy}
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
            disabled={isBusy}
          >
            {DIGIT_SYSTEMS.map((system) => (
              <MenuItem key={system} value={system}>
                <DigitSystemLabel system={system} />
              </MenuItem>
            ))}
          </FormTextField>
        </Box>
      </Section>

      <Section title={t('settings.sections.billingRules')}>
        <Box sx={grid}>
          <NumericTextField
            control={control}
            name="voltage"
            isInteger
            label={t('settings.fields.voltage')}
            helperText={t('settings.fields.voltageHelp')}
            disabled={isBusy}
            slotProps={{ input: { endAdornment: <InputAdornment position="end">V</InputAdornment> } }}
          />
          <NumericTextField
            control={control}
            name="backdate_days"
            isInteger
            label={t('settings.fields.backdateDays')}
            helperText={t('settings.fields.backdateDaysHelp')}
            disabled={isBusy}
          />
          <Controller
            control={control}
            name="prorate_partial_months"
            render={({ field }) => (
              <Box>
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{ input: { ref: field.ref } }}
                      disabled={isBusy}
                    />
                  }
                  label={t('settings.fields.proratePartialMonths')}
                />
                <FormHelperText>{t('settings.fields.proratePartialMonthsHelp')}</FormHelperText>
              </Box>
            )}
          />
          <Controller
            control={control}
            name="collectors_take_payments"
            render={({ field }) => (
              <Box>
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{ input: { ref: field.ref } }}
                      disabled={isBusy}
                    />
                  }
                  label={t('settings.fields.collectorsTakePayments')}
                />
                <FormHelperText>{t('settings.fields.collectorsTakePaymentsHelp')}</FormHelperText>
              </Box>
            )}
          />
        </Box>
      </Section>

      <FollowUpSettingsSections control={control} currency={config.currency} disabled={isBusy} />
      {metered.length > 0 && (
        <Section title={t('serviceSettings.title')}>
          <Box sx={grid}>
            {metered.map((service) => (
              <NumericTextField
                key={service.id}
                control={control}
                name={`service_limits.${serviceKey(service.id)}`}
                label={`${serviceNameIn(service, i18n.language)}: ${t('serviceSettings.maxConsumptionPerDay')}`}
                helperText={t('serviceSettings.maxConsumptionPerDayHelp')}
                disabled={isBusy}
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
      )}

      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            reset(valuesOf(config, services));
            setLogoFile(null);
            setLogoError(null);
            setFormError(null);
          }}
          disabled={isBusy || !hasChanges}
        >
          {t('settings.discard')}
        </Button>
        <Button type="submit" variant="contained" loading={isBusy} disabled={!hasChanges}>
          {t('forms.saveChanges')}
        </Button>
      </Stack>
      <ConfirmDialog
        isOpen={isRemoveOpen}
        title={t('settings.logo.removeTitle')}
        description={t('settings.logo.removeText')}
        confirmLabel={t('settings.logo.remove')}
        confirmColor="error"
        isBusy={deleteLogo.isPending}
        onConfirm={() => void handleRemoveConfirm()}
        onClose={() => setRemoveOpen(false)}
      />
      <UnsavedChangesDialog blocker={blocker} />
    </Stack>
  );
}
