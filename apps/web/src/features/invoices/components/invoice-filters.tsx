import Button from '@mui/material/Button';
import { INVOICE_STATUS_FILTERS } from '@meterline/contract/invoices';
import type { Customer } from '@meterline/contract/customers';
import { useTranslation } from 'react-i18next';
import type { ListUrlState } from '../../../shared/hooks/use-list-url-state';
import { monthBounds, monthOfPeriod } from '../../../shared/lib/period';
import { DateFilterField } from '../../../shared/ui/date-filter-field';
import { FilterBar } from '../../../shared/ui/filter-bar';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { useCustomer } from '../../../shared/api/get-customer';
import { CustomerPicker } from './customer-picker';

/** Status (overdue too), customer, billing month and issue dates of the invoice list, all in the URL. */
export function InvoiceFilters({ listState, serviceId }: { listState: ListUrlState<string>; serviceId: number | undefined }) {
  const { t } = useTranslation();
  const { filters, setFilter } = listState;
  const customerId = Number(filters.customer) || null;
  const customer = useCustomer(serviceId, customerId);
  const period = monthOfPeriod(filters.period_start, filters.period_end) ?? filters.period_start?.slice(0, 7);

  const handleCustomerChange = (next: Customer | null) => setFilter('customer', next ? String(next.id) : null);
  const handlePeriodChange = (month: string | null) => {
    const bounds = month ? monthBounds(month) : null;
    listState.setFilters({ period_start: bounds?.start ?? null, period_end: bounds?.end ?? null });
  };

  // A billing month sets two filters (its start and end) but is one choice.
  const activeCount = Object.keys(filters).filter((name) => name !== 'period_end').length;

  return (
    <FilterBar label={t('invoices.filters.title')} activeCount={activeCount}>
      <FilterSelect
        label={t('invoices.filters.status')}
        value={filters.status}
        options={INVOICE_STATUS_FILTERS.map((status) => ({ value: status, label: t(`invoices.status.${status}`) }))}
        onChange={(value) => setFilter('status', value)}
      />
      <CustomerPicker
        serviceId={serviceId}
        size="small"
        label={t('invoices.filters.customer')}
        value={customerId ? (customer.data ?? null) : null}
        onChange={handleCustomerChange}
        minWidth={240}
      />
      <DateFilterField kind="month" label={t('invoices.filters.period')} value={period} onChange={handlePeriodChange} />
      <DateFilterField label={t('invoices.filters.issuedFrom')} value={filters.date_from} onChange={(value) => setFilter('date_from', value)} />
      <DateFilterField label={t('invoices.filters.issuedTo')} value={filters.date_to} onChange={(value) => setFilter('date_to', value)} />
      {listState.hasFilters && (
        <Button onClick={listState.clearFilters} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          {t('dataTable.clearFilters')}
        </Button>
      )}
    </FilterBar>
  );
}
