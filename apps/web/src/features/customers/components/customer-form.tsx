import { contractResolver, fieldsOf, lazySchema } from '../../../shared/lib/contract-resolver';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { createCustomerInputSchema, CreateCustomerInput, Customer } from '@meterline/contract/customers';
import { CUSTOMER_STATUSES } from '@meterline/contract/list-specs';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useBundles } from '../../../shared/api/get-bundles';
import { useStations } from '../../../shared/api/get-stations';
import { useRecordForm } from '../../../shared/hooks/use-record-form';
import { RecordFormFrame } from '../../../shared/ui/record-form-frame';
import { FormAddressPickers } from '../../../shared/ui/form-address-pickers';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { customerStatusLabel } from './customer-status-chip';

const CUSTOMER_FIELDS = fieldsOf<CreateCustomerInput>()([
  'full_name',
  'phone',
  'email',
  'national_id',
  'region',
  'street',
  'building',
  'floor',
  'apartment',
  'station',
  'bundle',
  'initial_reading',
  'status',
  'notes',
  'code',
]);
const customerSchema = lazySchema(() => import('@meterline/contract/customers').then((contract) => contract.createCustomerInputSchema));
/** Selects offer the first 100 by name (the API's largest page), plus the record's own choice. */
const OPTIONS_QUERY = { page_size: 100, ordering: 'name' };

export interface CustomerFormValues {
  full_name: string;
  code: string;
  phone: string;
  email: string;
  national_id: string;
  status: string;
  station: number | null;
  bundle: number | null;
  /** The meter's reading the day the customer joins (a first meter only). */
  initial_reading: string;
  region: number | null;
  street: number | null;
  building: number | null;
  floor: string;
  apartment: string;
  notes: string;
}
export type CustomerFormOutput = z.output<typeof createCustomerInputSchema>;

export const emptyCustomerValues: CustomerFormValues = {
  full_name: '',
  code: '',
  phone: '',
  email: '',
  national_id: '',
  status: 'active',
  station: null,
  bundle: null,
  initial_reading: '',
  region: null,
  street: null,
  building: null,
  floor: '',
  apartment: '',
  notes: '',
};

export function customerFormValuesOf(customer: Customer): CustomerFormValues {
  return {
    full_name: customer.full_name,
    code: customer.code,
    phone: customer.phone,
    email: customer.email,
    national_id: customer.national_id,
    status: customer.status,
    station: customer.station,
    bundle: customer.subscription?.bundle ?? null,
    initial_reading: '',
    region: customer.region,
    street: customer.street,
    building: customer.building,
    floor: customer.floor,
    apartment: customer.apartment,
    notes: customer.notes,
  };
}

const toId = (text: string) => (text === '' ? null : Number(text));

/**
 * A customer's fields: contact, address (region → street → building, floor, apartment), station,
 * bundle and status. Read-only (no buttons) for roles that may only list customers.
 */
