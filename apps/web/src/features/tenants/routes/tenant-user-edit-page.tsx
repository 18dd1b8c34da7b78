import type { UpdateUserInput } from '@meterline/contract/users';
import { useTranslation } from 'react-i18next';
import { fullNameOf } from '../../../shared/lib/avatar';
import { useRoles } from '../../../shared/api/get-roles';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { useToast } from '../../../shared/hooks/use-toast';
import { Can } from '../../../shared/lib/can';
import { RecordState } from '../../../shared/ui/record-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { ResetPasswordButton } from '../../../shared/ui/reset-password-button';
import { UserForm } from '../../../shared/ui/user-form';
import { UserStatusChip } from '../../../shared/ui/user-status-chip';
import { useTenant } from '../api/get-tenant';
import { useTenantUser } from '../api/get-tenant-user';
import { resetTenantUserPassword } from '../api/reset-tenant-user-password';
import { useUpdateTenantUser } from '../api/update-tenant-user';

/** Edit a client's user; reset its password (shown once). Deactivating is the "Active" switch. */
export function TenantUserEditPage() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const tenantId = useIdParam('tenantId');
  const userId = useIdParam('userId');
  const tenant = useTenant(tenantId);
  const user = useTenantUser(tenantId, userId);
  const roles = useRoles();
  const updateUser = useUpdateTenantUser(tenantId, userId);
  const usersHref = `/tenants/${tenantId}/users`;
  const name = user.data ? fullNameOf(user.data.first_name, user.data.last_name) || user.data.username : t('tenants.users.edit');

  return (
    <>
      <PageHeader
        title={name}
        subtitle={user.data && <UserStatusChip isActive={user.data.is_active} />}
        backTo={usersHref}
        breadcrumbs={[
          { label: t('tenants.title'), to: '/tenants' },
          { label: tenant.data?.name ?? '…', to: `/tenants/${tenantId}` },
          { label: t('tenants.fields.users'), to: usersHref },
          { label: name },
        ]}
      />
      <RecordState
        isMissing={userId === 0}
        isPending={!user.data}
        error={user.error}
        failedMessage={t('tenants.users.failedOne')}
        rows={6}
        onRetry={() => void user.refetch()}
      >
        {user.data && (
          <UserForm
            key={user.data.id}
            mode="edit"
            initialValues={{ ...user.data, password: '' }}
            roles={roles.data}
            cancelTo={usersHref}
            onSubmit={(values) => updateUser.mutateAsync(values as UpdateUserInput)}
            onSaved={() => showToast(t('tenants.users.saved'), { variant: 'success' })}
          >
            <Can do="update" on="tenant_users">
              <ResetPasswordButton userName={name} onReset={() => resetTenantUserPassword(tenantId, userId)} />
            </Can>
          </UserForm>
        )}
      </RecordState>
    </>
  );
}
