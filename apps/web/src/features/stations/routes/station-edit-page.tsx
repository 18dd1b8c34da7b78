import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { useToast } from '../../../shared/hooks/use-toast';
import { useCan } from '../../../shared/lib/can';
import { DangerZone } from '../../../shared/ui/danger-zone';
import { DeleteRecordButton } from '../../../shared/ui/delete-record-button';
import { PageHeader } from '../../../shared/ui/page-header';
import { RecordState } from '../../../shared/ui/record-state';
import { useDeleteStation } from '../api/delete-station';
import { useStation } from '../api/get-station';
import { useUpdateStation } from '../api/update-station';
import { StationForm, stationFormValuesOf } from '../components/station-form';
import { stationStatusLabel } from '../components/station-status-chip';
import { formatCode } from '../../../shared/lib/format-number';

/** One station: the edit form for admins, the same fields read-only for accountants. */
export function StationEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const stationId = useIdParam('stationId');
  const { service } = useSelectedService();
  const serviceId = service?.id ?? 0;
  const station = useStation(service?.id, stationId);
  const updateStation = useUpdateStation(serviceId, stationId);
  const deleteStation = useDeleteStation(serviceId);
  const canUpdate = useCan('update', 'station');
  const canDelete = useCan('delete', 'station');
  const name = station.data?.name ?? t('stations.singular');

  return (
    <>
      <PageHeader
        title={name}
        subtitle={station.data && `${formatCode(station.data.code)} · ${stationStatusLabel(station.data.status, t)}`}
        backTo={paths.stations}
        breadcrumbs={[{ label: t('stations.title'), to: paths.stations }, { label: name }]}
      />
      <RecordState isPending={!service || station.isPending} error={station.error} onRetry={() => void station.refetch()}>
        {station.data && (
          <StationForm
            key={`${station.data.id}-${canUpdate}`}
            defaultValues={stationFormValuesOf(station.data)}
            unit={service?.unit}
            isReadOnly={!canUpdate}
            hasReadView
            submitLabel={t('forms.saveChanges')}
            cancelTo={paths.stations}
            save={(values) => updateStation.mutateAsync(values)}
            onSaved={(saved) => showToast(t('stations.messages.saved', { name: saved.name }), { variant: 'success' })}
          />
        )}
      </RecordState>
      {canDelete && station.data && (
        <DangerZone>
          <DeleteRecordButton
            label={t('stations.actions.delete')}
            title={t('stations.delete.title')}
            description={t('stations.delete.text', { name: station.data.name })}
            inUseMessage={t('stations.delete.inUse')}
            deletedMessage={t('stations.messages.deleted', { name: station.data.name })}
            onDelete={() => deleteStation.mutateAsync(stationId)}
            onDeleted={() => void navigate(paths.stations)}
          />
        </DangerZone>
      )}
    </>
  );
}
