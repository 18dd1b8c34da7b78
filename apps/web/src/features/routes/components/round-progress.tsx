import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RouteProgress } from '@meterline/contract/routes';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/lib/format-number';
import { StatusChip } from '../../../shared/ui/status-chip';

/** "3 of 5 done" (a header: "5 of 20 read, 2 paid") with a bar, and the counts that are not zero as chips (read, paid, absent, ...). */
export function RoundProgress({ progress, isLarge = false }: { progress: RouteProgress; isLarge?: boolean }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatCount(value, i18n.language);
  const percent = progress.customers === 0 ? 100 : Math.round((progress.done / progress.customers) * 100);
  const chips = [
    { value: progress.to_read, key: 'toRead', tone: 'warning' },
    { value: progress.to_collect, key: 'toCollect', tone: 'warning' },
    { value: progress.read, key: 'read', tone: 'success' },
    { value: progress.paid, key: 'paid', tone: 'success' },
    { value: progress.partly_paid, key: 'partlyPaid', tone: 'info' },
    { value: progress.absent, key: 'absent', tone: 'neutral' },
    { value: progress.refused, key: 'refused', tone: 'error' },
  ] as const;
  // The header of a building (or of the whole round) counts the two tasks apart: meters read of
  // those to read this month, and doors that paid today (in full or in part); a card says "done".
  const label = isLarge
    ? t('rounds.progressApart', {
        read: count(progress.read),
        meters: count(progress.read + progress.to_read),
        paid: count(progress.paid + progress.partly_paid),
      })
    : t('rounds.progress', { done: count(progress.done), total: count(progress.customers) });
  return (
    <Box>
      <Typography sx={{ fontWeight: 700, fontSize: isLarge ? '1.15rem' : '1rem' }} data-testid="round-progress">
        {label}
      </Typography>
      {/* A measure, not a loading bar: role meter (screens and tests wait for progress bars to go). */}
      <LinearProgress
        variant="determinate"
        value={percent}
        role="meter"
        aria-label={label}
        sx={{ height: isLarge ? 10 : 8, borderRadius: 4, my: 1 }}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        {chips
          .filter((chip) => chip.value > 0)
          .map((chip) => (
            <StatusChip key={chip.key} tone={chip.tone} label={t(`rounds.counts.${chip.key}`, { value: count(chip.value) })} />
          ))}
      </Stack>
    </Box>
  );
}
