import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { TENANT_ROLES } from '@meterline/contract/roles';
import { userListSpec } from '@meterline/contract/list-specs';
import type { User } from '@meterline/contract/users';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ListUrlState } from '../hooks/use-list-url-state';
import { fullNameOf } from '../lib/avatar';
import { formatDateTime } from '../lib/format-date';
import { DataTable, type ListQueryResult } from './data-table';
import { FilterSelect } from './filter-select';
import { UserAvatar } from './user-avatar';
import { UserStatusChip } from './user-status-chip';

export function useRoleLabel() {
  const { t } = useTranslation();
  return useCallback((role: string) => t(`roles.${role}` as 'roles.admin', { defaultValue: role }), [t]);
}

/**
 * Staff list shared by the users screen (an admin's colleagues) and a client's users (superadmin):
 * username, name, email, role, status and last sign-in; role and status filters; cards on phones.
 */
export function UsersTable({
  label,
  listState,
  query,
  errorMessage,
  emptyMessage,
  getRowHref,
  exportPath,
  exportFilename,
}: {
  label: string;
  listState: ListUrlState<string>;
  query: ListQueryResult<User>;
  errorMessage: string;
  emptyMessage: string;
  getRowHref(user: User): string;
  exportPath: string;
  exportFilename: string;
}) {
  const { t, i18n } = useTranslation();
  const roleLabel = useRoleLabel();

  const columns = useMemo<GridColDef<User>[]>(
    () => [
      {
        field: 'username',
        headerName: t('users.fields.username'),
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: '100%' }}>
            <UserAvatar firstName={row.first_name} lastName={row.last_name} avatar={row.avatar} size={30} />
            <Link component={RouterLink} to={getRowHref(row)} onClick={(event) => event.stopPropagation()} dir="ltr">
              {row.username}
            </Link>
          </Stack>
        ),
      },
      {
        field: 'first_name',
        headerName: t('users.fields.name'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_value, row) => fullNameOf(row.first_name, row.last_name),
      },
      {
        field: 'email',
        headerName: t('users.fields.email'),
        flex: 1,
        minWidth: 180,
        renderCell: ({ value }) => <bdi dir="ltr">{value}</bdi>,
      },
      { field: 'role', headerName: t('users.fields.role'), width: 140, valueFormatter: (value: string) => roleLabel(value) },
      {
        field: 'is_active',
        headerName: t('users.fields.status'),
        width: 140,
        renderCell: ({ row }) => <UserStatusChip isActive={row.is_active} />,
      },
      {
        field: 'last_login',
        headerName: t('users.fields.lastLogin'),
        width: 190,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value, i18n.language) : t('users.fields.never')),
      },
    ],
    [t, i18n.language, getRowHref, roleLabel],
  );

  const filters = (
    <>
      <FilterSelect
        label={t('users.filters.role')}
        value={listState.filters.role}
        allLabel={t('users.filters.allRoles')}
        options={TENANT_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
        onChange={(value) => listState.setFilter('role', value)}
      />
      <FilterSelect
        label={t('users.filters.status')}
        value={listState.filters.is_active}
        allLabel={t('users.filters.allStatuses')}
        options={[
          { value: 'true', label: t('users.status.active') },
          { value: 'false', label: t('users.status.inactive') },
        ]}
        onChange={(value) => listState.setFilter('is_active', value)}
      />
    </>
  );

  return (
    <DataTable<User>
      label={label}
      columns={columns}
      listState={listState}
      query={query}
      errorMessage={errorMessage}
      emptyMessage={emptyMessage}
      orderingFields={userListSpec.ordering}
      getRowHref={getRowHref}
      exportCsv={{ path: exportPath, filename: exportFilename }}
      filters={filters}
      renderCard={(user) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <UserAvatar firstName={user.first_name} lastName={user.last_name} avatar={user.avatar} size={40} />
          <Stack sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {fullNameOf(user.first_name, user.last_name) || user.username}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              <bdi dir="ltr">{user.username}</bdi> · {roleLabel(user.role)}
            </Typography>
          </Stack>
          <UserStatusChip isActive={user.is_active} />
        </Stack>
      )}
    />
  );
}
