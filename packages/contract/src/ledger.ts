import { z } from 'zod';
import { AGEING_BUCKETS, LEDGER_KINDS } from './account-rules';
import { calendarDateSchema } from './billing-common';
import { moneySchema } from './money';

export const ledgerQuerySchema = z.object({
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export const ledgerEntrySchema = z.object({
  /** `YYYY-MM-DD` on the tenant's calendar */
  date: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** The invoice number, or the payment's reference (its id when it has none). */
  reference: z.string(),
  invoice: z.number().int().nullable(),
  payment: z.number().int().nullable(),
  /** What the movement adds to what the customer owes (a payment is negative). */
  amount: moneySchema,
  /** What the customer owes after it; negative is credit in the customer's favour. */
  balance: moneySchema,
});

/** A customer's statement of account: every movement in date order with the running balance. */
export const ledgerSchema = z
  .object({
    customer: z.number().int(),
    date_from: z.string().nullable(),
    date_to: z.string().nullable(),
    opening_balance: moneySchema,
    entries: z.array(ledgerEntrySchema),
    closing_balance: moneySchema,
    /** What is owed on the last day, by how long it has been due. */
    ageing: z.object(
      Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, moneySchema])) as Record<
        (typeof AGEING_BUCKETS)[number],
        typeof moneySchema
      >,
    ),
  })
  .meta({ id: 'Ledger' });
export type Ledger = z.infer<typeof ledgerSchema>;
