import { contractResolver } from '../../../shared/lib/contract-resolver';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import { decimalInputSchema } from '@meterline/contract/billing-common';
import { createBundleInputSchema, type Bundle } from '@meterline/contract/bundles';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useRecordForm } from '../../../shared/hooks/use-record-form';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { useTenantCurrency } from '../../../shared/ui/money';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { RecordFormFrame } from '../../../shared/ui/record-form-frame';

/** The contract's create schema; an empty amperage means "does not apply" (null), empty prices 0. */
const bundleFormSchema = createBundleInputSchema.extend({
  amperage: z.preprocess((value) => (value === '' ? null : value), decimalInputSchema.nullable()),
  price: z.preprocess((value) => (value === '' ? '0' : value), decimalInputSchema),
  unit_price: z.preprocess((value) => (value === '' ? '0' : value), decimalInputSchema),
});
const BUNDLE_FIELDS = Object.keys(bundleFormSchema.shape);

export interface BundleFormValues {
  name: string;
  description: string;
  amperage: string;
  price: string;
  unit_price: string;
  is_active: boolean;
}
export type BundleFormOutput = z.output<typeof bundleFormSchema>;

export const emptyBundleValues: BundleFormValues = { name: '', description: '', amperage: '', price: '', unit_price: '', is_active: true };

export function bundleFormValuesOf(bundle: Bundle): BundleFormValues {
  return {
    name: bundle.name,
    description: bundle.description,
    amperage: bundle.amperage ?? '',
    price: bundle.price,
    unit_price: bundle.unit_price,
    is_active: bundle.is_active,
  };
}

/** Create and edit a bundle; read-only (no buttons, read-only fields) for roles that may only list. */
export function BundleForm<TResult>({
  defaultValues,
  unit,
  isReadOnly = false,
  submitLabel,
  cancelTo,
  save,
  onSaved,
}: {
  defaultValues: BundleFormValues;
  unit?: string;
  isReadOnly?: boolean;
  submitLabel: string;
  cancelTo: string;
  save(values: BundleFormOutput): Promise<TResult>;
  onSaved(result: TResult): void;
}) {
  const { t } = useTranslation();
  const currency = useTenantCurrency();
  const form = useForm<BundleFormValues, unknown, BundleFormOutput>({
    defaultValues,
    // The form holds texts ('' for none); the schema turns them into the body.
    resolver: contractResolver(bundleFormSchema) as Resolver<BundleFormValues, unknown, BundleFormOutput>,
  });
  const record = useRecordForm({ form, fields: BUNDLE_FIELDS, save, onSaved });
  const readOnly = isReadOnly ? { htmlInput: { readOnly: true } } : undefined;
  const control = form.control;

  return (
    <RecordFormFrame record={record} actions={isReadOnly ? undefined : { cancelTo, submitLabel }}>
      <FormTextField control={control} name="name" label={t('bundles.fields.name')} required={!isReadOnly} fullWidth slotProps={readOnly} />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <NumericTextField
          control={control}
          name="price"
          label={t('bundles.fields.price')}
          helperText={t('bundles.help.price')}
          slotProps={{ ...readOnly, input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } }}
        />
        <NumericTextField
          control={control}
          name="unit_price"
          label={t('bundles.fields.unitPrice')}
          helperText={t('bundles.help.unitPrice')}
          slotProps={{
            ...readOnly,
            input: { endAdornment: <InputAdornment position="end">{unit ? `${currency} / ${unit}` : currency}</InputAdornment> },
          }}
        />
        <NumericTextField
          control={control}
          name="amperage"
          label={t('bundles.fields.amperage')}
          helperText={t('bundles.help.amperage')}
          slotProps={{ ...readOnly, input: { endAdornment: <InputAdornment position="end">{t('bundles.amperes')}</InputAdornment> } }}
        />
      </Box>
      <FormTextField
        control={control}
        name="description"
        label={t('bundles.fields.description')}
        multiline
        minRows={2}
        fullWidth
        slotProps={readOnly}
      />
      <Controller
        control={control}
        name="is_active"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} disabled={isReadOnly} />}
            label={t('bundles.fields.isActive')}
          />
        )}
      />
    </RecordFormFrame>
  );
}
