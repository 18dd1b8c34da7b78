import type { User } from '@meterline/contract/users';
import type { CsvColumn } from '../../lib/list';

/** The columns of a users list exported as CSV (a tenant's users, and the superadmin's view of them). */
export const USER_CSV_COLUMNS: CsvColumn<User>[] = [
  { header: 'id', value: (user: User) => user.id, numeric: true },
  { header: 'username', value: (user: User) => user.username },
  { header: 'first_name', value: (user: User) => user.first_name },
  { header: 'last_name', value: (user: User) => user.last_name },
  { header: 'email', value: (user: User) => user.email },
  { header: 'phone', value: (user: User) => user.phone },
  { header: 'role', value: (user: User) => user.role },
  { header: 'is_active', value: (user: User) => user.is_active },
  { header: 'date_joined', value: (user: User) => user.date_joined },
];
