import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { routeListSpec } from '@meterline/contract/list-specs';
import type { RouteProgress, RouteStop } from '@meterline/contract/routes';
import { roleFlags } from '@meterline/contract/roles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useStaffOptions } from '../../../shared/api/get-staff-options';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { formatDate } from '../../../shared/lib/format-date';
import { useSession } from '../../../shared/lib/session';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { PageHeader } from '../../../shared/ui/page-header';
import { RecordState } from '../../../shared/ui/record-state';
import { useRound } from '../api/get-round';
import { useRoundFieldData } from '../api/get-round-field-data';
import { RoundProgress } from '../components/round-progress';
import { roundSearchOf } from '../components/round-place';
import { DirectionIcon } from '../../../shared/ui/direction-icon';

const EMPTY_PROGRESS: RouteProgress = {
  customers: 0,
  done: 0,
  to_read: 0,
  read: 0,
  to_collect: 0,
  paid: 0,
  partly_paid: 0,
  absent: 0,
  refused: 0,
  amount_due: '0',
};

/** The page's progress: the sum over its buildings. */
function totalOf(stops: RouteStop[]): RouteProgress {
  return stops.reduce<RouteProgress>(
    (sum, stop) => ({
      ...sum,
      customers: sum.customers + stop.progress.customers,
      done: sum.done + stop.progress.done,
      to_read: sum.to_read + stop.progress.to_read,
      read: sum.read + stop.progress.read,
      to_collect: sum.to_collect + stop.progress.to_collect,
      paid: sum.paid + stop.progress.paid,
      partly_paid: sum.partly_paid + stop.progress.partly_paid,
      absent: sum.absent + stop.progress.absent,
      refused: sum.refused + stop.progress.refused,
    }),
    EMPTY_PROGRESS,
  );
}

function StopCard({ stop, href }: { stop: RouteStop; href: string }) {
  const isDone = stop.progress.customers > 0 && stop.progress.done === stop.progress.customers;
  return (
    <Card variant="outlined" sx={{ borderColor: isDone ? 'success.main' : undefined }}>
      <CardActionArea component={RouterLink} to={href} sx={{ minHeight: 72 }}>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography component="h2" sx={{ fontSize: '1.3rem', fontWeight: 800, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
                {stop.building_name}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                {stop.street_name} · {stop.region_name}
              </Typography>
              <RoundProgress progress={stop.progress} />
            </Box>
            <DirectionIcon towards="forward" aria-hidden sx={{ fontSize: 32, color: 'text.secondary' }} />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * A collector's home: today's round, building by building in walking order, each with its
 * progress; tapping one opens its customers. The office picks a collector (`?collector=`).
 */
export function RoundPage() {
  const { t, i18n } = useTranslation();
  const { service, serviceName } = useSelectedService();
  const { user } = useSession();
  const { isCollector } = roleFlags(user?.role);
  const listState = useListUrlState(routeListSpec);
  const collector = listState.filters.collector;
  const date = listState.filters.date;
  const staff = useStaffOptions({ isEnabled: !isCollector });
  const collectors = (staff.data ?? []).filter((option) => option.role === 'collector' && option.isActive);
  const isReady = isCollector || Boolean(collector);
  const query = useRound(service?.id, listState.query, { isEnabled: isReady });
  const stops = query.data?.results ?? [];
  const linkQuery: Record<string, string> = { ...(collector ? { collector } : {}), ...(date ? { date } : {}) };
  // The whole day on the phone: every door of the round opens offline (docs/offline.md).
  useRoundFieldData(service?.id, linkQuery, { isEnabled: isReady });
  const pageCount = query.data ? Math.max(1, Math.ceil(query.data.count / listState.pageSize)) : 1;
  const title = date
    ? t('rounds.titleOn', { date: formatDate(date, i18n.language, 'UTC') })
    : isCollector
      ? t('rounds.title')
      : t('rounds.officeTitle');

  return (
    <>
      <PageHeader title={title} subtitle={service ? t('rounds.subtitle', { service: serviceName }) : undefined} />
      {!isCollector && (
        <Box sx={{ mb: 2 }}>
          <FilterSelect
            label={t('rounds.collector')}
            value={collector}
            options={collectors.map((option) => ({ value: String(option.id), label: option.name }))}
            onChange={(value) => listState.setFilter('collector', value)}
            width={240}
          />
        </Box>
      )}
      {!isReady ? (
        <Alert severity="info">{t('rounds.chooseCollector')}</Alert>
      ) : (
        <RecordState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
          {stops.length === 0 ? (
            <Alert severity="info">{t('rounds.empty')}</Alert>
          ) : (
            <Stack spacing={2}>
              <Card variant="outlined" sx={{ bgcolor: 'action.hover' }}>
                <CardContent>
                  <Typography color="text.secondary" sx={{ mb: 0.5 }}>
                    {t('rounds.buildingsCount', { count: query.data?.count ?? 0 })}
                  </Typography>
                  <RoundProgress progress={totalOf(stops)} isLarge />
                </CardContent>
              </Card>
              <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={title}>
                {stops.map((stop) => (
                  <li key={stop.building}>
                    <StopCard stop={stop} href={`/round/${stop.building}${roundSearchOf(linkQuery)}`} />
                  </li>
                ))}
              </Stack>
              {pageCount > 1 && (
                <Pagination
                  count={pageCount}
                  page={listState.page}
                  onChange={(_event, page) => listState.setPage(page)}
                  sx={{ alignSelf: 'center' }}
                />
              )}
            </Stack>
          )}
        </RecordState>
      )}
    </>
  );
}
