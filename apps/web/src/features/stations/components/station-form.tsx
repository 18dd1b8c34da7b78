import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { CreateStationInput, Station } from '@meterline/contract/stations';
import { STATION_STATUSES } from '@meterline/contract/list-specs';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractResolver, fieldsOf, lazySchema } from '../../../shared/lib/contract-resolver';
import { useRecordForm } from '../../../shared/hooks/use-record-form';
import { RecordFormFrame } from '../../../shared/ui/record-form-frame';
import { FormAddressPickers } from '../../../shared/ui/form-address-pickers';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import type { stationFormSchema } from './station-form-schema';
import { stationStatusLabel } from './station-status-chip';

const loadSchema = lazySchema(() => import('./station-form-schema').then((module) => module.stationFormSchema));
const STATION_FIELDS = fieldsOf<CreateStationInput>()([
  'name',
  'code',
  'status',
  'capacity',
  'region',
  'street',
  'building',
  'latitude',
  'longitude',
  'notes',
]);

export interface StationFormValues {
  name: string;
  code: string;
  status: string;
  capacity: string;
  region: number | null;
  street: number | null;
  building: number | null;
  latitude: string;
  longitude: string;
  notes: string;
}
export type StationFormOutput = z.output<typeof stationFormSchema>;

export const emptyStationValues: StationFormValues = {
  name: '',
  code: '',
  status: 'active',
  capacity: '',
  region: null,
  street: null,
  building: null,
  latitude: '',
  longitude: '',
  notes: '',
};

export function stationFormValuesOf(station: Station): StationFormValues {
  return {
    name: station.name,
    code: station.code,
    status: station.status,
    capacity: station.capacity ?? '',
    region: station.region,
    street: station.street,
    building: station.building,
    latitude: station.latitude ?? '',
    longitude: station.longitude ?? '',
    notes: station.notes,
  };
}

/** Create and edit a station; read-only (no buttons) for roles that may only list stations. */
export function StationForm<TResult>({
  defaultValues,
  unit,
  isReadOnly: isReadOnlyForRole = false,
  hasReadView = false,
  isNew = false,
  submitLabel,
  cancelTo,
  save,
  onSaved,
}: {
  defaultValues: StationFormValues;
  unit?: string;
  isReadOnly?: boolean;
  /** An existing record: it opens read-only, "Edit" first. */
  hasReadView?: boolean;
  isNew?: boolean;
  submitLabel: string;
  cancelTo: string;
  save(values: StationFormOutput): Promise<TResult>;
  onSaved(result: TResult): void;
}) {
  const { t } = useTranslation();
  const form = useForm<StationFormValues, unknown, StationFormOutput>({
    defaultValues,
    // The form holds texts ('' for none); the schema turns them into the body.
    resolver: contractResolver(loadSchema),
  });
  const record = useRecordForm({
    form,
    fields: STATION_FIELDS,
    hasReadView,
    save,
    onSaved,
  });
  const { control } = form;

  return (
    <RecordFormFrame record={record} isReadOnly={isReadOnlyForRole} actions={isReadOnlyForRole ? undefined : { cancelTo, submitLabel }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <FormTextField control={control} name="name" label={t('stations.fields.name')} required />
        <FormTextField
          control={control}
          name="code"
          label={t('stations.fields.code')}
          helperText={isNew ? t('stations.help.code') : undefined}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <FormTextField control={control} name="status" select label={t('stations.fields.status')}>
          {STATION_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {stationStatusLabel(status, t)}
            </MenuItem>
          ))}
        </FormTextField>
      </Box>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1rem', pt: 1 }}>
        {t('stations.sections.location')}
      </Typography>
      <FormAddressPickers form={form} />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <NumericTextField
          control={control}
          name="capacity"
          label={t('stations.fields.capacity')}
          slotProps={{
            input: {
              endAdornment: unit ? <InputAdornment position="end">{t('stations.perHour', { unit })}</InputAdornment> : undefined,
            },
          }}
        />
        <NumericTextField control={control} name="latitude" label={t('stations.fields.latitude')} />
        <NumericTextField control={control} name="longitude" label={t('stations.fields.longitude')} />
      </Box>
      <FormTextField control={control} name="notes" label={t('stations.fields.notes')} multiline minRows={2} fullWidth />
    </RecordFormFrame>
  );
}
