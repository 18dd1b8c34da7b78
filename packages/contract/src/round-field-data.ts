import { z } from 'zod';
import { dateSchema, idSchema } from './common';
import { customerSchema } from './customers';
import { invoiceSchema } from './invoices';
import { routeBuildingSchema } from './routes';
import { counterSchema } from './subscriptions';

/**
 * The whole day of a round in one answer (docs/offline.md, "The round's day on the phone"): every
 * building with its customers, each customer's record (balance, bundle, last reading), the open
 * invoices of those customers (amounts in both currencies with their rate) and their meters. The
 * web keeps it in its persisted cache under the keys its screens read, so the building, "Read
 * meter" and "Collect at the door" open with no network.
 */
export const roundFieldDataSchema = z
  .object({
    date: dateSchema,
    collector: idSchema,
    /** The round's buildings in walking order, each with its customers as `…/routes/buildings/{id}/` answers them. */
    buildings: z.array(routeBuildingSchema),
    /** Every customer of those buildings, as `…/customers/{id}/` answers it. */
    customers: z.array(customerSchema),
    /** Their unpaid and partly paid invoices, oldest first (issue day, then id). */
    open_invoices: z.array(invoiceSchema),
    /** Their open meters, as `…/subscriptions/counters/` answers them. */
    counters: z.array(counterSchema),
  })
  .meta({ id: 'RoundFieldData' });
export type RoundFieldData = z.infer<typeof roundFieldDataSchema>;
