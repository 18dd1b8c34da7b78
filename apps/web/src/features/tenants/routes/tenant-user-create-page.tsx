import type { CreateUserInput, User } from '@meterline/contract/users';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRoles } from '../../../shared/api/get-roles';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { useToast } from '../../../shared/hooks/use-toast';
import { RecordState } from '../../../shared/ui/record-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { UserForm } from '../../../shared/ui/user-form';
import { useCreateTenantUser } from '../api/create-tenant-user';
import { useTenant } from '../api/get-tenant';

/** A new user of a client; a client without users gets an admin first. */
export function TenantUserCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const tenantId = useIdParam('tenantId');
  const tenant = useTenant(tenantId);
  const roles = useRoles();
  const createUser = useCreateTenantUser(tenantId);
  const usersHref = `/tenants/${tenantId}/users`;

  return (
    <>
      <PageHeader
        title={t('tenants.users.new')}
        subtitle={tenant.data?.name}
        backTo={usersHref}
        breadcrumbs={[
          { label: t('tenants.title'), to: '/tenants' },
          { label: tenant.data?.name ?? '…', to: `/tenants/${tenantId}` },
          { label: t('tenants.fields.users'), to: usersHref },
          { label: t('tenants.users.new') },
        ]}
      />
      <RecordState isPending={tenant.isPending} error={null} rows={6} onRetry={() => void tenant.refetch()}>
        <UserForm
          mode="create"
          initialValues={{ role: (tenant.data?.users_count ?? 0) === 0 ? 'admin' : '' }}
          roles={roles.data}
          cancelTo={usersHref}
          onSubmit={(values) => createUser.mutateAsync(values as CreateUserInput)}
          onSaved={(user) => {
            showToast(t('tenants.users.created', { name: (user as User).username }), { variant: 'success' });
            void navigate(usersHref);
          }}
        />
      </RecordState>
    </>
  );
}
