import BlockOutlined from '@mui/icons-material/BlockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Tenant } from '@meterline/contract/tenants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { useToast } from '../../../shared/hooks/use-toast';
import { Can } from '../../../shared/lib/can';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { RecordState } from '../../../shared/ui/record-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useBlockTenant } from '../api/block-tenant';
import { useTenant } from '../api/get-tenant';
import { useUnblockTenant } from '../api/unblock-tenant';
import { useUpdateTenant } from '../api/update-tenant';
import { TenantForm } from '../components/tenant-form';
import { TenantStatusChip } from '../components/tenant-status-chip';

/** Edit a client; block or unblock it after a confirmation (the answer replaces the stored client). */
export function TenantEditPage() {
  const { t } = useTranslation();
  const tenantId = useIdParam('tenantId');
  const tenant = useTenant(tenantId);
  const updateTenant = useUpdateTenant(tenantId);
  const { showToast } = useToast();

  const title = tenant.data?.name ?? t('tenants.edit');
  return (
    <>
      <PageHeader
        title={title}
        subtitle={tenant.data && <TenantStatusChip isBlocked={tenant.data.is_blocked} />}
        backTo="/tenants"
        breadcrumbs={[{ label: t('tenants.title'), to: '/tenants' }, { label: title }]}
        actions={
          tenant.data && (
            <>
              <Button component={RouterLink} to={`/tenants/${tenantId}/users`} variant="outlined" startIcon={<PeopleOutlined />}>
                {t('tenants.actions.users')} (<bdi dir="ltr">{tenant.data.users_count}</bdi>)
              </Button>
              <Can do="update" on="tenants">
                <BlockToggle tenant={tenant.data} />
              </Can>
            </>
          )
        }
      />
      <RecordState
        isMissing={tenantId === 0}
        isPending={!tenant.data}
        error={tenant.error}
        failedMessage={t('tenants.failedOne')}
        rows={6}
        onRetry={() => void tenant.refetch()}
      >
        {tenant.data && (
          <Stack spacing={2}>
            {tenant.data.is_blocked && <Alert severity="warning">{t('tenants.blockedNotice')}</Alert>}
            <TenantForm
              key={tenant.data.id}
              tenant={tenant.data}
              onSubmit={(values) => updateTenant.mutateAsync(values)}
              onSaved={() => showToast(t('tenants.saved'), { variant: 'success' })}
            />
          </Stack>
        )}
      </RecordState>
    </>
  );
}

function BlockToggle({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [isOpen, setOpen] = useState(false);
  const blockTenant = useBlockTenant();
  const unblockTenant = useUnblockTenant();
  const mutation = tenant.is_blocked ? unblockTenant : blockTenant;
  const key = tenant.is_blocked ? 'unblock' : 'block';

  const handleConfirm = async () => {
    try {
      const updated = await mutation.mutateAsync(tenant.id);
      showToast(t(`tenants.${key}.done`, { name: updated.name }), { variant: 'success' });
    } catch (error) {
      showToast(errorMessageOf(error, t), { variant: 'error' });
    } finally {
      setOpen(false);
    }
  };

  return (
    <>
      <Button
        variant={tenant.is_blocked ? 'contained' : 'outlined'}
        color={tenant.is_blocked ? 'primary' : 'error'}
        startIcon={tenant.is_blocked ? <LockOpenOutlined /> : <BlockOutlined />}
        onClick={() => setOpen(true)}
      >
        {tenant.is_blocked ? t('tenants.actions.unblock') : t('tenants.actions.block')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={t(`tenants.${key}.title`, { name: tenant.name })}
        description={tenant.is_blocked ? t('tenants.unblock.text') : t('tenants.block.text', { count: tenant.users_count })}
        confirmLabel={tenant.is_blocked ? t('tenants.actions.unblock') : t('tenants.actions.block')}
        confirmColor={tenant.is_blocked ? 'primary' : 'error'}
        isBusy={mutation.isPending}
        onConfirm={() => void handleConfirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
