import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import type { VisitOutcome } from '@meterline/contract/routes';
import type { Subscription } from '@meterline/contract/subscriptions';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useToast } from '../../../shared/hooks/use-toast';
import { useCan } from '../../../shared/lib/can';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { RecordState } from '../../../shared/ui/record-state';
import { buildingCountersQuery, useCounters } from '../../../shared/api/get-counters';
import { useSaveReading } from '../../../shared/offline/use-save-reading';
import { MeterSheet } from '../../../shared/ui/meter-sheet';
import { RecordReadingForm } from '../../../shared/ui/record-reading-form';
import { useRoundBuilding } from '../api/get-round-building';
import { useRoundFieldData } from '../api/get-round-field-data';
import { useDoorReading } from '../components/use-door-reading';
import { useRecordVisit } from '../api/record-visit';
import { RoundCustomerCard } from '../components/round-customer-card';
import { RoundProgress } from '../components/round-progress';
import { roundQueryOf, roundSearchOf } from '../components/round-place';
import { routeKeys } from '../../../shared/api/query-keys';

/**
 * One building of the round: its customers floor by floor, each with big targets: read the meter
 * (the counters screen's reading form, in the same bottom sheet), collect (the collect screen),
 * absent, refused. The progress above updates after each.
 */
export function RoundBuildingPage() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const { service } = useSelectedService();
  const serviceId = service?.id ?? 0;
  const unit = service?.unit;
  const buildingId = useIdParam('buildingId');
  const [searchParams] = useSearchParams();
  const roundQuery = roundQueryOf(searchParams);
  const query = useRoundBuilding(service?.id, buildingId, roundQuery);
  const building = query.data;
  const canRead = useCan('update', 'counter');
  const canVisit = useCan('create', 'route');
  // The meters of the building, for the reading form (the counters screen's own data).
  const counters = useCounters(canRead ? service?.id : undefined, buildingCountersQuery(buildingId));
  const { saveReading, isSaving: isSavingReading, announceSaved } = useSaveReading(serviceId, unit ?? '');
  const recordVisit = useRecordVisit(serviceId);
  const [meterId, setMeterId] = useState<number | null>(null);
  const meter = meterId === null ? null : (counters.data?.results.find((row) => row.id === meterId) ?? null);
  const backTo = `/round${roundSearchOf(roundQuery)}`;
  useRoundFieldData(service?.id, roundQuery);
  const doorReading = useDoorReading({ serviceId, building, roundQuery, meters: counters.data?.results, openMeter: setMeterId });
  const afterReading = (subscription: Subscription | null) => {
    if (!meter) return;
    doorReading.markRead(meter, subscription);
    void queryClient.invalidateQueries({ queryKey: routeKeys.all(serviceId) });
    announceSaved(meter, subscription);
  };

  const visit = async (customer: number, name: string, outcome: VisitOutcome) => {
    try {
      await recordVisit.mutateAsync({ customer, outcome });
      showToast(t('rounds.messages.visitSaved', { name, outcome: t(`rounds.outcomes.${outcome}`) }), { variant: 'success' });
    } catch (error) {
      showToast(errorMessageOf(error, t, t('rounds.messages.visitFailed')), { variant: 'error' });
    }
  };

  return (
    <>
      <PageHeader
        title={building?.building_name ?? t('rounds.title')}
        subtitle={building ? `${building.street_name} · ${building.region_name}` : undefined}
        backTo={backTo}
        breadcrumbs={[{ label: t('rounds.title'), to: backTo }, { label: building?.building_name ?? '' }]}
      />
      <RecordState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {building && (
          <Stack spacing={2}>
            <Card variant="outlined" sx={{ bgcolor: 'action.hover' }}>
              <CardContent>
                <RoundProgress progress={building.progress} isLarge />
              </CardContent>
            </Card>
            {building.customers.length === 0 && <Alert severity="info">{t('rounds.noCustomers')}</Alert>}
            {building.customers.map((row) => (
              <RoundCustomerCard
                key={row.customer}
                row={row}
                unit={unit}
                canRead={canRead && counters.data?.results.some((counter) => counter.id === row.subscription) === true}
                canVisit={canVisit}
                isBusy={recordVisit.isPending}
                onRead={() => setMeterId(row.subscription)}
                onVisit={(outcome) => void visit(row.customer, row.customer_name, outcome)}
              />
            ))}
          </Stack>
        )}
      </RecordState>
      <MeterSheet isOpen={Boolean(meter)} meter={meter} onClose={() => setMeterId(null)} isBusy={isSavingReading}>
        {meter && (
          <RecordReadingForm
            key={`reading-${meter.id}`}
            counter={meter}
            unit={unit}
            canReset={false}
            save={(input) => saveReading(meter, input)}
            onSaved={(subscription) => {
              afterReading(subscription);
              setMeterId(null);
            }}
            onSavedNext={(subscription) => {
              afterReading(subscription);
              doorReading.goOn(meter);
            }}
            onClose={() => setMeterId(null)}
            onResetClick={() => undefined}
          />
        )}
      </MeterSheet>
    </>
  );
}
