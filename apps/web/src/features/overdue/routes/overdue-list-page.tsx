import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { overdueListSpec } from '@meterline/contract/list-specs';
import type { OverdueCustomer, OverdueTotals, SendRemindersResult } from '@meterline/contract/overdue';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date';
import { formatCount } from '../../../shared/lib/format-number';
import { useCan } from '../../../shared/lib/can';
import { useSession } from '../../../shared/lib/session';
import { DataTable, TotalFigure } from '../../../shared/ui/data-table';
import { moneyColumn, type DataTableColumn } from '../../../shared/ui/grid-columns';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { Money } from '../../../shared/ui/money';
import { NumberText } from '../../../shared/ui/number-text';
import { PageHeader } from '../../../shared/ui/page-header';
import { useOverdue } from '../api/get-overdue';
import { RemindDialog } from '../components/remind-dialog';
import { OverdueRowActions } from '../components/overdue-row-actions';
import { OverdueHeaderActions } from '../components/overdue-header-actions';
import { CodeText } from '../../../shared/ui/code-text';
import { KeptDialog } from '../../../shared/ui/kept-dialog';
import { serviceListExport } from '../../../shared/ui/export-csv-button';

/** The payment form (zod, react-hook-form) and the print dialog download when opened, not with the list. */
const PayAccountDialog = lazy(() =>
  import('../../../shared/ui/pay-account-dialog').then((module) => ({ default: module.PayAccountDialog })),
);
const DisconnectionListDialog = lazy(() =>
  import('../components/disconnection-list-dialog').then((module) => ({ default: module.DisconnectionListDialog })),
);

type OverdueRow = OverdueCustomer & { id: number };

const MIN_DAYS_OPTIONS = ['30', '60', '90'] as const;

/**
 * `/overdue`: whom to chase, the longest overdue first; "at least N days" filters the list. The
 * office ticks customers and sends them a reminder; anyone may print the disconnection list.
 */
