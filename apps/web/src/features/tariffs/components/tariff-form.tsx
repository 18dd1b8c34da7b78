import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Tariff } from '@meterline/contract/tariffs';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useBundles } from '../../../shared/api/get-bundles';
import { useRecordForm } from '../../../shared/hooks/use-record-form';
import { RecordFormFrame } from '../../../shared/ui/record-form-frame';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { MonthField } from '../../../shared/ui/month-field';
import { useTenantCurrency } from '../../../shared/ui/money';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { formatName } from '../../../shared/lib/format-number';
import type { tariffFormSchema } from './tariff-form-schema';

const loadSchema = lazySchema(() => import('./tariff-form-schema').then((module) => module.tariffFormSchema));
const TARIFF_FIELDS = ['name', 'effective_from', 'effective_to', 'unit_price', 'tiers', 'uplift_percent', 'bundles'];

export interface TariffFormValues {
  name: string;
  effective_from: string;
  effective_to: string;
  pricing: 'flat' | 'tiered';
  unit_price: string;
  tiers: { up_to: string; unit_price: string }[];
  uplift_percent: string;
  bundles: number[];
}
export type TariffFormOutput = z.output<typeof tariffFormSchema>;

const twoTiers = [
  { up_to: '', unit_price: '' },
  { up_to: '', unit_price: '' },
];

export function emptyTariffValues(month: string): TariffFormValues {
  return {
    name: '',
    effective_from: month,
    effective_to: '',
    pricing: 'flat',
    unit_price: '',
    tiers: twoTiers,
    uplift_percent: '',
    bundles: [],
  };
}

export function tariffFormValuesOf(tariff: Tariff): TariffFormValues {
  return {
    name: tariff.name,
    effective_from: tariff.effective_from,
    effective_to: tariff.effective_to ?? '',
    pricing: tariff.tiers ? 'tiered' : 'flat',
    unit_price: tariff.tiers ? '' : tariff.unit_price,
    tiers: tariff.tiers ? tariff.tiers.map((tier) => ({ up_to: tier.up_to ?? '', unit_price: tier.unit_price })) : twoTiers,
    uplift_percent: tariff.uplift_percent,
    bundles: tariff.bundles,
  };
}

/**
 * Create and edit a tariff; read-only for accountants and for a tariff an invoice already used.
 * An existing tariff (`hasReadView`) opens read-only with "Edit" first.
 */
