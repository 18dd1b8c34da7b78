import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { hasCounters } from '@meterline/contract/service-names';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { useToast } from '../../../shared/hooks/use-toast';
import { useCan } from '../../../shared/lib/can';
import { DangerZone } from '../../../shared/ui/danger-zone';
import { DeleteRecordButton } from '../../../shared/ui/delete-record-button';
import { PageHeader } from '../../../shared/ui/page-header';
import { RecordState } from '../../../shared/ui/record-state';
import { useDeleteCustomer } from '../api/delete-customer';
import { useCustomer } from '../../../shared/api/get-customer';
import { useUpdateCustomer } from '../api/update-customer';
import { CustomerForm, customerFormValuesOf } from '../components/customer-form';
import { CustomerLedger } from '../components/customer-ledger';
import { customerStatusLabel } from '../components/customer-status-chip';
import { CustomerSummary } from '../components/customer-summary';
import { formatCode } from '../../../shared/lib/format-number';
import { todayIn } from '../../../shared/lib/period';
import { useSession } from '../../../shared/lib/session';

/** The other tabs' tables download when their tab opens; the account (the first tab) and the form come with the page. */
const CustomerReadingsTable = lazy(() =>
  import('../components/customer-readings-table').then((module) => ({ default: module.CustomerReadingsTable })),
);
const CustomerInvoicesTable = lazy(() =>
  import('../components/customer-invoices-table').then((module) => ({ default: module.CustomerInvoicesTable })),
);
const CustomerPaymentsTable = lazy(() =>
  import('../components/customer-payments-table').then((module) => ({ default: module.CustomerPaymentsTable })),
);
const CustomerMessages = lazy(() => import('../components/customer-messages').then((module) => ({ default: module.CustomerMessages })));
const HistoryList = lazy(() => import('../../../shared/ui/history-list').then((module) => ({ default: module.HistoryList })));
const TAB_LOADING = (
  <RecordState isPending error={null} onRetry={() => undefined}>
    {null}
  </RecordState>
);

type TabName = 'account' | 'details' | 'readings' | 'invoices' | 'payments' | 'messages' | 'history';

/** The tabs the role may open: each one only when the rule table lets it list what the tab shows. */
function useCustomerTabs(): { name: TabName; label: string }[] {
  const { t } = useTranslation();
  const canListReadings = useCan('list', 'counter');
  const canListInvoices = useCan('list', 'invoice');
  const canListPayments = useCan('list', 'payment');
  const canListHistory = useCan('list', 'audit');
  const canListMessages = useCan('list', 'customer');
  // The account (ledger) first, for roles that read invoices (docs/accounts.md).
  return [
    ...(canListInvoices ? [{ name: 'account' as const, label: t('account.tab') }] : []),
    { name: 'details', label: t('customers.tabs.details') },
    ...(canListReadings ? [{ name: 'readings' as const, label: t('customers.tabs.readings') }] : []),
    ...(canListInvoices ? [{ name: 'invoices' as const, label: t('customers.tabs.invoices') }] : []),
    ...(canListPayments ? [{ name: 'payments' as const, label: t('customers.tabs.payments') }] : []),
    // What was sent to the customer (docs/notifications.md): the permission of the messages' endpoint.
    ...(canListMessages ? [{ name: 'messages' as const, label: t('messaging.history.tab') }] : []),
    ...(canListHistory ? [{ name: 'history' as const, label: t('history.tab') }] : []),
  ];
}

/**
 * One customer: balance, meter and contact at a glance, then tabs (kept in the URL) for the
 * details (the edit form, or the same fields read-only), the meter's readings, invoices and
 * payments; each tab only for roles whose rule table lets them list it.
 */
