import { z } from 'zod';
import { calendarDateSchema } from './billing-common';
import { ERROR_CODES } from './errors';
import { listQuerySchema, paginatedSchema } from './pagination';

export { auditListSpec } from './list-specs';

/** The API's singular nouns for what an audit row is about. */
export const AUDIT_ENTITIES = [
  'customer',
  'invoice',
  'payment',
  'subscription',
  'reading',
  'bundle',
  'station',
  'user',
  'settings',
  'transaction',
  'tenant',
  'region',
  'street',
  'building',
  'tariff',
  'exchange_rate',
  // Collectors (docs/collectors.md): counts of cash and receipt numbers issued.
  'cash_handover',
  'receipt',
  'route_visit',
  'route_assignment',
  // The customer's account (docs/accounts.md).
  'account_payment',
  'credit_note',
  'credit_refund',
  // Services an admin manages (docs/tenants-and-settings.md).
  'service',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * One changed field: its value before and after (null when the row was created or removed, or the
 * field had no value). A field that holds another record's id (`AUDIT_REFERENCE_KINDS`: a bundle, a
 * station, an address) also has that record's name now in `before_name`/`after_name` (null: the
 * record is gone); other fields have neither.
 */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  before_name: z.string().nullable().optional(),
  after_name: z.string().nullable().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    actor_role: z.string().nullable(),
    action: z.string(),
    entity: z.enum(AUDIT_ENTITIES),
    entity_id: z.string().nullable(),
    changes: z.array(auditChangeSchema),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const listAuditQuerySchema = listQuerySchema.extend({
  entity: z.enum(AUDIT_ENTITIES, { message: ERROR_CODES.invalidChoice }).optional(),
  entity_id: z.string().trim().max(40).optional(),
  /** The rows of one meter's readings (readings, resets, voids): the meter's History tab. */
  subscription: z.coerce.number({ message: ERROR_CODES.invalidInteger }).int({ message: ERROR_CODES.invalidInteger }).positive().optional(),
  actor: z.coerce.number({ message: ERROR_CODES.invalidInteger }).int({ message: ERROR_CODES.invalidInteger }).positive().optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type ListAuditQuery = z.infer<typeof listAuditQuerySchema>;

export const paginatedAuditSchema = paginatedSchema(auditEntrySchema);