export function CustomerForm<TResult>({
  serviceId,
  defaultValues,
  current,
  isReadOnly: isReadOnlyForRole = false,
  hasReadView = false,
  isNew = false,
  isMetered = false,
  submitLabel,
  cancelTo,
  save,
  onSaved,
}: {
  serviceId: number;
  defaultValues: CustomerFormValues;
  /** The saved customer: its station and bundle stay choosable even when not in the first page or inactive. */
  current?: Customer;
  isReadOnly?: boolean;
  /** An existing record: it opens read-only, "Edit" first. */
  hasReadView?: boolean;
  isNew?: boolean;
  /** A metered service: a first meter may start at the reading it shows today. */
  isMetered?: boolean;
  submitLabel: string;
  cancelTo: string;
  save(values: CustomerFormOutput): Promise<TResult>;
  onSaved(result: TResult): void;
}) {
  const { t } = useTranslation();
  // Read-only roles (support, collector) may not list stations or bundles: the record's own names show.
  const stations = useStations(serviceId, OPTIONS_QUERY, { isEnabled: !isReadOnlyForRole });
  const bundles = useBundles(serviceId, { ...OPTIONS_QUERY, is_active: 'true' }, { isEnabled: !isReadOnlyForRole });
  const form = useForm<CustomerFormValues, unknown, CustomerFormOutput>({
    defaultValues,
    resolver: contractResolver(customerSchema) as Resolver<CustomerFormValues, unknown, CustomerFormOutput>,
  });
  const record = useRecordForm({
    form,
    fields: CUSTOMER_FIELDS,
    hasReadView,
    save,
    onSaved,
  });
  const isReadOnly = isReadOnlyForRole || record.editStep.isReadView;
  const { control } = form;
  const bundle = form.watch('bundle');
  const ltr = { htmlInput: { dir: 'ltr' } };

  const stationOptions = (stations.data?.results ?? []).map((station) => ({ id: station.id, name: station.name }));
  if (current?.station && current.station_name && !stationOptions.some((option) => option.id === current.station)) {
    stationOptions.push({ id: current.station, name: current.station_name });
  }
  const bundleOptions = (bundles.data?.results ?? []).map((item) => ({ id: item.id, name: item.name }));
  if (current?.subscription && !bundleOptions.some((option) => option.id === current.subscription?.bundle)) {
    bundleOptions.push({ id: current.subscription.bundle, name: current.subscription.bundle_name });
  }
  const isBundleChanged = Boolean(current?.subscription) && bundle !== (current?.subscription?.bundle ?? null);
  // A first meter only (new customer, or one without a subscription yet): later ones carry the reading on.
  const offersInitialReading = isMetered && !isReadOnly && !current?.subscription;
  const grid = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } };

  return (
    <RecordFormFrame record={record} isReadOnly={isReadOnlyForRole} actions={isReadOnlyForRole ? undefined : { cancelTo, submitLabel }}>
      <Box sx={grid}>
        <FormTextField
          control={control}
          name="full_name"
          label={t('customers.fields.fullName')}
          required
          sx={{ gridColumn: { md: 'span 2' } }}
        />
        <FormTextField
          control={control}
          name="code"
          label={t('customers.fields.code')}
          helperText={isNew && !isReadOnly ? t('customers.help.code') : undefined}
          slotProps={ltr}
        />
        <FormTextField
          control={control}
          name="phone"
          type="tel"
          label={t('customers.fields.phone')}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
        />
        <FormTextField control={control} name="email" type="email" label={t('customers.fields.email')} slotProps={ltr} />
        <FormTextField control={control} name="national_id" label={t('customers.fields.nationalId')} slotProps={ltr} />
      </Box>

      <Typography variant="h3" component="h2" sx={{ fontSize: '1rem', pt: 1 }}>
        {t('customers.sections.supply')}
      </Typography>
      <Box sx={grid}>
        <FormTextField control={control} name="status" select label={t('customers.fields.status')}>
          {CUSTOMER_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {customerStatusLabel(status, t)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="station" select parse={toId} label={t('customers.fields.station')}>
          <MenuItem value="">
            <em>{t('customers.none')}</em>
          </MenuItem>
          {stationOptions.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="bundle"
          select
          parse={toId}
          label={t('customers.fields.bundle')}
          helperText={
            isBundleChanged ? t('customers.help.bundleChange') : isNew && !offersInitialReading ? t('customers.help.bundle') : undefined
          }
        >
          <MenuItem value="">
            <em>{t('customers.noBundle')}</em>
          </MenuItem>
          {bundleOptions.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </FormTextField>
        {offersInitialReading && (
          <NumericTextField
            control={control}
            name="initial_reading"
            label={t('customers.fields.initialReading')}
            placeholder="0"
            disabled={bundle === null}
            helperText={bundle === null ? t('customers.help.initialReadingNeedsBundle') : t('customers.help.initialReading')}
          />
        )}
      </Box>

      <Typography variant="h3" component="h2" sx={{ fontSize: '1rem', pt: 1 }}>
        {t('customers.sections.address')}
      </Typography>
      <FormAddressPickers form={form} />
      <Box sx={{ ...grid, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <FormTextField control={control} name="floor" label={t('customers.fields.floor')} />
        <FormTextField control={control} name="apartment" label={t('customers.fields.apartment')} />
      </Box>
      <FormTextField control={control} name="notes" label={t('customers.fields.notes')} multiline minRows={2} fullWidth />
    </RecordFormFrame>
  );
}
