import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Service } from '@meterline/contract/services';
import { serviceNameIn } from '@meterline/contract/service-names';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { useToast } from '../../../shared/hooks/use-toast';
import { useCan } from '../../../shared/lib/can';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { formatCount } from '../../../shared/lib/format-number';
import { paths } from '../../../shared/lib/paths';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DangerZone } from '../../../shared/ui/danger-zone';
import { DeleteRecordButton } from '../../../shared/ui/delete-record-button';
import { PageHeader } from '../../../shared/ui/page-header';
import { RecordState } from '../../../shared/ui/record-state';
import { useDeleteService } from '../api/delete-service';
import { useService } from '../api/get-service';
import { useUpdateService } from '../../../shared/api/update-service';
import { ServiceStatusChip } from '../components/service-chips';
import { ServiceForm, serviceFormValuesOf } from '../components/service-form';
import { ServiceOrderButtons } from '../components/service-order-buttons';

/** One service: admins rename it, set its unit and billing, move it, disable or enable it, and delete it while it holds nothing. */
export function ServiceEditPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const serviceId = useIdParam('serviceId');
  const service = useService(serviceId);
  const updateService = useUpdateService();
  const deleteService = useDeleteService();
  const canUpdate = useCan('update', 'service');
  const canDelete = useCan('delete', 'service');
  const data = service.data;
  const name = data ? serviceNameIn(data, i18n.language) : t('services.singular');

  return (
    <>
      <PageHeader
        title={<bdi>{name}</bdi>}
        backTo={paths.services}
        breadcrumbs={[{ label: t('services.title'), to: paths.services }, { label: name }]}
        actions={
          // Enabling is the way back, so it is offered first; disabling and deleting sit at the end.
          data &&
          canUpdate &&
          !data.is_active && (
            <ActiveToggle
              service={data}
              name={name}
              onToggle={(isActive) => updateService.mutateAsync({ id: serviceId, input: { is_active: isActive } })}
            />
          )
        }
      />
      <RecordState isPending={service.isPending} error={service.error} onRetry={() => void service.refetch()}>
        {data && (
          <Stack spacing={2}>
            {!data.is_active && <Alert severity="warning">{t('services.messages.inactive')}</Alert>}
            <ServiceForm
              key={`${data.id}-${canUpdate}`}
              defaultValues={serviceFormValuesOf(data)}
              isReadOnly={!canUpdate}
              hasReadView
              submitLabel={t('forms.saveChanges')}
              cancelTo={paths.services}
              save={(values) => updateService.mutateAsync({ id: serviceId, input: values })}
              onSaved={(saved) =>
                showToast(t('services.messages.saved', { name: serviceNameIn(saved, i18n.language) }), { variant: 'success' })
              }
            />
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2" color="text.secondary">
                    {t('services.fields.order')}
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>
                    <bdi>{formatCount(data.position, i18n.language)}</bdi>
                  </Typography>
                  <ServiceStatusChip isActive={data.is_active} />
                </Stack>
                {canUpdate && <ServiceOrderButtons service={data} />}
              </Stack>
            </Paper>
          </Stack>
        )}
      </RecordState>
      {data && ((canUpdate && data.is_active) || canDelete) && (
        <DangerZone>
          {canUpdate && data.is_active && (
            <ActiveToggle
              service={data}
              name={name}
              onToggle={(isActive) => updateService.mutateAsync({ id: serviceId, input: { is_active: isActive } })}
            />
          )}
          {canDelete && (
            <DeleteRecordButton
              label={t('services.actions.delete')}
              title={t('services.delete.title')}
              description={t('services.delete.text', { name })}
              inUseMessage={t('services.messages.inUse')}
              deletedMessage={t('services.messages.deleted', { name })}
              onDelete={() => deleteService.mutateAsync(serviceId)}
              onDeleted={() => void navigate(paths.services)}
            />
          )}
        </DangerZone>
      )}
    </>
  );
}

/** "Disable" asks first (the service leaves the selector and refuses writes); "Enable" is immediate. */
function ActiveToggle({ service, name, onToggle }: { service: Service; name: string; onToggle(isActive: boolean): Promise<unknown> }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);

  const toggle = async (isActive: boolean) => {
    setBusy(true);
    try {
      await onToggle(isActive);
      setOpen(false);
      showToast(t(isActive ? 'services.messages.enabled' : 'services.messages.disabled', { name }), { variant: 'success' });
    } catch (error) {
      showToast(errorMessageOf(error, t), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (!service.is_active) {
    return (
      <Button variant="outlined" startIcon={<CheckCircleOutlineOutlined />} loading={isBusy} onClick={() => void toggle(true)}>
        {t('services.actions.enable')}
      </Button>
    );
  }
  return (
    <>
      <Button variant="outlined" color="warning" startIcon={<BlockOutlined />} onClick={() => setOpen(true)}>
        {t('services.actions.disable')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={t('services.disable.title', { name })}
        description={t('services.disable.text')}
        confirmLabel={t('services.actions.disable')}
        confirmColor="warning"
        isBusy={isBusy}
        onConfirm={() => void toggle(false)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
