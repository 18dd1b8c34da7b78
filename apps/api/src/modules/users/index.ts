/** What other modules may use of `users`: they import it from here, never from its files. */
export { USER_CSV_COLUMNS } from './user-csv';
export { claimOtpStep, findTenantUser, findUserByUsername, findUserWithTenant, recordLastLogin } from './users.repository';
export type { UserService } from './users.service';
