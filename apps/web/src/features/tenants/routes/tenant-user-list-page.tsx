import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Button from '@mui/material/Button';
import { userListSpec } from '@meterline/contract/list-specs';
import type { User } from '@meterline/contract/users';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { Can } from '../../../shared/lib/can';
import { RecordState } from '../../../shared/ui/record-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { UsersTable } from '../../../shared/ui/users-table';
import { useTenant } from '../api/get-tenant';
import { useTenantUsers } from '../api/get-tenant-users';

/** A client's users for the superadmin: list, search, filters, CSV; opens one to edit. */
export function TenantUserListPage() {
  const { t } = useTranslation();
  const tenantId = useIdParam('tenantId');
  const tenant = useTenant(tenantId);
  const listState = useListUrlState(userListSpec);
  const users = useTenantUsers(tenantId, listState.query);
  const userHref = useCallback((user: User) => `/tenants/${tenantId}/users/${user.id}`, [tenantId]);
  const title = tenant.data ? t('tenants.users.title', { name: tenant.data.name }) : t('tenants.users.fallbackTitle');

  return (
    <>
      <PageHeader
        title={title}
        backTo={`/tenants/${tenantId}`}
        breadcrumbs={[
          { label: t('tenants.title'), to: '/tenants' },
          { label: tenant.data?.name ?? '…', to: `/tenants/${tenantId}` },
          { label: t('tenants.fields.users') },
        ]}
        actions={
          <Can do="create" on="tenant_users">
            <Button component={RouterLink} to={`/tenants/${tenantId}/users/create`} variant="contained" startIcon={<PersonAddOutlined />}>
              {t('tenants.users.new')}
            </Button>
          </Can>
        }
      />
      {/* An id that cannot exist: the client is not found, like a deleted one. */}
      <RecordState isMissing={tenantId === 0} isPending={false} error={null} onRetry={() => undefined}>
        <UsersTable
          label={title}
          listState={listState}
          query={users}
          errorMessage={t('tenants.users.failedList')}
          emptyMessage={t('tenants.users.empty')}
          getRowHref={userHref}
          exportPath={`tenants/${tenantId}/users/`}
          exportFilename={`client-${tenantId}-users`}
        />
      </RecordState>
    </>
  );
}