export function TariffForm<TResult>({
  serviceId,
  unit,
  defaultValues,
  isReadOnly: isReadOnlyForRole = false,
  hasReadView = false,
  submitLabel,
  cancelTo,
  save,
  onSaved,
}: {
  serviceId: number;
  unit?: string;
  defaultValues: TariffFormValues;
  isReadOnly?: boolean;
  hasReadView?: boolean;
  submitLabel: string;
  cancelTo: string;
  save(values: TariffFormOutput): Promise<TResult>;
  onSaved(result: TResult): void;
}) {
  const { t, i18n } = useTranslation();
  const currency = useTenantCurrency();
  const form = useForm<TariffFormValues, unknown, TariffFormOutput>({
    defaultValues,
    resolver: contractResolver(loadSchema),
  });
  const record = useRecordForm({
    form,
    fields: TARIFF_FIELDS,
    hasReadView,
    save,
    onSaved,
  });
  const isReadOnly = isReadOnlyForRole || record.editStep.isReadView;
  const { control } = form;
  const tiers = useFieldArray({ control, name: 'tiers' });
  const pricing = useWatch({ control, name: 'pricing' });
  const bundles = useBundles(serviceId, { page_size: 100, ordering: 'name' });
  const bundleOptions = bundles.data?.results ?? [];
  const priceUnit = unit ? `${currency} / ${unit}` : currency;
  const tierError = form.formState.errors.tiers?.message ?? form.formState.errors.tiers?.root?.message;

  return (
    <RecordFormFrame record={record} isReadOnly={isReadOnlyForRole} actions={isReadOnlyForRole ? undefined : { cancelTo, submitLabel }}>
      <FormTextField control={control} name="name" label={t('tariffs.fields.name')} required fullWidth />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <MonthField control={control} name="effective_from" label={t('tariffs.fields.effectiveFrom')} isRequired />
        <MonthField
          control={control}
          name="effective_to"
          label={t('tariffs.fields.effectiveTo')}
          helperText={t('tariffs.help.effectiveTo')}
        />
      </Box>
      <Controller
        control={control}
        name="pricing"
        render={({ field }) => (
          <RadioGroup
            row
            value={field.value}
            onChange={(event) => !isReadOnly && field.onChange(event.target.value)}
            aria-label={t('tariffs.fields.pricing')}
            aria-readonly={isReadOnly || undefined}
          >
            <FormControlLabel value="flat" control={<Radio />} label={t('tariffs.pricing.flat')} />
            <FormControlLabel value="tiered" control={<Radio />} label={t('tariffs.pricing.tiered')} />
          </RadioGroup>
        )}
      />
      {pricing === 'flat' ? (
        <NumericTextField
          control={control}
          name="unit_price"
          label={t('tariffs.fields.unitPrice')}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">{priceUnit}</InputAdornment> } }}
        />
      ) : (
        <Stack spacing={1.5} role="group" aria-label={t('tariffs.fields.tiers')}>
          <Typography variant="subtitle2">{t('tariffs.fields.tiers')}</Typography>
          {tiers.fields.map((tier, index) => {
            const isLast = index === tiers.fields.length - 1;
            return (
              <Stack key={tier.id} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
                {isLast ? (
                  <TextField
                    label={t('tariffs.fields.upTo')}
                    value={t('tariffs.tiers.andAbove')}
                    slotProps={{ htmlInput: { readOnly: true } }}
                    sx={{ flex: 1 }}
                  />
                ) : (
                  <NumericTextField
                    control={control}
                    name={`tiers.${index}.up_to`}
                    label={t('tariffs.fields.upTo')}
                    sx={{ flex: 1 }}
                    slotProps={{
                      input: { endAdornment: unit ? <InputAdornment position="end">{unit}</InputAdornment> : undefined },
                    }}
                  />
                )}
                <NumericTextField
                  control={control}
                  name={`tiers.${index}.unit_price`}
                  label={t('tariffs.fields.tierPrice', { number: index + 1 })}
                  sx={{ flex: 1 }}
                  slotProps={{ input: { endAdornment: <InputAdornment position="end">{priceUnit}</InputAdornment> } }}
                />
                {!isReadOnly && tiers.fields.length > 1 && (
                  <IconButton
                    aria-label={t('tariffs.actions.removeTier', { number: index + 1 })}
                    onClick={() => tiers.remove(index)}
                    sx={{ alignSelf: 'center' }}
                  >
                    <DeleteOutlined />
                  </IconButton>
                )}
              </Stack>
            );
          })}
          {tierError && (
            <Alert severity="error" role="alert">
              {tierError}
            </Alert>
          )}
          {!isReadOnly && (
            <Box>
              <Button
                startIcon={<AddOutlined />}
                onClick={() => tiers.insert(Math.max(tiers.fields.length - 1, 0), { up_to: '', unit_price: '' })}
              >
                {t('tariffs.actions.addTier')}
              </Button>
            </Box>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('tariffs.help.tiers')}
          </Typography>
        </Stack>
      )}
      <NumericTextField
        control={control}
        name="uplift_percent"
        label={t('tariffs.fields.uplift')}
        helperText={t('tariffs.help.uplift')}
        slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
      />
      <Controller
        control={control}
        name="bundles"
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            readOnly={isReadOnly}
            options={bundleOptions.map((bundle) => bundle.id)}
            getOptionLabel={(id) => formatName(bundleOptions.find((bundle) => bundle.id === id)?.name ?? `#${id}`, i18n.language)}
            value={field.value}
            onChange={(_event, value) => field.onChange(value)}
            loading={bundles.isPending}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('tariffs.fields.bundles')}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? (field.value.length === 0 ? t('tariffs.help.allBundles') : undefined)}
              />
            )}
          />
        )}
      />
    </RecordFormFrame>
  );
}
