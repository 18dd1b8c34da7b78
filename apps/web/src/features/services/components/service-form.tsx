import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { Service } from '@meterline/contract/services';
import { SERVICE_UNIT_MAX } from '@meterline/contract/service-names';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useRecordForm } from '../../../shared/hooks/use-record-form';
import { RecordFormFrame } from '../../../shared/ui/record-form-frame';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { FormTextField } from '../../../shared/ui/form-text-field';
import type { serviceFormSchema } from './service-form-schema';

const loadSchema = lazySchema(() => import('./service-form-schema').then((module) => module.serviceFormSchema));
const SERVICE_FIELDS = ['name', 'name_ar', 'unit', 'is_metered'] as const satisfies readonly (keyof ServiceFormOutput)[];

export interface ServiceFormValues {
  name: string;
  name_ar: string;
  unit: string;
  is_metered: boolean;
}
export type ServiceFormOutput = z.output<typeof serviceFormSchema>;

export const emptyServiceValues: ServiceFormValues = { name: '', name_ar: '', unit: '', is_metered: true };

export function serviceFormValuesOf(service: Service): ServiceFormValues {
  return { name: service.name, name_ar: service.name_ar, unit: service.unit, is_metered: service.is_metered };
}

/** Create and edit a service; read-only (no buttons, read-only fields) for accountants. */
export function ServiceForm<TResult>({
  defaultValues,
  isReadOnly: isReadOnlyForRole = false,
  hasReadView = false,
  submitLabel,
  cancelTo,
  save,
  onSaved,
}: {
  defaultValues: ServiceFormValues;
  isReadOnly?: boolean;
  /** An existing record: it opens read-only, "Edit" first. */
  hasReadView?: boolean;
  submitLabel: string;
  cancelTo: string;
  save(values: ServiceFormOutput): Promise<TResult>;
  onSaved(result: TResult): void;
}) {
  const { t } = useTranslation();
  const kindLabelId = useId();
  const form = useForm<ServiceFormValues, unknown, ServiceFormOutput>({
    defaultValues,
    resolver: contractResolver(loadSchema),
  });
  const record = useRecordForm({
    form,
    fields: SERVICE_FIELDS,
    hasReadView,
    save,
    onSaved,
  });
  const isReadOnly = isReadOnlyForRole || record.editStep.isReadView;
  const { control } = form;

  return (
    <RecordFormFrame record={record} isReadOnly={isReadOnlyForRole} actions={isReadOnlyForRole ? undefined : { cancelTo, submitLabel }}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <FormTextField
          control={control}
          name="name"
          label={t('services.fields.name')}
          required
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <FormTextField
          control={control}
          name="name_ar"
          label={t('services.fields.nameAr')}
          helperText={t('services.help.nameAr')}
          fullWidth
          slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
        />
        <FormTextField
          control={control}
          name="unit"
          label={t('services.fields.unit')}
          helperText={t('services.help.unit', { count: SERVICE_UNIT_MAX })}
          fullWidth
          // kWh or جلسة: each unit reads in its own direction.
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
      </Box>
      <Controller
        control={control}
        name="is_metered"
        render={({ field }) => (
          <FormControl>
            <FormLabel id={kindLabelId}>{t('services.fields.kind')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={kindLabelId}
              aria-readonly={isReadOnly || undefined}
              value={field.value ? 'metered' : 'flat'}
              onChange={(event) => !isReadOnly && field.onChange(event.target.value === 'metered')}
            >
              <FormControlLabel value="metered" control={<Radio />} label={t('services.kind.metered')} />
              <FormControlLabel value="flat" control={<Radio />} label={t('services.kind.flat')} />
            </RadioGroup>
            <FormHelperText>{t('services.help.metered')}</FormHelperText>
          </FormControl>
        )}
      />
    </RecordFormFrame>
  );
}
