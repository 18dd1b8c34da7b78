import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { UpdateUserInput, User } from '@meterline/contract/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoles } from '../../../shared/api/get-roles';
import { useIdParam } from '../../../shared/hooks/use-id-param';
import { useToast } from '../../../shared/hooks/use-toast';
import { fullNameOf } from '../../../shared/lib/avatar';
import { Can, useCan } from '../../../shared/lib/can';
import { errorMessageOf } from '../../../shared/lib/form-errors';
import { useSession } from '../../../shared/lib/session';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { RecordState } from '../../../shared/ui/record-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { ResetPasswordButton } from '../../../shared/ui/reset-password-button';
import { UserForm } from '../../../shared/ui/user-form';
import { UserStatusChip } from '../../../shared/ui/user-status-chip';
import { useDeactivateUser } from '../api/deactivate-user';
import { useUser } from '../api/get-user';
import { resetUserPassword } from '../api/reset-user-password';
import { useUpdateUser } from '../api/update-user';

/**
 * A staff member: admins edit, reset the password (shown once) and deactivate (after a
 * confirmation); accountants see the record without edit controls. One's own record keeps its
 * role and status (the profile page is for one's own name and password).
 */
export function UserEditPage() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const userId = useIdParam('userId');
  const { user: me } = useSession();
  const canUpdate = useCan('update', 'user');
  const user = useUser(userId);
  const roles = useRoles({ isEnabled: canUpdate });
  const updateUser = useUpdateUser(userId);
  const isSelf = me?.id === userId;
  const name = user.data ? fullNameOf(user.data.first_name, user.data.last_name) || user.data.username : t('users.view');

  return (
    <>
      <PageHeader
        title={name}
        subtitle={user.data && <UserStatusChip isActive={user.data.is_active} />}
        backTo="/users"
        breadcrumbs={[{ label: t('users.title'), to: '/users' }, { label: name }]}
      />
      <RecordState
        isMissing={userId === 0}
        isPending={!user.data}
        error={user.error}
        failedMessage={t('users.failedOne')}
        rows={6}
        onRetry={() => void user.refetch()}
      >
        {user.data && (
          <Stack spacing={2}>
            {!canUpdate && <Alert severity="info">{t('users.readOnly')}</Alert>}
            <UserForm
              key={`${user.data.id}-${user.data.is_active}`}
              mode="edit"
              initialValues={{ ...user.data, password: '' }}
              roles={canUpdate ? roles.data : undefined}
              isReadOnly={!canUpdate}
              isSelf={isSelf}
              cancelTo="/users"
              onSubmit={(values) => updateUser.mutateAsync(values as UpdateUserInput)}
              onSaved={() => showToast(t('users.saved'), { variant: 'success' })}
            >
              {!isSelf && (
                <>
                  <Can do="update" on="user">
                    <ResetPasswordButton userName={name} onReset={() => resetUserPassword(userId)} />
                  </Can>
                  {user.data.is_active && (
                    <Can do="delete" on="user">
                      <DeactivateButton user={user.data} name={name} />
                    </Can>
                  )}
                </>
              )}
            </UserForm>
          </Stack>
        )}
      </RecordState>
    </>
  );
}

function DeactivateButton({ user, name }: { user: User; name: string }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [isOpen, setOpen] = useState(false);
  const deactivateUser = useDeactivateUser();
  const handleConfirm = async () => {
    try {
      await deactivateUser.mutateAsync(user.id);
      showToast(t('users.deactivate.done', { name }), { variant: 'success' });
    } catch (error) {
      showToast(errorMessageOf(error, t), { variant: 'error' });
    } finally {
      setOpen(false);
    }
  };
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<PersonOffOutlined />} onClick={() => setOpen(true)}>
        {t('users.actions.deactivate')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={t('users.deactivate.title', { name })}
        description={t('users.deactivate.text', { name })}
        confirmLabel={t('users.deactivate.confirm')}
        confirmColor="error"
        isBusy={deactivateUser.isPending}
        onConfirm={() => void handleConfirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
