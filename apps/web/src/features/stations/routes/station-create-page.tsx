import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useToast } from '../../../shared/hooks/use-toast';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateStation } from '../api/create-station';
import { emptyStationValues, StationForm } from '../components/station-form';

export function StationCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const { service, serviceName } = useSelectedService();
  const createStation = useCreateStation(service?.id ?? 0);

  return (
    <>
      <PageHeader
        title={t('stations.createTitle')}
        subtitle={serviceName}
        backTo={paths.stations}
        breadcrumbs={[{ label: t('stations.title'), to: paths.stations }, { label: t('stations.createTitle') }]}
      />
      {service && (
        <StationForm
          defaultValues={emptyStationValues}
          unit={service.unit}
          isNew
          submitLabel={t('stations.actions.submitCreate')}
          cancelTo={paths.stations}
          save={(values) => createStation.mutateAsync({ ...values, code: values.code || undefined })}
          onSaved={(station) => {
            showToast(t('stations.messages.created', { name: station.name }), { variant: 'success' });
            void navigate(generatePath(paths.stationEdit, { stationId: String(station.id) }));
          }}
        />
      )}
    </>
  );
}
