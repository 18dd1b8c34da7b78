import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Button from '@mui/material/Button';
import { userListSpec } from '@meterline/contract/list-specs';
import type { User } from '@meterline/contract/users';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useListUrlState } from '../../../shared/hooks/use-list-url-state';
import { Can } from '../../../shared/lib/can';
import { PageHeader } from '../../../shared/ui/page-header';
import { UsersTable } from '../../../shared/ui/users-table';
import { useUsers } from '../api/get-users';

const userHref = (user: User) => `/users/${user.id}`;

/** The tenant's staff: admins manage them, accountants read them. */
export function UserListPage() {
  const { t } = useTranslation();
  const listState = useListUrlState(userListSpec);
  const users = useUsers(listState.query);
  return (
    <>
      <PageHeader
        title={t('users.title')}
        actions={
          <Can do="create" on="user">
            <Button component={RouterLink} to="/users/create" variant="contained" startIcon={<PersonAddOutlined />}>
              {t('users.new')}
            </Button>
          </Can>
        }
      />
      <UsersTable
        label={t('users.title')}
        listState={listState}
        query={users}
        errorMessage={t('users.failedList')}
        emptyMessage={t('users.empty')}
        getRowHref={userHref}
        exportPath="auth/users/"
        exportFilename="users"
      />
    </>
  );
}
