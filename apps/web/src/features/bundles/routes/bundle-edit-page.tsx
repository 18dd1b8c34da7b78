import Stack from '@mui/material/Stack';
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
import { useBundle } from '../api/get-bundle';
import { useDeleteBundle } from '../api/delete-bundle';
import { useUpdateBundle } from '../api/update-bundle';
import { BundleForm, bundleFormValuesOf } from '../components/bundle-form';

/** One bundle: the edit form for admins, the same fields read-only for accountants. */
export function BundleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const bundleId = useIdParam('bundleId');
  const { service } = useSelectedService();
  const serviceId = service?.id ?? 0;
  const bundle = useBundle(service?.id, bundleId);
  const updateBundle = useUpdateBundle(serviceId, bundleId);
  const deleteBundle = useDeleteBundle(serviceId);
  const canUpdate = useCan('update', 'bundle');
  const canDelete = useCan('delete', 'bundle');
  const name = bundle.data?.name ?? t('bundles.singular');

  return (
    <>
      <PageHeader
        title={name}
        subtitle={bundle.data && (bundle.data.is_active ? t('bundles.status.active') : t('bundles.status.inactive'))}
        backTo={paths.bundles}
        breadcrumbs={[{ label: t('bundles.title'), to: paths.bundles }, { label: name }]}
      />
      <RecordState isPending={!service || bundle.isPending} error={bundle.error} onRetry={() => void bundle.refetch()}>
        {bundle.data && (
          <Stack spacing={2}>
            <BundleForm
              key={`${bundle.data.id}-${canUpdate}`}
              defaultValues={bundleFormValuesOf(bundle.data)}
              unit={service?.unit}
              isReadOnly={!canUpdate}
              hasReadView
              submitLabel={t('forms.saveChanges')}
              cancelTo={paths.bundles}
              save={(values) => updateBundle.mutateAsync(values)}
              onSaved={(saved) => showToast(t('bundles.messages.saved', { name: saved.name }), { variant: 'success' })}
            />
          </Stack>
        )}
      </RecordState>
      {canDelete && bundle.data && (
        <DangerZone>
          <DeleteRecordButton
            label={t('bundles.actions.delete')}
            title={t('bundles.delete.title')}
            description={t('bundles.delete.text', { name: bundle.data.name })}
            inUseMessage={t('bundles.delete.inUse')}
            deletedMessage={t('bundles.messages.deleted', { name: bundle.data.name })}
            onDelete={() => deleteBundle.mutateAsync(bundleId)}
            onDeleted={() => void navigate(paths.bundles)}
          />
        </DangerZone>
      )}
    </>
  );
}
