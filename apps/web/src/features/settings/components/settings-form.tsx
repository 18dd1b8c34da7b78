import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Config } from '@meterline/contract/config';
import type { Service } from '@meterline/contract/services';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { useToast } from '../../../shared/hooks/use-toast';
import { useUnsavedChanges } from '../../../shared/hooks/use-unsaved-changes';
import { applyServerErrors, localizeMessage } from '../../../shared/lib/form-errors';
import { UnsavedChangesDialog } from '../../../shared/ui/unsaved-changes-dialog';
import { useUpdateConfig } from '../api/update-config';
import { BillingRulesSection } from './billing-rules-section';
import { CompanySection } from './company-section';
import { FollowUpSettingsSections } from './follow-up-settings';
import { InvoicingSection } from './invoicing-section';
import { ServiceLimitsSection } from './service-limits-section';
import {
  meteredServices,
  serviceKey,
  SETTINGS_FIELDS,
  settingsValuesOf,
  type SettingsFormOutput,
  type SettingsFormValues,
} from './settings-form-values';
import { TimeSection } from './time-section';
import { useUpdateService } from '../../../shared/api/update-service';

const schema = lazySchema(() => import('./settings-form-schema').then((module) => module.settingsFormSchema));

/**
 * The tenant's settings, one component per section; this shell holds the form, the chosen logo file
 * and the save. Saved as JSON without `logo` unless a new logo file was chosen, then as multipart
 * (docs/product/specification.md section 5); removing the saved logo is its own call (`SettingsLogo`).
 * A 400 lands on its fields (the logo's too); a 409 `currency_locked` is explained.
 */
export function SettingsForm({ config, services }: { config: Config; services: readonly Service[] }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const updateConfig = useUpdateConfig();
  const updateService = useUpdateService();
  const metered = meteredServices(services);
  const [formError, setFormError] = useState<string | null>(null);
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const form = useForm<SettingsFormValues, unknown, SettingsFormOutput>({
    resolver: contractResolver(schema),
    defaultValues: settingsValuesOf(config, services),
  });
  const { control, formState, handleSubmit, setError, reset } = form;
  const { dirtyFields } = formState; // read while rendering, so the form keeps it up to date
  const hasChanges = formState.isDirty || logoFile !== null;
  const { blocker, allowNextNavigation } = useUnsavedChanges(hasChanges);

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
    const { service_limits: limits, ...configValues } = values;
    // The steps of the tenant's currencies that are set; an empty one means the minor unit.
    const currencies = [configValues.currency, configValues.second_currency].filter(Boolean);
    configValues.cash_rounding = Object.fromEntries(
      Object.entries(configValues.cash_rounding ?? {}).filter(([code, step]) => currencies.includes(code) && Boolean(step)),
    );
    const savedServices = await saveServiceLimits(limits);
    if (!savedServices) return;
    const isConfigChanged = logoFile !== null || Object.keys(dirtyFields).some((name) => name !== 'service_limits');
    if (!isConfigChanged) {
      reset(settingsValuesOf(config, savedServices));
      showToast(t('settings.saved'), { variant: 'success' });
      return;
    }
    try {
      const saved = await updateConfig.mutateAsync({
        id: config.id,
        input: configValues,
        logo: logoFile,
      });
      reset(settingsValuesOf(saved, savedServices));
      setLogoFile(null);
      allowNextNavigation();
      showToast(t('settings.saved'), { variant: 'success' });
    } catch (error) {
      const message = applyServerErrors(error, setError, SETTINGS_FIELDS, t);
      const logoMessage = form.getFieldState('logo' as 'company_name').error?.message;
      if (logoMessage) setLogoError(localizeMessage(logoMessage, t) ?? logoMessage);
      setFormError(message);
    }
  });

  const isBusy = formState.isSubmitting;
  const logo = { savedLogo: config.logo, file: logoFile, onFileChange: setLogoFile, error: logoError, onErrorChange: setLogoError };

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={handleFormSubmit}>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <CompanySection control={control} logo={logo} disabled={isBusy} />
      <InvoicingSection control={control} disabled={isBusy} />
      <TimeSection control={control} disabled={isBusy} />
      <BillingRulesSection control={control} disabled={isBusy} />
      <FollowUpSettingsSections control={control} currency={config.currency} disabled={isBusy} />
      <ServiceLimitsSection control={control} metered={metered} disabled={isBusy} />

      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            reset(settingsValuesOf(config, services));
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
      <UnsavedChangesDialog blocker={blocker} />
    </Stack>
  );
}
