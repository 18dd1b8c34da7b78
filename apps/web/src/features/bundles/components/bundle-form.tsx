import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import type { Bundle, CreateBundleInput } from '@meterline/contract/bundles';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractResolver, fieldsOf, lazySchema } from '../../../shared/lib/contract-resolver';
import { useRecordForm } from '../../../shared/hooks/use-record-form';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { useTenantCurrency } from '../../../shared/ui/money';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { FormSwitch } from '../../../shared/ui/form-switch';
import { RecordFormFrame } from '../../../shared/ui/record-form-frame';
import type { bundleFormSchema } from './bundle-form-schema';

const loadSchema = lazySchema(() => import('./bundle-form-schema').then((module) => module.bundleFormSchema));
const BUNDLE_FIELDS = fieldsOf<CreateBundleInput>()(['name', 'description', 'amperage', 'price', 'unit_price', 'is_active']);

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
  isReadOnly: isReadOnlyForRole = false,
  hasReadView = false,
  submitLabel,
  cancelTo,
  save,
  onSaved,
}: {
  defaultValues: BundleFormValues;
  unit?: string;
  isReadOnly?: boolean;
  /** An existing record: it opens read-only, "Edit" first. */
  hasReadView?: boolean;
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
    resolver: contractResolver(loadSchema),
  });
  const record = useRecordForm({ form, fields: BUNDLE_FIELDS, hasReadView, save, onSaved });
  const control = form.control;

  return (
    <RecordFormFrame record={record} isReadOnly={isReadOnlyForRole} actions={isReadOnlyForRole ? undefined : { cancelTo, submitLabel }}>
      <FormTextField control={control} name="name" label={t('bundles.fields.name')} required fullWidth />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <NumericTextField
          control={control}
          name="price"
          label={t('bundles.fields.price')}
          helperText={t('bundles.help.price')}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } }}
        />
        <NumericTextField
          control={control}
          name="unit_price"
          label={t('bundles.fields.unitPrice')}
          helperText={t('bundles.help.unitPrice')}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">{unit ? `${currency} / ${unit}` : currency}</InputAdornment> },
          }}
        />
        <NumericTextField
          control={control}
          name="amperage"
          label={t('bundles.fields.amperage')}
          helperText={t('bundles.help.amperage')}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">{t('bundles.amperes')}</InputAdornment> } }}
        />
      </Box>
      <FormTextField control={control} name="description" label={t('bundles.fields.description')} multiline minRows={2} fullWidth />
      <FormSwitch control={control} name="is_active" label={t('bundles.fields.isActive')} />
    </RecordFormFrame>
  );
}
