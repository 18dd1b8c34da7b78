import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PowerOutlined from '@mui/icons-material/PowerOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { rateSides } from '@meterline/contract/currency-payments';
import type { KpiSummary } from '@meterline/contract/statistics';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { listHref, paths } from '../../../shared/lib/paths';
import { useSession } from '../../../shared/lib/session';
import { formatMonth } from '../../../shared/lib/format-date';
import { formatCount, formatDecimal } from '../../../shared/lib/format-number';
import { Money } from '../../../shared/ui/money';
import { NumberText } from '../../../shared/ui/number-text';
import type { DashboardPeriod, DateRange } from '../lib/periods';
import { RetryAlert } from '../../../shared/ui/record-state';

/** A figure that opens the list it counts, filtered the same way. */
function KpiCard({
  label,
  value,
  second,
  Icon,
  color,
  to,
}: {
  label: string;
  value: ReactNode;
  second?: ReactNode;
  Icon: ComponentType<SvgIconProps>;
  color: string;
  to: string;
}) {
  return (
    <Paper variant="outlined" sx={{ minWidth: 0, display: 'flex' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ ...CARD_AREA_SX, borderRadius: 'inherit' }}>
        {/* Phones show two cards a row: the icon gives way to the figure. */}
        <Box sx={{ ...ICON_SX, bgcolor: `${color}.main`, color: `${color}.contrastText` }}>
          <Icon aria-hidden />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          {/* Never truncated: a cut amount is a wrong amount. */}
          <Typography sx={VALUE_SX}>{value}</Typography>
          {second && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {second}
            </Typography>
          )}
        </Box>
      </CardActionArea>
    </Paper>
  );
}

/** A card's room, shared by the card and its skeleton so that both take the same height. */
const CARD_AREA_SX = {
  p: { xs: 1.75, sm: 2.5 },
  display: 'flex',
  gap: 2,
  alignItems: 'center',
  justifyContent: 'flex-start',
  minWidth: 0,
} as const;
const ICON_SX = {
  width: 48,
  height: 48,
  borderRadius: 1.5,
  display: { xs: 'none', sm: 'grid' },
  placeItems: 'center',
  flexShrink: 0,
} as const;
const VALUE_SX = { fontSize: { xs: 17, sm: 22 }, fontWeight: 700, overflowWrap: 'anywhere' } as const;

/**
 * A card while the figures load, in the card's own shape (paddings, icon, label, figure and, for a
 * tenant with a second currency, its line), so the cards and the charts under them do not move when
 * the figures come.
 */
function KpiCardSkeleton({ hasSecond }: { hasSecond: boolean }) {
  return (
    <Paper variant="outlined" sx={{ minWidth: 0, display: 'flex' }}>
      <Box sx={{ ...CARD_AREA_SX, width: '100%' }}>
        <Skeleton variant="rounded" sx={ICON_SX} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2">
            <Skeleton width="70%" />
          </Typography>
          <Typography sx={VALUE_SX}>
            <Skeleton width="45%" />
          </Typography>
          {hasSecond && (
            <Typography variant="body2">
              <Skeleton width="55%" />
            </Typography>
          )}
        </Box>
      </Box>
    </Paper>
  );
}

const GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** The figure in the second currency at the month's rate ("≈ 1,651,000 LBP"), or nothing without one. */
function secondOf(data: KpiSummary, amount: string | null): ReactNode {
  if (!data.second_currency || amount === null) return undefined;
  return <SecondAmount amount={amount} currency={data.second_currency} />;
}

function SecondAmount({ amount, currency }: { amount: string; currency: string }) {
  const { t } = useTranslation();
  return (
    <>
      {t('dashboard.kpi.inSecond')} <Money amount={amount} currency={currency} />
    </>
  );
}

