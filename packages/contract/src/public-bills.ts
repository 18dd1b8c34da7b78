import { z } from 'zod';
import { dateSchema, timestampSchema } from './common';
import { moneySchema } from './money';

/**
 * "Check my bill" (docs/security.md, "The public bill link"): what `/b/{token}` shows a household
 * without signing in, and no more than its paper bill shows.
 */
export const PUBLIC_BILL_LANGUAGES = ['en', 'ar'] as const;

export const publicAmountSchema = z.object({ currency: z.string(), amount: moneySchema }).meta({ id: 'PublicAmount' });
export type PublicAmount = z.infer<typeof publicAmountSchema>;

export const publicBillSchema = z
  .object({
    /** The language the page opens in: the tenant's customer language (its reminders'). */
    language: z.enum(PUBLIC_BILL_LANGUAGES),
    operator: z.object({ name: z.string(), phone: z.string(), address: z.string(), logo_url: z.string().nullable() }),
    /** Name and phone partly masked ("إبراهيم خ…", "•••• 4567"). */
    customer: z.object({ name: z.string(), phone: z.string(), code: z.string() }),
    /** In the billing currency first, then in the second one when the tenant has one and a rate. */
    balance_due: z.array(publicAmountSchema),
    invoices: z.array(
      z.object({
        number: z.string(),
        period_start: dateSchema,
        period_end: dateSchema,
        due_on: dateSchema,
        total: z.array(publicAmountSchema),
        amount_due: z.array(publicAmountSchema),
      }),
    ),
    payments: z.array(z.object({ paid_at: timestampSchema, amount: publicAmountSchema, receipt_number: z.number().int().nullable() })),
  })
  .meta({ id: 'PublicBill' });
export type PublicBill = z.infer<typeof publicBillSchema>;

export const publicLinkSchema = z.object({ public_url: z.string() }).meta({ id: 'PublicLink' });
export type PublicLink = z.infer<typeof publicLinkSchema>;
