import type { CreateUserInput, User } from '@meterline/contract/users';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRoles } from '../../../shared/api/get-roles';
import { useToast } from '../../../shared/hooks/use-toast';
import { PageHeader } from '../../../shared/ui/page-header';
import { UserForm } from '../../../shared/ui/user-form';
import { useCreateUser } from '../api/create-user';

export function UserCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const roles = useRoles();
  const createUser = useCreateUser();
  return (
    <>
      <PageHeader
        title={t('users.new')}
        backTo="/users"
        breadcrumbs={[{ label: t('users.title'), to: '/users' }, { label: t('users.new') }]}
      />
      <UserForm
        mode="create"
        roles={roles.data}
        cancelTo="/users"
        onSubmit={(values) => createUser.mutateAsync(values as CreateUserInput)}
        onSaved={(user) => {
          showToast(t('users.created', { name: (user as User).username }), { variant: 'success' });
          void navigate('/users');
        }}
      />
    </>
  );
}
