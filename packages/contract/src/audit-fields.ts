/**
 * What the fields of the History tabs' audit rows are (docs/security.md, "The audit log"): every
 * field the API writes for these entities, with how a screen shows its value. The API test of the
 * audit log fails on a field missing here; the web's test fails on one without a label in English
 * and Arabic. Zod-free: the meter list (a list screen) reads it.
 */

/**
 * How a value is shown:
 * - `text`: staff-typed text (a name, notes), its digits in the user's system;
 * - `verbatim`: shown as written (an e-mail address, a message as it was sent);
 * - `code`: a code or a phone, shown as stored (ASCII digits in both systems: docs/web.md, "Digits");
 * - `money`: minor units of the tenant's currency ("1250" is 12.50 USD);
 * - `amount`: a decimal amount of the tenant's currency ("12.50");
 * - `quantity`: an exact decimal (a meter reading "1250.000");
 * - `date`: a calendar day ("2026-08-02"); `datetime`: a moment (ISO 8601, shown in the tenant's zone);
 * - `count`: a whole number; `boolean`: yes or no;
 * - `customer_status`, `invoice_status`, `language`, `channel`: a code shown through its catalogue text;
 * - `bundle`, `station`, `region`, `street`, `building`: an id, which the API names
 *   (`before_name`, `after_name`);
 * - `hidden`: bookkeeping the entry already says otherwise (an id, who created it, the invoice's
 *   lines on creation), never shown.
 */
export const AUDIT_FIELD_KINDS = [
  'text',
  'verbatim',
  'code',
  'money',
  'amount',
  'quantity',
  'date',
  'datetime',
  'count',
  'boolean',
  'customer_status',
  'invoice_status',
  'language',
  'channel',
  'bundle',
  'station',
  'region',
  'street',
  'building',
  'hidden',
] as const;
export type AuditFieldKind = (typeof AUDIT_FIELD_KINDS)[number];

/** Kinds whose value is the id of another record: the API answers that record's name beside it. */
export const AUDIT_REFERENCE_KINDS = ['bundle', 'station', 'region', 'street', 'building'] as const satisfies readonly AuditFieldKind[];
export type AuditReferenceKind = (typeof AUDIT_REFERENCE_KINDS)[number];

export function isAuditReferenceKind(kind: AuditFieldKind | undefined): kind is AuditReferenceKind {
  return (AUDIT_REFERENCE_KINDS as readonly string[]).includes(kind ?? '');
}

/** The messages sent about a record (`send_invoice`, `send_reminder`). */
const MESSAGE_FIELDS = {
  channel: 'channel',
  language: 'language',
  recipient: 'code',
  message: 'verbatim',
} as const;

/** The entities a record's History tab shows, and the fields their audit rows carry, in the order a History tab lists them. */
export const AUDIT_FIELDS = {
  customer: {
    id: 'hidden',
    serviceId: 'hidden',
    createdAt: 'hidden',
    code: 'code',
    fullName: 'text',
    status: 'customer_status',
    // The subscription, changed through the customer (a bundle change opens a new one).
    bundleId: 'bundle',
    startedOn: 'date',
    initialReading: 'quantity',
    stationId: 'station',
    phone: 'code',
    email: 'verbatim',
    nationalId: 'code',
    regionId: 'region',
    streetId: 'street',
    buildingId: 'building',
    floor: 'text',
    apartment: 'text',
    notes: 'text',
    balance: 'money',
    credit: 'money',
    importedFromRow: 'count',
    // The channels the customer refused messages on (a list, read as written) and its bill link's renewals.
    optedOutChannels: 'verbatim',
    publicLinkVersion: 'count',
    // `send_reminder`.
    ...MESSAGE_FIELDS,
    overdue_amount: 'amount',
    oldest_due_on: 'date',
  },
  invoice: {
    id: 'hidden',
    serviceId: 'hidden',
    customerId: 'hidden',
    subscriptionId: 'hidden',
    lastReadingId: 'hidden',
    lines: 'hidden',
    createdAt: 'hidden',
    createdBy: 'hidden',
    number: 'code',
    periodStart: 'date',
    periodEnd: 'date',
    issuedOn: 'date',
    dueOn: 'date',
    subtotal: 'money',
    tax: 'money',
    total: 'money',
    monthlyFee: 'money',
    amountPaid: 'money',
    status: 'invoice_status',
    previousReading: 'quantity',
    currentReading: 'quantity',
    consumption: 'quantity',
    notes: 'text',
    cancelledAt: 'datetime',
    cancelReason: 'text',
    // `send_invoice`.
    ...MESSAGE_FIELDS,
  },
  // A reading, a meter reset, a voided reading: the meter's reading and when it was taken, before and
  // after; a reset's or a void's reason. `finalCounter`: rows of resets written before a reset's final
  // reading had a row of its own.
  reading: {
    counter: 'quantity',
    takenAt: 'datetime',
    reason: 'text',
    finalCounter: 'quantity',
  },
} as const satisfies Record<string, Record<string, AuditFieldKind>>;

export type HistoryEntity = keyof typeof AUDIT_FIELDS;
export const HISTORY_ENTITIES = Object.keys(AUDIT_FIELDS) as HistoryEntity[];

/** The kind of a field of an entity's audit rows; undefined for an entity without a History tab or a field not listed. */
export function auditFieldKind(entity: string, field: string): AuditFieldKind | undefined {
  const fields = (AUDIT_FIELDS as Record<string, Record<string, AuditFieldKind>>)[entity];
  return fields && Object.hasOwn(fields, field) ? fields[field] : undefined;
}
