-- Issue 11: the monthly fee a meter invoice billed (minor units, before tax), prorated by the days
-- its subscription was open; a customer's fees of one month are capped at one fee of the dearest
-- bundle, so the next invoice of the month needs what the earlier ones billed.
ALTER TABLE "invoices" ADD COLUMN "monthly_fee" bigint;--> statement-breakpoint
UPDATE "invoices" SET "monthly_fee" = coalesce((SELECT sum(l."amount") FROM "invoice_lines" l WHERE l."invoice_id" = "invoices"."id" AND l."description" LIKE '%: monthly fee'), 0)
  WHERE "subscription_id" IS NOT NULL;
