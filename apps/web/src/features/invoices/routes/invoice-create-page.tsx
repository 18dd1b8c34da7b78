import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ERROR_CODES } from '@meterline/contract/error-codes';
import type { Customer } from '@meterline/contract/customers';
import type { createInvoiceInputSchema, CreateInvoiceInput } from '@meterline/contract/invoices';
import { currencyDecimals } from '@meterline/contract/money-format';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useToast } from '../../../shared/hooks/use-toast';
import { useUnsavedChanges } from '../../../shared/hooks/use-unsaved-changes';
import { ApiError } from '../../../shared/lib/api-client';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { useIdempotentWrite } from '../../../shared/hooks/use-idempotency-key';
import { monthBounds, monthOfPeriod, todayIn } from '../../../shared/lib/period';
import { useSession } from '../../../shared/lib/session';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { formatName } from '../../../shared/lib/format-number';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { PageHeader } from '../../../shared/ui/page-header';
import { UnsavedChangesDialog } from '../../../shared/ui/unsaved-changes-dialog';
import { useCreateInvoice } from '../api/create-invoice';
import { useCustomer } from '../../../shared/api/get-customer';
import { MissingRateWarning } from '../components/missing-rate-warning';
import { CustomerPicker } from '../components/customer-picker';
import { EMPTY_LINE, InvoiceLinesEditor } from '../components/invoice-lines-editor';
import { DatePickerField, FormDatePickerField } from '../../../shared/ui/date-picker-field';

type Mode = 'meter' | 'lines';
type InvoiceFormOutput = z.output<typeof createInvoiceInputSchema>;

const FIELDS = ['subscription', 'customer', 'period_start', 'period_end', 'lines', 'notes'] as const;
const invoiceSchema = lazySchema(() => import('@meterline/contract/invoices').then((contract) => contract.createInvoiceInputSchema));

/**
 * The contract's schema on what will be sent: from a meter only the subscription and period, with
 * lines only the customer, period, lines and notes. The contract's "give a subscription or a
 * customer" lands on the customer picker.
 */
/**
 * A meter whose subscription started within the month (a new customer, a bundle change) is billed
 * from the day it started: a period may not start before its subscription (docs/billing.md, "Invoices").
 */
function fromSubscriptionStart(input: InvoiceFormOutput, startedOn: string | undefined): InvoiceFormOutput {
  return startedOn && input.period_start < startedOn && startedOn <= input.period_end ? { ...input, period_start: startedOn } : input;
}

function invoiceResolver(mode: Mode, noCustomerMessage: string): Resolver<CreateInvoiceInput, unknown, InvoiceFormOutput> {
  const resolve = contractResolver<CreateInvoiceInput, InvoiceFormOutput>(invoiceSchema);
  return async (values, context, options) => {
    const input: CreateInvoiceInput =
      mode === 'meter'
        ? { subscription: values.subscription, period_start: values.period_start, period_end: values.period_end, notes: values.notes }
        : {
            customer: values.customer,
            period_start: values.period_start,
            period_end: values.period_end,
            lines: values.lines,
            notes: values.notes,
          };
    const result = await resolve(input, context, options);
    const errors = result.errors as FieldErrors<CreateInvoiceInput> & { non_field_errors?: unknown };
    if (errors.non_field_errors) {
      delete errors.non_field_errors;
      errors.customer = { type: 'custom', message: noCustomerMessage };
    }
    return result;
  };
}