export function CustomerEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const customerId = useIdParam('customerId');
  const [searchParams, setSearchParams] = useSearchParams();
  const tabsId = useId();
  const { service } = useSelectedService();
  const serviceId = service?.id ?? 0;
  const { user } = useSession();
  const today = todayIn(user?.tenant?.timezone);
  const customer = useCustomer(service?.id, customerId);
  const updateCustomer = useUpdateCustomer(serviceId, customerId);
  const deleteCustomer = useDeleteCustomer(serviceId);
  const canUpdate = useCan('update', 'customer');
  const canDelete = useCan('delete', 'customer');
  const canCollect = useCan('create', 'payment');
  const canUpdateCounter = useCan('update', 'counter');
  const tabs = useCustomerTabs();
  const requestedTab = searchParams.get('tab');
  const defaultTab = tabs[0]?.name ?? 'details';
  const tab: TabName = tabs.find((item) => item.name === requestedTab)?.name ?? defaultTab;
  const data = customer.data;
  const name = data?.full_name ?? t('customers.singular');
  const readingHref =
    canUpdateCounter && data?.subscription && hasCounters(service)
      ? `${paths.counters}?search=${encodeURIComponent(data.code)}`
      : undefined;

  // A tab of its own in the URL; the lists' page and ordering start over.
  const handleTabChange = (next: TabName) => setSearchParams(next === defaultTab ? {} : { tab: next });

  return (
    <>
      <PageHeader
        title={name}
        subtitle={data && `${formatCode(data.code)} · ${customerStatusLabel(data.status, t)}`}
        backTo={paths.customers}
        breadcrumbs={[{ label: t('customers.title'), to: paths.customers }, { label: name }]}
        actions={
          canCollect &&
          data && (
            <Button
              component={RouterLink}
              to={generatePath(paths.collect, { customerId: String(data.id) })}
              variant="contained"
              startIcon={<PaymentsOutlined />}
            >
              {t('collect.action')}
            </Button>
          )
        }
      />
      <RecordState isPending={!service || customer.isPending} error={customer.error} onRetry={() => void customer.refetch()}>
        {data && (
          <Stack spacing={3}>
            <CustomerSummary customer={data} unit={service?.unit} readingHref={readingHref} />
            <Box>
              <Tabs
                value={tab}
                onChange={(_event, value: TabName) => handleTabChange(value)}
                variant="scrollable"
                allowScrollButtonsMobile
                aria-label={t('customers.tabs.label')}
                sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
              >
                {tabs.map((item) => (
                  <Tab
                    key={item.name}
                    value={item.name}
                    label={item.label}
                    id={`${tabsId}-${item.name}`}
                    aria-controls={`${tabsId}-${item.name}-panel`}
                  />
                ))}
              </Tabs>
              {/* The form stays mounted on other tabs, so unsaved edits survive a look at the invoices. */}
              <div role="tabpanel" id={`${tabsId}-details-panel`} aria-labelledby={`${tabsId}-details`} hidden={tab !== 'details'}>
                <CustomerForm
                  key={`${data.id}-${canUpdate}`}
                  serviceId={serviceId}
                  current={data}
                  defaultValues={customerFormValuesOf(data, today)}
                  isReadOnly={!canUpdate}
                  hasReadView
                  isMetered={service?.is_metered}
                  today={today}
                  submitLabel={t('forms.saveChanges')}
                  cancelTo={paths.customers}
                  save={(values) => updateCustomer.mutateAsync(values)}
                  onSaved={(saved) => showToast(t('customers.messages.saved', { name: saved.full_name }), { variant: 'success' })}
                />
              </div>
              {tab !== 'details' && (
                <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
                  <Suspense fallback={TAB_LOADING}>
                    {tab === 'account' && <CustomerLedger serviceId={serviceId} customer={data} />}
                    {tab === 'readings' &&
                      (data.subscription ? (
                        <CustomerReadingsTable serviceId={serviceId} subscriptionId={data.subscription.id} unit={service?.unit} />
                      ) : (
                        <p>{t('customers.summary.noSubscription')}</p>
                      ))}
                    {tab === 'invoices' && <CustomerInvoicesTable serviceId={serviceId} customerId={customerId} />}
                    {tab === 'payments' && <CustomerPaymentsTable serviceId={serviceId} customerId={customerId} />}
                    {tab === 'messages' && <CustomerMessages serviceId={serviceId} customerId={customerId} />}
                    {tab === 'history' && <HistoryList entity="customer" entityId={customerId} unit={service?.unit} />}
                  </Suspense>
                </div>
              )}
            </Box>
          </Stack>
        )}
      </RecordState>
      {canDelete && data && (
        <DangerZone>
          <DeleteRecordButton
            label={t('customers.actions.delete')}
            title={t('customers.delete.title')}
            description={t('customers.delete.text', { name: data.full_name, code: data.code })}
            inUseMessage={t('customers.delete.inUse')}
            deletedMessage={t('customers.messages.deleted', { name: data.full_name })}
            onDelete={() => deleteCustomer.mutateAsync(customerId)}
            onDeleted={() => void navigate(paths.customers)}
          />
        </DangerZone>
      )}
    </>
  );
}