/** "Amounts in LBP at the rate of November 2026: 1 USD = 89,500 LBP." */
function RateNote({ data }: { data: KpiSummary }) {
  const { t, i18n } = useTranslation();
  if (!data.second_currency || !data.exchange_rate || !data.exchange_rate_month) return null;
  const sides = rateSides(data.currency, data.second_currency, data.exchange_rate_base);
  // Isolated left to right (U+2066 … U+2069), so "1 USD = 89,500 LBP" reads the same inside an Arabic sentence.
  const rate = `\u2066${formatCount(1, i18n.language)} ${sides.base} = ${formatDecimal(data.exchange_rate, i18n.language, 6)} ${sides.quote}\u2069`;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
      {t('dashboard.kpi.rateNote', { currency: data.second_currency, month: formatMonth(data.exchange_rate_month, i18n.language), rate })}
    </Typography>
  );
}

/** Where each card leads: the list of what it counts, with the period's dates where the figure has them. */
export function kpiLinks(range: DateRange) {
  return {
    customers: paths.customers,
    activeSubscriptions: listHref(paths.customers, { status: 'active' }),
    invoiced: listHref(paths.invoices, { ...range }),
    collected: listHref(paths.payments, { ...range }),
    outstanding: listHref(paths.customers, { balance_due: 'true' }),
    overdue: listHref(paths.invoices, { status: 'overdue' }),
  };
}

export function KpiCards({
  data,
  period,
  range,
  isLoading,
  isError,
  onRetry,
}: {
  data: KpiSummary | undefined;
  period: DashboardPeriod;
  range: DateRange;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const hasSecondCurrency = Boolean(useSession().user?.tenant?.second_currency);
  const links = kpiLinks(range);
  const inMonth = period === 'month';
  if (isError) return <RetryAlert onRetry={onRetry}>{t('dashboard.error')}</RetryAlert>;
  if (isLoading || !data)
    return (
      <>
        <Box sx={GRID_SX} role="progressbar" aria-label={t('app.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            <KpiCardSkeleton key={index} hasSecond={hasSecondCurrency && index >= 2 && index <= 4} />
          ))}
        </Box>
        {/* The rate's note under the cards (RateNote): its line is kept too. */}
        {hasSecondCurrency && (
          <Typography variant="caption" component="p" sx={{ mt: 1 }}>
            <Skeleton width="40%" />
          </Typography>
        )}
      </>
    );
  return (
    <>
      <Box sx={GRID_SX}>
        <KpiCard
          to={links.customers}
          label={t('dashboard.kpi.customers')}
          value={<NumberText value={data.customers} />}
          Icon={PeopleAltOutlined}
          color="primary"
        />
        <KpiCard
          to={links.activeSubscriptions}
          label={t('dashboard.kpi.activeSubscriptions')}
          value={<NumberText value={data.active_subscriptions} />}
          Icon={PowerOutlined}
          color="secondary"
        />
        <KpiCard
          to={links.invoiced}
          label={t(inMonth ? 'dashboard.kpi.invoicedThisMonth' : 'dashboard.kpi.invoicedInPeriod')}
          value={<Money amount={data.invoiced_this_month} currency={data.currency} />}
          second={secondOf(data, data.invoiced_this_month_second)}
          Icon={ReceiptLongOutlined}
          color="info"
        />
        <KpiCard
          to={links.collected}
          label={t(inMonth ? 'dashboard.kpi.collectedThisMonth' : 'dashboard.kpi.collectedInPeriod')}
          value={<Money amount={data.collected_this_month} currency={data.currency} />}
          second={secondOf(data, data.collected_this_month_second)}
          Icon={SavingsOutlined}
          color="success"
        />
        <KpiCard
          to={links.outstanding}
          label={t('dashboard.kpi.outstandingBalance')}
          value={<Money amount={data.outstanding_balance} currency={data.currency} />}
          second={secondOf(data, data.outstanding_balance_second)}
          Icon={AccountBalanceOutlined}
          color="warning"
        />
        <KpiCard
          to={links.overdue}
          label={t('dashboard.kpi.overdueInvoices')}
          value={<NumberText value={data.overdue_invoices} />}
          Icon={EventBusyOutlined}
          color="error"
        />
      </Box>
      <RateNote data={data} />
    </>
  );
}
