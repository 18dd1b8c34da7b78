import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Customer } from '@meterline/contract/customers';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { useFormatMoney } from '../../../shared/ui/money';
import { formatName, isolateLtr } from '../../../shared/lib/format-number';
import { BalanceText } from './balance-text';
import { customerAddressOf } from './customer-address';
import { CodeText } from '../../../shared/ui/code-text';

function SummaryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Balance, meter and contact at a glance, above the tabs. */
// "Customer's bill link": its own chunk, downloaded after the page (the customer page's JavaScript budget).
const CustomerBillLink = lazy(() => import('./customer-bill-link').then((module) => ({ default: module.CustomerBillLink })));

export function CustomerSummary({ customer, unit, readingHref }: { customer: Customer; unit?: string; readingHref?: string }) {
  const { t, i18n } = useTranslation();
  const formatMoney = useFormatMoney();
  const balance = Number(customer.balance);
  const hasCredit = Number(customer.credit) > 0;
  const balanceNote =
    balance > 0 ? t('customers.summary.owes') : balance < 0 ? t('customers.summary.credit') : t('customers.summary.settled');
  const address = customerAddressOf(customer, t);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <SummaryCard title={t('customers.fields.balance')}>
        <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, color: balance > 0 ? 'error.main' : 'text.primary' }}>
          <BalanceText amount={customer.balance} />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {balanceNote}
        </Typography>
        {hasCredit && (
          <Typography variant="body2" color="success.main">
            {t('customers.summary.creditHeld', { amount: isolateLtr(formatMoney(customer.credit)) })}
          </Typography>
        )}
      </SummaryCard>
      <SummaryCard title={t('customers.summary.meter')}>
        {customer.subscription ? (
          <>
            <Typography sx={{ fontSize: '1.75rem', fontWeight: 700 }}>
              <DecimalText value={customer.subscription.counter} unit={unit} />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('customers.summary.bundle', { bundle: formatName(customer.subscription.bundle_name, i18n.language) })}
            </Typography>
            {readingHref && (
              <Button component={RouterLink} to={readingHref} size="small" startIcon={<SpeedOutlined />} sx={{ mt: 1, ml: -0.5 }}>
                {t('customers.actions.recordReading')}
              </Button>
            )}
          </>
        ) : (
          <Typography sx={{ mt: 1 }}>{t('customers.summary.noSubscription')}</Typography>
        )}
      </SummaryCard>
      <SummaryCard title={t('customers.summary.contact')}>
        {customer.phone && (
          <Typography sx={{ mt: 0.5 }}>
            <Link href={`tel:${customer.phone}`} underline="hover">
              <CodeText value={customer.phone} />
            </Link>
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {address || t('customers.summary.noAddress')}
        </Typography>
        {customer.station_name && (
          <Typography variant="body2" color="text.secondary">
            {t('customers.summary.station', { station: customer.station_name })}
          </Typography>
        )}
      </SummaryCard>
      {customer.public_url && (
        <Suspense fallback={null}>
          <CustomerBillLink customerId={customer.id} url={customer.public_url} />
        </Suspense>
      )}
    </Box>
  );
}
