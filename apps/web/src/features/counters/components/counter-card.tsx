import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Counter } from '@meterline/contract/subscriptions';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format-date';
import { useSession } from '../../../shared/lib/session';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { counterPlaceOf } from '../../../shared/lib/counter-address';
import { DirectionIcon } from '../../../shared/ui/direction-icon';
import { CodeText } from '../../../shared/ui/code-text';
import { NameText } from '../../../shared/ui/name-text';

/**
 * One meter on a phone, for one thumb in the sun: the place and name large, the last reading
 * larger still, and a chevron that says "tap to read it".
 */
export function CounterCard({ counter, unit }: { counter: Counter; unit?: string }) {
  const { t, i18n } = useTranslation();
  const timeZone = useSession().user?.tenant?.timezone;
  const place = counterPlaceOf(counter, t);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontSize: '1.2rem', fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {counter.customer_name}
        </Typography>
        {place && <Typography sx={{ fontSize: '1rem', fontWeight: 500, overflowWrap: 'anywhere' }}>{place}</Typography>}
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <CodeText value={counter.customer_code} /> · <NameText value={counter.bundle_name} />
        </Typography>
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary" component="span">
            {t('counters.lastReading')}{' '}
          </Typography>
          <Typography component="span" sx={{ fontSize: '1.35rem', fontWeight: 800 }}>
            <DecimalText value={counter.counter} unit={unit} />
          </Typography>
          {counter.counter_updated_at && (
            <Typography variant="body2" color="text.secondary">
              {formatDate(counter.counter_updated_at, i18n.language, timeZone)}
              {counter.counter_updated_by_name && ` · ${counter.counter_updated_by_name}`}
            </Typography>
          )}
        </Box>
      </Box>
      <DirectionIcon towards="forward" aria-hidden sx={{ fontSize: 32, color: 'text.secondary' }} />
    </Stack>
  );
}