/** `/invoices/create`: bill a customer's meter for a period, or write the lines by hand. `?customer=` preselects. */
export function InvoiceCreatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const { user } = useSession();
  const { service } = useSelectedService();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(service?.is_metered === false ? 'lines' : 'meter');
  const [customer, setCustomer] = useState<Customer | null>(null);
  // One key per submission: a retry after a lost answer bills once (useIdempotentWrite).
  const send = useIdempotentWrite(true);
  const [formError, setFormError] = useState<string | null>(null);
  const decimals = currencyDecimals(user?.tenant?.currency ?? 'USD');
  const thisMonth = todayIn(user?.tenant?.timezone).slice(0, 7);
  const defaultPeriod = monthBounds(thisMonth) ?? { start: '', end: '' };

  const form = useForm<CreateInvoiceInput, unknown, InvoiceFormOutput>({
    resolver: invoiceResolver(mode, mode === 'meter' ? t('invoices.create.chooseMeterCustomer') : t('invoices.create.chooseCustomer')),
    defaultValues: {
      subscription: undefined,
      customer: undefined,
      period_start: defaultPeriod.start,
      period_end: defaultPeriod.end,
      lines: [{ ...EMPTY_LINE }],
      notes: '',
    },
  });
  const { isDirty, isSubmitting, isSubmitSuccessful } = form.formState;
  const { blocker, allowNextNavigation } = useUnsavedChanges(isDirty && !isSubmitSuccessful);
  const createInvoice = useCreateInvoice(service?.id ?? 0);

  // `?customer=12` (from a customer's page): preselect once it has loaded.
  const preselectedId = Number(searchParams.get('customer')) || null;
  const preselected = useCustomer(service?.id, preselectedId);
  const [hasPreselected, setHasPreselected] = useState(false);
  if (!hasPreselected && preselected.data) {
    setHasPreselected(true);
    setCustomer(preselected.data);
    form.setValue('customer', preselected.data.id);
    form.setValue('subscription', preselected.data.subscription?.id);
  }

  const handleCustomerChange = (next: Customer | null) => {
    setCustomer(next);
    form.setValue('customer', next?.id, { shouldDirty: true });
    form.setValue('subscription', next?.subscription?.id, { shouldDirty: true });
    form.clearErrors(['customer', 'subscription']);
  };

  const [periodStart, periodEnd] = form.watch(['period_start', 'period_end']);
  const month = monthOfPeriod(periodStart, periodEnd) ?? '';
  const handleMonthChange = (value: string) => {
    const bounds = monthBounds(value);
    if (!bounds) return;
    form.setValue('period_start', bounds.start, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue('period_end', bounds.end, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  const onSubmit = form.handleSubmit(async (input) => {
    if (!service) return;
    setFormError(null);
    try {
      const body = fromSubscriptionStart(input, mode === 'meter' ? customer?.subscription?.started_on : undefined);
      const invoice = await send((idempotencyKey) => createInvoice.mutateAsync({ input: body, idempotencyKey }));
      showToast(t('invoices.create.created', { number: invoice.number }), { variant: 'success' });
      allowNextNavigation();
      void navigate(`/invoices/${invoice.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.periodAlreadyBilled) setFormError(t('invoices.create.periodBilled'));
      else setFormError(applyServerErrors(error, form.setError, FIELDS, t));
    }
  });

  const customerError = form.formState.errors.customer?.message ?? form.formState.errors.subscription?.message;
  const hasNoMeter = mode === 'meter' && customer !== null && !customer.subscription;

  return (
    <>
      <PageHeader
        title={t('invoices.createTitle')}
        breadcrumbs={[{ label: t('invoices.title'), to: '/invoices' }, { label: t('invoices.createTitle') }]}
        backTo="/invoices"
      />
      <Card variant="outlined" sx={{ maxWidth: 960 }}>
        <CardContent>
          <Stack component="form" noValidate spacing={3} onSubmit={(event) => void onSubmit(event)} aria-label={t('invoices.createTitle')}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <Box>
              <Typography id="invoice-mode-label" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('invoices.create.mode')}
              </Typography>
              <ToggleButtonGroup
                exclusive
                color="primary"
                value={mode}
                onChange={(_event, value: Mode | null) => value && setMode(value)}
                aria-labelledby="invoice-mode-label"
                sx={{ flexWrap: 'wrap' }}
              >
                <ToggleButton value="meter">{t('invoices.create.fromMeter')}</ToggleButton>
                <ToggleButton value="lines">{t('invoices.create.withLines')}</ToggleButton>
              </ToggleButtonGroup>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {mode === 'meter' ? t('invoices.create.meterHint') : t('invoices.create.linesHint')}
              </Typography>
            </Box>

            <CustomerPicker
              serviceId={service?.id}
              label={t('invoices.fields.customer')}
              value={customer}
              onChange={handleCustomerChange}
              required
              error={Boolean(customerError) || hasNoMeter}
              helperText={hasNoMeter ? t('invoices.create.noSubscription') : (customerError ?? t('invoices.picker.customerHint'))}
            />
            {mode === 'meter' && customer?.subscription && (
              <Alert severity="info" icon={false}>
                {t('invoices.create.meter', { bundle: formatName(customer.subscription.bundle_name, i18n.language) })}{' '}
                <DecimalText value={customer.subscription.counter} unit={service?.unit} />
              </Alert>
            )}

            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <MonthField label={t('invoices.create.month')} value={month} onChange={handleMonthChange} />
              <FormDatePickerField<CreateInvoiceInput>
                control={form.control}
                name="period_start"
                label={t('invoices.fields.periodStart')}
                isRequired
                fullWidth
              />
              <FormDatePickerField<CreateInvoiceInput>
                control={form.control}
                name="period_end"
                label={t('invoices.fields.periodEnd')}
                isRequired
                fullWidth
              />
            </Stack>

            <MissingRateWarning serviceId={service?.id} periodStart={periodStart} />
            {mode === 'lines' && <InvoiceLinesEditor control={form.control} decimals={decimals} isDisabled={isSubmitting} />}

            <FormTextField<CreateInvoiceInput>
              control={form.control}
              name="notes"
              label={t('invoices.fields.notes')}
              multiline
              minRows={2}
            />

            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button component={RouterLink} to="/invoices">
                {t('forms.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={isSubmitting} disabled={hasNoMeter}>
                {t('invoices.create.submit')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}

/** The month shortcut: picking one fills both ends of the period. */
function MonthField({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  return <DatePickerField kind="month" fullWidth label={label} value={value} onChange={onChange} />;
}
