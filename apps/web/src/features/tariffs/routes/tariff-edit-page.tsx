import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { useSelectedService } from '../../../shared/hooks/use-selected-service';
import { useToast } from '../../../shared/hooks/use-toast';
import { useCan } from '../../../shared/lib/can';
import { DangerZone } from '../../../shared/ui/danger-zone';
import { DeleteRecordButton } from '../../../shared/ui/delete-record-button';
import { PageHeader } from '../../../shared/ui/page-header';
import { RecordState } from '../../../shared/ui/record-state';
import { useDeleteTariff } from '../api/delete-tariff';
import { useTariff } from '../api/get-tariff';
import { useUpdateTariff } from '../api/update-tariff';
import { TariffForm, tariffFormValuesOf } from '../components/tariff-form';

/** One tariff: editable by admins until an invoice is priced with it, then read-only for everyone. */
export function TariffEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const tariffId = useIdParam('tariffId');
  const { service } = useSelectedService();
  const serviceId = service?.id ?? 0;
  const tariff = useTariff(service?.id, tariffId);
  const updateTariff = useUpdateTariff(serviceId, tariffId);
  const deleteTariff = useDeleteTariff(serviceId);
  const canUpdate = useCan('update', 'tariff');
  const canDelete = useCan('delete', 'tariff');
  const name = tariff.data?.name ?? t('tariffs.singular');
  const isLocked = Boolean(tariff.data?.is_in_use);

  return (
    <>
      <PageHeader title={name} backTo={paths.tariffs} breadcrumbs={[{ label: t('tariffs.title'), to: paths.tariffs }, { label: name }]} />
      <RecordState isPending={!service || tariff.isPending} error={tariff.error} onRetry={() => void tariff.refetch()}>
        {tariff.data && service && (
          <Stack spacing={2}>
            {isLocked && <Alert severity="info">{t('tariffs.messages.inUse')}</Alert>}
            <TariffForm
              key={`${tariff.data.id}-${canUpdate}-${isLocked}`}
              serviceId={service.id}
              unit={service.unit}
              defaultValues={tariffFormValuesOf(tariff.data)}
              isReadOnly={!canUpdate || isLocked}
              hasReadView
              submitLabel={t('forms.saveChanges')}
              cancelTo={paths.tariffs}
              save={(values) => updateTariff.mutateAsync(values)}
              onSaved={(saved) => showToast(t('tariffs.messages.saved', { name: saved.name }), { variant: 'success' })}
            />
          </Stack>
        )}
      </RecordState>
      {canDelete && tariff.data && !isLocked && (
        <DangerZone>
          <DeleteRecordButton
            label={t('tariffs.actions.delete')}
            title={t('tariffs.delete.title')}
            description={t('tariffs.delete.text', { name: tariff.data.name })}
            inUseMessage={t('tariffs.messages.inUse')}
            inUseCode="tariff_in_use"
            deletedMessage={t('tariffs.messages.deleted', { name: tariff.data.name })}
            onDelete={() => deleteTariff.mutateAsync(tariffId)}
            onDeleted={() => void navigate(paths.tariffs)}
          />
        </DangerZone>
      )}
    </>
  );
}
