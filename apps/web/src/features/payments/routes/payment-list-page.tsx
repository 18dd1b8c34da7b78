import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PAYMENT_METHODS, paymentListSpec } from '@meterline/contract/list-specs';
import type { Payment } from '@meterline/contract/payments';
import { useTranslation } from 'react-i18next';
import { useStaffOptions } from '../../../shared/api/get-staff-options';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useCan } from '../../../shared/lib/can';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useSession } from '../../../shared/lib/session';
import { DataTable, TotalFigure } from '../../../shared/ui/data-table';
import { DateRangeFilter } from '../../../shared/ui/date-filter-field';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { Money } from '../../../shared/ui/money';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePayments } from '../api/get-payments';
import { isReversal, usePaymentColumns } from '../components/payment-columns';
import { CodeText } from '../../../shared/ui/code-text';
import { serviceListExport } from '../../../shared/ui/export-csv-button';

/** `/payments`: the service's payments and reversals, filtered by method, receiver and dates, with CSV. */
export function PaymentListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const timeZone = useSession().user?.tenant?.timezone;
  const { service, serviceName } = useSelectedService();
  const listState = useListUrlState(paymentListSpec);
  const query = usePayments(service?.id, { ...listState.query, totals: 'true' });
  const totals = query.data?.totals;
  const staff = useStaffOptions({ isEnabled: useCan('list', 'user') });
  const methodLabel = (method: string) => t(`payments.methods.${method as 'cash'}`, { defaultValue: method });

  const columns = usePaymentColumns(methodLabel);

  return (
    <>
      <PageHeader title={t('payments.title')} subtitle={serviceName} />
      <DataTable<Payment>
        label={t('payments.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('payments.list.error')}
        emptyMessage={t('payments.list.empty')}
        orderingFields={paymentListSpec.ordering}
        getRowHref={(row) => `/invoices/${row.invoice}`}
        exportCsv={serviceListExport(service?.id, 'payments')}
        filters={
          <>
            <FilterSelect
              label={t('payments.filters.method')}
              value={listState.filters.method}
              options={PAYMENT_METHODS.map((method) => ({ value: method, label: methodLabel(method) }))}
              onChange={(value) => listState.setFilter('method', value)}
            />
            <FilterSelect
              label={t('payments.filters.receivedBy')}
              value={listState.filters.received_by}
              options={(staff.data ?? []).map((option) => ({ value: String(option.id), label: option.name }))}
              onChange={(value) => listState.setFilter('received_by', value)}
            />
            <DateRangeFilter
              label={t('payments.filters.paid')}
              fromLabel={t('payments.filters.from')}
              toLabel={t('payments.filters.to')}
              from={listState.filters.date_from}
              to={listState.filters.date_to}
              onChange={({ from, to }) => listState.setFilters({ date_from: from, date_to: to })}
            />
          </>
        }
        totals={
          totals && (
            <TotalFigure label={t('payments.fields.amount')}>
              <Money amount={totals.amount} />
            </TotalFigure>
          )
        }
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                <CodeText value={row.invoice_number} />
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>
                <Money amount={row.amount} />
              </Typography>
            </Stack>
            <Typography noWrap>
              <bdi>{row.customer_name}</bdi>
            </Typography>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(row.paid_at, language, timeZone)} · {methodLabel(row.method)}
                {row.received_by_name ? ' · ' : ''}
                {row.received_by_name && <bdi>{row.received_by_name}</bdi>}
              </Typography>
              {isReversal(row) && <Chip size="small" label={t('payments.reversal')} variant="outlined" sx={{ mt: 0.5 }} />}
            </Box>
          </Stack>
        )}
      />
    </>
  );
}
