import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { ExchangeRate, setExchangeRateInputSchema } from '@meterline/contract/exchange-rates';
import { exchangeRateListSpec } from '@meterline/contract/list-specs';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useRecordForm } from '../../../shared/hooks/use-record-form';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useToast } from '../../../shared/hooks/use-toast';
import { Can } from '../../../shared/lib/can';
import { contractResolver, lazySchema } from '../../../shared/lib/contract-resolver';
import { formatDateTime, formatMonth } from '../../../shared/lib/format-date';
import { formatDecimal } from '../../../shared/lib/format-number';
import { useSession } from '../../../shared/lib/session';
import { DataTable } from '../../../shared/ui/data-table';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { MonthField } from '../../../shared/ui/month-field';
import { NumericTextField } from '../../../shared/ui/numeric-text-field';
import { PageHeader } from '../../../shared/ui/page-header';
import { UnsavedChangesDialog } from '../../../shared/ui/unsaved-changes-dialog';
import { useMissingExchangeRates } from '../../../shared/api/get-missing-exchange-rates';
import { useExchangeRates } from '../../../shared/api/get-exchange-rates';
import { useSetExchangeRate } from '../api/set-exchange-rate';

const rateSchema = lazySchema(() => import('@meterline/contract/exchange-rates').then((contract) => contract.setExchangeRateInputSchema));
type RateInput = z.input<typeof setExchangeRateInputSchema>;
type RateOutput = z.output<typeof setExchangeRateInputSchema>;
const RATE_FIELDS = ['month', 'base_currency', 'rate'] as const;

/** The month's rate of the tenant's second currency (docs/money-and-numbering.md), newest month first; admins and accountants set it. */
export function ExchangeRatesPage() {
  const { t, i18n } = useTranslation();
  const { service, serviceName } = useSelectedService();
  const { user } = useSession();
  const billing = user?.tenant?.currency ?? 'USD';
  const listState = useListUrlState(exchangeRateListSpec);
  const query = useExchangeRates(service?.id, listState.query);
  // A rate reads `rate` of `currency` for one `base_currency` (never the same currency).
  const rateText = (row: ExchangeRate) =>
    t('currencies.rate', { billing: row.base_currency, rate: formatDecimal(row.rate, i18n.language, 6), second: row.currency });
  const missing = useMissingExchangeRates(service?.id);
  const missingMonths = missing.data?.months ?? [];
  // A new month is quoted like the latest one (1 USD = … LBP), whichever currency the tenant bills in.
  const latestBase = query.data?.results[0]?.base_currency ?? billing;

  const columns: GridColDef<ExchangeRate>[] = [
    {
      field: 'month',
      headerName: t('currencies.exchangeRates.month'),
      flex: 1,
      minWidth: 150,
      renderCell: ({ row }) => formatMonth(row.month, i18n.language),
    },
    {
      field: 'rate',
      headerName: t('currencies.exchangeRates.rate'),
      flex: 1.4,
      minWidth: 200,
      renderCell: ({ row }) => <bdi dir="ltr">{rateText(row)}</bdi>,
    },
    {
      field: 'set_at',
      headerName: t('currencies.exchangeRates.setAt'),
      flex: 1,
      minWidth: 170,
      renderCell: ({ row }) => formatDateTime(row.set_at, i18n.language, user?.tenant?.timezone),
    },
  ];

  return (
    <>
      <PageHeader title={t('currencies.exchangeRates.title')} subtitle={serviceName} />
      <Stack spacing={3}>
        {missing.data?.currency && missingMonths.length > 0 && (
          <Alert severity="warning" data-testid="missing-rates">
            {t('currencies.exchangeRates.missingMonths', {
              count: missingMonths.length,
              currency: missing.data.currency,
              months: missingMonths.map((month) => formatMonth(month, i18n.language)).join(i18n.language === 'ar' ? '، ' : ', '),
            })}
          </Alert>
        )}
        <Can do="create" on="exchange_rate">
          {service && (
            <SetRateForm serviceId={service.id} billing={billing} second={user?.tenant?.second_currency ?? null} defaultBase={latestBase} />
          )}
        </Can>
        <DataTable<ExchangeRate>
          label={t('currencies.exchangeRates.title')}
          columns={columns}
          listState={listState}
          query={query}
          errorMessage={t('currencies.exchangeRates.loadFailed')}
          emptyMessage={t('currencies.exchangeRates.empty')}
          orderingFields={exchangeRateListSpec.ordering}
          renderCard={(row) => (
            <Stack spacing={0.5}>
              <Typography sx={{ fontWeight: 600 }}>{formatMonth(row.month, i18n.language)}</Typography>
              <Typography variant="body2">
                <bdi dir="ltr">{rateText(row)}</bdi>
              </Typography>
            </Stack>
          )}
        />
      </Stack>
    </>
  );
}

function SetRateForm({
  serviceId,
  billing,
  second,
  defaultBase,
}: {
  serviceId: number;
  billing: string;
  second: string | null;
  defaultBase: string;
}) {
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const setRate = useSetExchangeRate(serviceId);
  const form = useForm<RateInput, unknown, RateOutput>({
    resolver: contractResolver(rateSchema),
    defaultValues: { month: new Date().toISOString().slice(0, 7), base_currency: defaultBase, rate: '' },
  });
  useEffect(() => {
    if (!form.getFieldState('base_currency').isDirty) form.resetField('base_currency', { defaultValue: defaultBase });
  }, [defaultBase, form]);
  const { handleSubmit, formError, blocker, isSaving } = useRecordForm({
    form,
    fields: RATE_FIELDS,
    save: (values) => setRate.mutateAsync({ month: values.month, base_currency: values.base_currency, rate: values.rate }),
    onSaved: (rate) =>
      showToast(t('currencies.exchangeRates.saved', { month: formatMonth(rate.month, i18n.language) }), { variant: 'success' }),
  });
  return (
    <Card variant="outlined" component="section" aria-label={t('currencies.exchangeRates.setTitle')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('currencies.exchangeRates.setTitle')}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: second ? 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) auto' : 'minmax(0, 1fr) minmax(0, 1fr) auto',
            },
            alignItems: 'start',
          }}
        >
          {formError && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {formError}
            </Alert>
          )}
          <MonthField control={form.control} name="month" label={t('currencies.exchangeRates.month')} isRequired />
          {second && (
            <FormTextField<RateInput, RateOutput>
              control={form.control}
              name="base_currency"
              label={t('currencies.exchangeRates.base')}
              select
            >
              {[billing, second].map((code) => (
                <MenuItem key={code} value={code}>
                  <bdi dir="ltr">{t('currencies.exchangeRates.baseOption', { currency: code })}</bdi>
                </MenuItem>
              ))}
            </FormTextField>
          )}
          <NumericTextField<RateInput, RateOutput>
            control={form.control}
            name="rate"
            label={t('currencies.exchangeRates.rateIn', { currency: form.watch('base_currency') === second ? billing : (second ?? '') })}
            required
          />
          <Button type="submit" variant="contained" disabled={isSaving} sx={{ mt: { sm: 1 } }}>
            {t('currencies.exchangeRates.submit')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
            {t('currencies.exchangeRates.help')}
          </Typography>
        </Box>
        <UnsavedChangesDialog blocker={blocker} />
      </CardContent>
    </Card>
  );
}
