import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BILLING_SKIP_REASONS, type BillingSkip, type GenerateInvoicesResult } from '@meterline/contract/invoices';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { localizeMessage } from '../lib/form-errors';
import { formatCount, isolateLtr } from '../lib/format-number';
import { Money } from './money';

/** The error of one meter in a run: its `detail`, else its first field message. */
function runErrorText(detail: string): string {
  try {
    const body = JSON.parse(detail) as Record<string, unknown>;
    if (typeof body.detail === 'string') return body.detail;
    const first = Object.entries(body).find(([key, value]) => key !== 'code' && Array.isArray(value))?.[1] as string[] | undefined;
    return first?.[0] ?? detail;
  } catch {
    return detail;
  }
}

/** The subscriptions a run leaves out, grouped by reason, each group naming its customers. */
export function SkipReasons({ skips }: { skips: BillingSkip[] | undefined }) {
  const { t, i18n } = useTranslation();
  if (!skips?.length) return null;
  const groups = BILLING_SKIP_REASONS.map((reason) => ({ reason, skips: skips.filter((skip) => skip.reason === reason) })).filter(
    (group) => group.skips.length > 0,
  );
  return (
    <Box data-testid="billing-run-skips">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('billingRun.reasons.title')}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
        {groups.map((group) => (
          <li key={group.reason}>
            <Typography variant="body2">
              {t(`billingRun.reasons.${group.reason}`, { value: formatCount(group.skips.length, i18n.language) })}
              {' · '}
              {group.skips.slice(0, 5).map((skip, index) => (
                <span key={skip.subscription}>
                  {index > 0 && t('counters.listSeparator')}
                  <Link component={RouterLink} to={`/customers/${skip.customer}`}>
                    <bdi>{skip.customer_name}</bdi>
                  </Link>
                </span>
              ))}
              {group.skips.length > 5 && '…'}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** What the run bills (or billed) per station: invoices and amount. */
export function StationAmounts({ rows }: { rows: GenerateInvoicesResult['by_station'] }) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Table size="small" aria-label={t('billingRun.byStation.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('billingRun.byStation.station')}</TableCell>
          <TableCell align="right">{t('billingRun.byStation.invoices')}</TableCell>
          <TableCell align="right">{t('billingRun.byStation.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.station ?? 'none'}>
            <TableCell>
              <bdi>{row.station_name ?? t('billingRun.byStation.noStation')}</bdi>
            </TableCell>
            <TableCell align="right">{isolateLtr(formatCount(row.invoices, i18n.language))}</TableCell>
            <TableCell align="right">
              <Money amount={row.amount} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * What a billing run did (its job's result, docs/billing.md "Jobs"): created and their amount per station,
 * skipped and why, errors per meter. Shown by the billing run dialog and by the Jobs page.
 */
export function BillingRunReport({ result, month }: { result: GenerateInvoicesResult; month?: string }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => isolateLtr(formatCount(value, i18n.language));
  const monthLabel = month;
  return (
    <Stack spacing={2}>
      <Alert severity={result.errors.length ? 'warning' : 'success'}>
        {monthLabel
          ? t('billingRun.result.created', { value: count(result.created), month: monthLabel })
          : t('jobs.report.created', { value: count(result.created) })}
      </Alert>
      {result.created > 0 && (
        <Typography>
          {t('billingRun.result.amount')} <Money amount={result.amount} />
        </Typography>
      )}
      <StationAmounts rows={result.by_station} />
      <Typography>{t('billingRun.result.skipped', { value: count(result.skipped) })}</Typography>
      <SkipReasons skips={result.skipped_details} />
      {result.errors.length > 0 && (
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{t('billingRun.result.errors', { value: count(result.errors.length) })}</Typography>
          <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
            {result.errors.map((error) => (
              <li key={error.subscription}>
                <Link component={RouterLink} to={`/customers/${error.customer}`}>
                  {t('billingRun.result.customer', { id: isolateLtr(String(error.customer)) })}
                </Link>
                {': '}
                {localizeMessage(runErrorText(error.detail), t)}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
