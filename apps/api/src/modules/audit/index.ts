/** What other modules may use of `audit`: they import it from here, never from its files. */
export { auditColumnsOf, recordAudit, recordAudits } from './audit.repository';
