import AddOutlined from '@mui/icons-material/AddOutlined';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { tariffListSpec } from '@meterline/contract/list-specs';
import type { Tariff } from '@meterline/contract/tariffs';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { Can } from '../../../shared/lib/can';
import { formatMonth } from '../../../shared/lib/format-date';
import { formatCount } from '../../../shared/lib/format-number';
import { DataTable, WrappingCell } from '../../../shared/ui/data-table';
import { NameText } from '../../../shared/ui/name-text';
import { DateFilterField } from '../../../shared/ui/date-filter-field';
import { PageHeader } from '../../../shared/ui/page-header';
import { StatusChip } from '../../../shared/ui/status-chip';
import { useTariffs } from '../api/get-tariffs';
import { TariffPriceText } from '../components/tariff-price-text';
import { serviceListExport } from '../../../shared/ui/export-csv-button';

/** "October 2026" for a tariff of one month, "September 2026 to August 2027", "From December 2026". */
function useMonthsText() {
  const { t, i18n } = useTranslation();
  return (tariff: Tariff) => {
    const from = formatMonth(tariff.effective_from, i18n.language);
    if (!tariff.effective_to) return t('tariffs.months.from', { from });
    const to = formatMonth(tariff.effective_to, i18n.language);
    return from === to ? from : t('tariffs.months.range', { from, to });
  };
}

/** The service's tariffs, newest first; the month filter shows the tariffs in force then. */
export function TariffListPage() {
  const { t, i18n } = useTranslation();
  const { service, serviceName } = useSelectedService();
  const listState = useListUrlState(tariffListSpec);
  const query = useTariffs(service?.id, listState.query);
  const monthsText = useMonthsText();
  const unit = service?.unit;
  const bundlesText = (tariff: Tariff) =>
    tariff.bundles.length === 0
      ? t('tariffs.allBundles')
      : t('tariffs.someBundles', { value: formatCount(tariff.bundles.length, i18n.language) });

  const columns: GridColDef<Tariff>[] = [
    {
      field: 'name',
      headerName: t('tariffs.fields.name'),
      flex: 1.2,
      minWidth: 170,
      renderCell: ({ row }) => <NameText value={row.name} />,
    },
    // Two months wrap on two lines rather than being cut ("September 2026 to Septembe…").
    {
      field: 'effective_from',
      headerName: t('tariffs.fields.months'),
      flex: 1.2,
      minWidth: 190,
      renderCell: ({ row }) => <WrappingCell>{monthsText(row)}</WrappingCell>,
    },
    {
      field: 'unit_price',
      headerName: t('tariffs.fields.price'),
      flex: 1.6,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => <TariffPriceText tariff={row} unit={unit} />,
    },
    {
      field: 'bundles',
      headerName: t('tariffs.fields.bundles'),
      flex: 0.8,
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => bundlesText(row),
    },
    {
      field: 'is_in_use',
      headerName: t('tariffs.fields.status'),
      flex: 0.7,
      minWidth: 170,
      sortable: false,
      renderCell: ({ row }) => (
        <StatusChip
          label={row.is_in_use ? t('tariffs.status.inUse') : t('tariffs.status.editable')}
          tone={row.is_in_use ? 'info' : 'neutral'}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeaderWithCreate title={t('tariffs.title')} subtitle={serviceName} />
      <DataTable<Tariff>
        label={t('tariffs.title')}
        columns={columns}
        listState={listState}
        query={query}
        errorMessage={t('tariffs.messages.loadFailed')}
        emptyMessage={t('tariffs.messages.empty')}
        orderingFields={tariffListSpec.ordering}
        getRowHref={(row) => generatePath(paths.tariffEdit, { tariffId: String(row.id) })}
        exportCsv={serviceListExport(service?.id, 'tariffs')}
        filters={
          <DateFilterField
            kind="month"
            label={t('tariffs.filters.inForce')}
            value={listState.filters.month}
            onChange={(value) => listState.setFilter('month', value)}
          />
        }
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <NameText value={row.name} />
              </Typography>
              {row.is_in_use && <StatusChip label={t('tariffs.status.inUse')} tone="info" />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {monthsText(row)}
              {t('customers.listSeparator')}
              {bundlesText(row)}
            </Typography>
            <Typography variant="body2">
              <TariffPriceText tariff={row} unit={unit} />
            </Typography>
          </Stack>
        )}
      />
    </>
  );
}

function PageHeaderWithCreate({ title, subtitle }: { title: string; subtitle?: string }) {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={title}
      subtitle={subtitle}
      actions={
        <>
          <Button component={RouterLink} to={paths.exchangeRates} variant="outlined" startIcon={<CurrencyExchangeOutlined />}>
            {t('currencies.exchangeRates.tab')}
          </Button>
          <Can do="create" on="tariff">
            <Button component={RouterLink} to={paths.tariffCreate} variant="contained" startIcon={<AddOutlined />}>
              {t('tariffs.actions.create')}
            </Button>
          </Can>
        </>
      }
    />
  );
}
