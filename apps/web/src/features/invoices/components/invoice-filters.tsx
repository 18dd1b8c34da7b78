import { INVOICE_STATUS_FILTERS } from '@meterline/contract/list-specs';
import type { Customer } from '@meterline/contract/customers';
import { useTranslation } from 'react-i18next';
import type { ListUrlState } from '../../../shared/hooks/use-list-url-state';
import { monthBounds, monthOfPeriod } from '../../../shared/lib/period';
import { DateFilterField, DateRangeFilter } from '../../../shared/ui/date-filter-field';
import { FILTER_WIDTH, useActiveFilterChip } from '../../../shared/ui/filter-bar';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { useCustomer } from '../../../shared/api/get-customer';
import { CustomerPicker } from './customer-picker';

/** Status (overdue too), customer, billing month and issue dates of the invoice list, all in the URL, in the list's `FilterBar`. */
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
  useActiveFilterChip(t('invoices.filters.customer'), customerId ? (customer.data?.full_name ?? filters.customer) : null, () =>
    setFilter('customer', null),
  );

  return (
    <>
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
        minWidth={FILTER_WIDTH + 44}
      />
      <DateFilterField kind="month" label={t('invoices.filters.period')} value={period} onChange={handlePeriodChange} />
      <DateRangeFilter
        label={t('invoices.filters.issued')}
        fromLabel={t('invoices.filters.issuedFrom')}
        toLabel={t('invoices.filters.issuedTo')}
        from={filters.date_from}
        to={filters.date_to}
        onChange={({ from, to }) => listState.setFilters({ date_from: from, date_to: to })}
      />
    </>
  );
}
