import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { createCustomerInputSchema, CreateCustomerInput, Customer } from '@meterline/contract/customers';
import { CUSTOMER_STATUSES } from '@meterline/contract/list-specs';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { earliestStartOn } from '@meterline/contract/start-date';
import { contractResolver, fieldsOf, lazySchema } from '../../../shared/lib/contract-resolver';
import { useBundles } from '../../../shared/api/get-bundles';
import { useStations } from '../../../shared/api/get-stations';
import { useRecordForm } from '../../../shared/hooks/use-record-form';
import { RecordFormFrame } from '../../../shared/ui/record-form-frame';
import { FormAddressPickers } from '../../../shared/ui/form-address-pickers';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { FormDatePickerField } from '../../../shared/ui/date-picker-field';
import { NameText } from '../../../shared/ui/name-text';
import { CustomerMessageFields, type CustomerMessageValues } from './customer-message-fields';
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
  'started_on',
  'status',
  'notes',
  'code',
  'language',
  'opted_out_channels',
]);
const customerSchema = lazySchema(() => import('@meterline/contract/customers').then((contract) => contract.createCustomerInputSchema));
/** Selects offer the first 100 by name (the API's largest page), plus the record's own choice. */
const OPTIONS_QUERY = { page_size: 100, ordering: 'name' };

export interface CustomerFormValues extends CustomerMessageValues {
  full_name: string;
  code: string;
  phone: string;
  email: string;
  national_id: string;
  status: string;
  station: number | null;
  bundle: number | null;
  /** The meter's reading when a subscription opens: a first meter's opening reading, or the reading at a bundle change. */
  initial_reading: string;
  /** The day a new subscription starts (`YYYY-MM-DD`, the tenant's calendar): today unless dated back. */
  started_on: string;
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
  started_on: '',
  region: null,
  street: null,
  building: null,
  floor: '',
  apartment: '',
  notes: '',
  language: null,
  opted_out_channels: [],
};

/** The form's values of a saved customer; `today` starts a subscription its bundle change opens. */
export function customerFormValuesOf(customer: Customer, today: string): CustomerFormValues {
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
    started_on: today,
    region: customer.region,
    street: customer.street,
    building: customer.building,
    floor: customer.floor,
    apartment: customer.apartment,
    notes: customer.notes,
    // The stored choice: null shows "the company's language" (docs/notifications.md).
    language: customer.own_language,
    opted_out_channels: customer.opted_out_channels,
  };
}

const toId = (text: string) => (text === '' ? null : Number(text));
/** The form's fields: one column on phones, three from `md`. */
const grid = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } };

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
  today,
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
  /** A metered service: a subscription that opens asks for the meter's reading. */
  isMetered?: boolean;
  /** The tenant's today (`YYYY-MM-DD`): the latest start date, and 12 months before it the earliest. */
  today: string;
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
    resolver: contractResolver(customerSchema),
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
  // A subscription opens (docs/billing.md): on a new customer once a bundle is chosen, on a saved one when its bundle changes.
  const opensSubscription = !isReadOnly && (isNew || (bundle !== null && bundle !== (current?.subscription?.bundle ?? null)));
  const isMeterCarried = Boolean(current?.subscription);
  const readingLabel = isMeterCarried ? t('customers.fields.changeReading') : t('customers.fields.initialReading');
  const readingHelp = isMeterCarried ? t('customers.help.changeReading') : t('customers.help.initialReading');

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
        <CustomerMessageFields control={control} />
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
              <NameText value={option.name} />
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="bundle"
          select
          parse={toId}
          label={t('customers.fields.bundle')}
          helperText={isBundleChanged && bundle !== null ? t('customers.help.bundleChange') : undefined}
        >
          <MenuItem value="">
            <em>{t('customers.noBundle')}</em>
          </MenuItem>
          {bundleOptions.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              <NameText value={option.name} />
            </MenuItem>
          ))}
        </FormTextField>
        {opensSubscription && (
          <FormDatePickerField
            control={control}
            name="started_on"
            label={t('customers.fields.startedOn')}
            minDate={earliestStartOn(today)}
            maxDate={today}
            isDisabled={bundle === null}
            helperText={bundle === null ? t('customers.help.startNeedsBundle') : t('customers.help.startedOn')}
          />
        )}
        {opensSubscription && isMetered && (
          <NumericTextField
            control={control}
            name="initial_reading"
            label={readingLabel}
            required={bundle !== null}
            disabled={bundle === null}
            helperText={bundle === null ? t('customers.help.initialReadingNeedsBundle') : readingHelp}
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