export function OverdueListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const timeZone = useSession().user?.tenant?.timezone;
  const { service, serviceName } = useSelectedService();
  const listState = useListUrlState(overdueListSpec);
  // The totals line: what every customer the filters keep owes, not only the page's (docs/accounts.md).
  const query = useOverdue(service?.id, { ...listState.query, totals: 'true' });
  const canRemind = useCan('create', 'reminder');
  const [selected, setSelected] = useState<number[]>([]);
  // The customers a reminder goes to: the ticked ones (the header's button) or one row's (its menu).
  const [remindTargets, setRemindTargets] = useState<number[] | null>(null);
  // The customer whose account a row's menu pays.
  const [payingCustomer, setPayingCustomer] = useState<number | null>(null);
  const [isPrintOpen, setPrintOpen] = useState(false);
  const [lastResult, setLastResult] = useState<SendRemindersResult | null>(null);
  const namesById = new Map((query.data?.results ?? []).map((row) => [row.customer, row.customer_name]));
  const skipped = lastResult?.results.filter((result) => result.status === 'skipped') ?? [];

  const columns: DataTableColumn<OverdueRow>[] = [
    {
      field: 'customer_name',
      headerName: t('overdue.fields.customer'),
      flex: 1.4,
      // With the row actions the list fits 1366 px beside the menu (e2e/tables-fit.spec.ts).
      minWidth: 130,
      renderCell: ({ row }) => <bdi>{row.customer_name}</bdi>,
    },
    {
      field: 'phone',
      headerName: t('overdue.fields.phone'),
      flex: 1,
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <CodeText value={row.phone} />
        </span>
      ),
    },
    {
      field: 'days_overdue',
      headerName: t('overdue.fields.daysOverdue'),
      flex: 0.8,
      minWidth: 110,
      renderCell: ({ row }) => <NumberText value={row.days_overdue} />,
    },
    {
      field: 'oldest_due_on',
      headerName: t('overdue.fields.oldestDueOn'),
      flex: 0.9,
      minWidth: 130,
      valueFormatter: (value: string) => formatDate(value, language),
    },
    {
      field: 'overdue_invoices',
      headerName: t('overdue.fields.invoices'),
      flex: 0.6,
      minWidth: 85,
      renderCell: ({ row }) => <NumberText value={row.overdue_invoices} />,
    },
    moneyColumn('overdue_amount', t('overdue.fields.amount'), (row) => row.overdue_amount, { flex: 0.9, minWidth: 130 }),
    {
      field: 'last_payment_at',
      headerName: t('overdue.fields.lastPayment'),
      flex: 1,
      minWidth: 120,
      // The day is enough to chase a customer; the list must fit 1440 px beside the menu.
      valueFormatter: (value: string | null) => (value ? formatDate(value, language, timeZone) : t('overdue.never')),
    },
    {
      field: 'last_reminder_at',
      headerName: t('overdue.fields.lastReminder'),
      flex: 1,
      minWidth: 120,
      // The day is enough to chase a customer; the list must fit 1440 px beside the menu.
      valueFormatter: (value: string | null) => (value ? formatDate(value, language, timeZone) : t('overdue.never')),
    },
    {
      field: 'actions',
      headerName: '',
      width: 48,
      sortable: false,
      hideable: false,
      align: 'center',
      renderCell: ({ row }) => <OverdueRowActions row={row} onPay={setPayingCustomer} onRemind={(id) => setRemindTargets([id])} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('overdue.title')}
        subtitle={serviceName}
        actions={
          <OverdueHeaderActions
            serviceId={service?.id}
            selected={selected}
            onRemind={() => setRemindTargets(selected)}
            onPrint={() => setPrintOpen(true)}
            onNoticesSent={() => setSelected([])}
          />
        }
      />
      {canRemind && selected.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {t('overdue.selected', { number: formatCount(selected.length, language) })}
          </Typography>
          <Button size="small" onClick={() => setSelected([])}>
            {t('overdue.clearSelection')}
          </Button>
        </Stack>
      )}
      {skipped.length > 0 && (
        <Alert severity="info" onClose={() => setLastResult(null)} sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('overdue.remind.skippedTitle')}
          </Typography>
          <Stack component="ul" spacing={0.25} sx={{ m: 0, pl: 2.5 }}>
            {skipped.map((result) => (
              <li key={result.customer}>
                <bdi>{namesById.get(result.customer) ?? `#${result.customer}`}</bdi>:{' '}
                {result.reason ? t(`overdue.remind.reasons.${result.reason}`) : ''}
              </li>
            ))}
          </Stack>
        </Alert>
      )}
      <DataTable<OverdueRow>
        label={t('overdue.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('overdue.messages.loadFailed')}
        emptyMessage={t('overdue.messages.empty')}
        orderingFields={overdueListSpec.ordering}
        getRowHref={(row) => generatePath(paths.customerEdit, { customerId: String(row.customer) })}
        exportCsv={serviceListExport(service?.id, 'overdue')}
        selection={
          canRemind
            ? {
                selected,
                onChange: (ids) => setSelected(ids.map(Number)),
                labelOf: (row) => t('overdue.select', { name: row.customer_name }),
              }
            : undefined
        }
        filters={
          <FilterSelect
            label={t('overdue.filters.minDays')}
            value={listState.filters.min_days}
            options={MIN_DAYS_OPTIONS.map((days) => ({ value: days, label: t('overdue.filters.atLeast', { count: Number(days) }) }))}
            onChange={(value) => listState.setFilter('min_days', value)}
          />
        }
        totals={query.data?.totals && <OverdueTotalsLine totals={query.data.totals} />}
        renderCardActions={(row) => <OverdueRowActions row={row} onPay={setPayingCustomer} onRemind={(id) => setRemindTargets([id])} />}
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <bdi>{row.customer_name}</bdi>
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>
                <Money amount={row.overdue_amount} />
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('overdue.card', { days: formatCount(row.days_overdue, language), invoices: formatCount(row.overdue_invoices, language) })}
              {row.phone && (
                <>
                  {' · '}
                  <CodeText value={row.phone} />
                </>
              )}
            </Typography>
            {row.last_reminder_at && (
              <Typography variant="body2" color="text.secondary">
                {t('overdue.fields.lastReminder')}: {formatDateTime(row.last_reminder_at, language, timeZone)}
              </Typography>
            )}
          </Stack>
        )}
      />
      {service && (
        <RemindDialog
          isOpen={remindTargets !== null}
          serviceId={service.id}
          customers={remindTargets ?? []}
          onSent={(result) => {
            setLastResult(result);
            // A reminder from the ticked customers clears the ticks; one row's leaves them.
            if (remindTargets === selected) setSelected([]);
            setRemindTargets(null);
          }}
          onClose={() => setRemindTargets(null)}
        />
      )}
      {/* Downloaded when first opened, kept until faded out (KeptDialog). */}
      <KeptDialog value={service && payingCustomer}>
        {(customer, isOpen) => (
          <PayAccountDialog isOpen={isOpen} serviceId={service!.id} customer={{ id: customer }} onClose={() => setPayingCustomer(null)} />
        )}
      </KeptDialog>
      {service && isPrintOpen && (
        <Suspense fallback={null}>
          <DisconnectionListDialog
            isOpen
            serviceId={service.id}
            initialMinDays={listState.filters.min_days}
            filters={{ station: listState.filters.station, region: listState.filters.region }}
            onClose={() => setPrintOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/** Under the rows: what every customer the filters keep owes on their overdue invoices, and how many invoices. */
function OverdueTotalsLine({ totals }: { totals: OverdueTotals }) {
  const { t } = useTranslation();
  return (
    <>
      <TotalFigure label={t('overdue.totals.amount')}>
        <Money amount={totals.overdue_amount} />
      </TotalFigure>
      <TotalFigure label={t('overdue.totals.invoices')}>
        <NumberText value={totals.overdue_invoices} />
      </TotalFigure>
    </>
  );
}
