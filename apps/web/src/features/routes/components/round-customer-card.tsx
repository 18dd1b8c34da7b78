import DoNotDisturbOutlined from '@mui/icons-material/DoNotDisturbOutlined';
import DoorFrontOutlined from '@mui/icons-material/DoorFrontOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RouteCustomer, VisitOutcome } from '@meterline/contract/routes';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { Money } from '../../../shared/ui/money';
import { StatusChip, type StatusTone } from '../../../shared/ui/status-chip';
import { roundPlaceOf } from './round-place';
import { CodeText } from '../../../shared/ui/code-text';

const OUTCOME_TONES: Record<VisitOutcome, StatusTone> = { absent: 'neutral', refused: 'error', no_access: 'neutral', promised: 'info' };

/** Big targets for one thumb: at least 56 px high; the tasks full width on phones, two per row from `sm`. */
const bigButton = { minHeight: 56, fontSize: '1.05rem', flex: { xs: '1 1 100%', sm: '1 1 40%' } } as const;
/** Absent and refused side by side, even on phones. */
const visitButton = { minHeight: 56, fontSize: '1.05rem', flex: '1 1 40%' } as const;

/**
 * One customer of a building on the round: where, what is left to do (read, collect) and what was
 * done (read, paid, partly paid, absent, refused), with a big button per task.
 */
export function RoundCustomerCard({
  row,
  unit,
  canRead,
  canVisit,
  isBusy,
  onRead,
  onVisit,
}: {
  row: RouteCustomer;
  unit?: string;
  canRead: boolean;
  canVisit: boolean;
  isBusy: boolean;
  onRead(): void;
  onVisit(outcome: VisitOutcome): void;
}) {
  const { t } = useTranslation();
  const place = roundPlaceOf(row, t);
  const chips: { label: string; tone: StatusTone }[] = [];
  if (row.to_read) chips.push({ label: t('rounds.status.toRead'), tone: 'warning' });
  if (row.read) chips.push({ label: t('rounds.status.read'), tone: 'success' });
  if (row.payment === 'paid') chips.push({ label: t('rounds.status.paid'), tone: 'success' });
  if (row.payment === 'partly_paid') chips.push({ label: t('rounds.status.partlyPaid'), tone: 'info' });
  if (row.to_collect) chips.push({ label: t('rounds.status.toCollect'), tone: 'warning' });
  if (row.outcome) chips.push({ label: t(`rounds.outcomes.${row.outcome}`), tone: OUTCOME_TONES[row.outcome] });
  if (row.is_done && !row.outcome) chips.push({ label: t('rounds.status.done'), tone: 'success' });
  const owes = Number(row.balance) > 0;

  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={row.customer_name}
      data-testid={`round-customer-${row.customer}`}
      sx={{ borderColor: row.is_done ? 'success.main' : undefined }}
    >
      <CardContent>
        <Typography component="h2" sx={{ fontSize: '1.25rem', fontWeight: 800, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {row.customer_name}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {place}
          {place && ' · '}
          <CodeText value={row.customer_code} />
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, my: 1 }} data-testid="round-customer-status">
          {chips.map((chip) => (
            <StatusChip key={chip.label} label={chip.label} tone={chip.tone} />
          ))}
        </Stack>
        <Box sx={{ mb: 1.5 }}>
          {row.counter !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('counters.lastReading')} <DecimalText value={row.counter} unit={unit} />
            </Typography>
          )}
          {owes && (
            <Typography sx={{ fontWeight: 700 }}>
              {t('rounds.owes')} <Money amount={row.balance} />
            </Typography>
          )}
          {row.payment && (
            <Typography variant="body2" color="text.secondary">
              {t('rounds.paidToday')} <Money amount={row.paid_today} />
            </Typography>
          )}
          {row.note && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.note}
            </Typography>
          )}
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {canRead && row.subscription !== null && (
            <Button
              variant={row.to_read ? 'contained' : 'outlined'}
              size="large"
              startIcon={<SpeedOutlined />}
              onClick={onRead}
              disabled={isBusy}
              sx={bigButton}
            >
              {t('rounds.actions.read')}
            </Button>
          )}
          {owes && (
            <Button
              component={RouterLink}
              to={`/collect/${row.customer}`}
              variant={row.to_collect ? 'contained' : 'outlined'}
              size="large"
              startIcon={<PaymentsOutlined />}
              sx={bigButton}
            >
              {t('rounds.actions.collect')}
            </Button>
          )}
          {canVisit && (
            <>
              <Button
                variant="outlined"
                color="inherit"
                size="large"
                startIcon={<DoorFrontOutlined />}
                onClick={() => onVisit('absent')}
                disabled={isBusy}
                sx={visitButton}
              >
                {t('rounds.actions.absent')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                size="large"
                startIcon={<DoNotDisturbOutlined />}
                onClick={() => onVisit('refused')}
                disabled={isBusy}
                sx={visitButton}
              >
                {t('rounds.actions.refused')}
              </Button>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
