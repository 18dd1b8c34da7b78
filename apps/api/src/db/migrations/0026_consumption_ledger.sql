-- The consumption ledger (docs/billing.md): the units each meter invoice billed, per subscription
-- and month of consumption. What a meter still owes in a month is what its live readings put in
-- that month less what live invoices recorded here, so no month's units can be billed twice.
CREATE TABLE IF NOT EXISTS "billed_consumption" (
  "id" serial PRIMARY KEY NOT NULL,
  "tenant_id" integer NOT NULL,
  "invoice_id" integer NOT NULL REFERENCES "invoices"("id"),
  "subscription_id" integer NOT NULL,
  "month" date NOT NULL,
  "quantity" numeric(14, 3) NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "billed_consumption_subscription_idx" ON "billed_consumption" ("tenant_id", "subscription_id", "month");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "billed_consumption_invoice_idx" ON "billed_consumption" ("tenant_id", "invoice_id");--> statement-breakpoint
-- The engine checks a batch of meters' live invoices touching the period by subscription.
CREATE INDEX IF NOT EXISTS "invoices_tenant_subscription_period_idx" ON "invoices" ("tenant_id", "subscription_id", "period_start");--> statement-breakpoint
-- The ledger's watermark per subscription: the engine sets it to the last month an invoice settled
-- when nothing of the subscription is left open; months before it are not read again (a void or a
-- cancelled invoice of the subscription makes the engine read its whole history again).
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "ledger_from" date;--> statement-breakpoint
-- Invoices from before: the months their consumption lines were priced in, where those lines add up
-- to the invoice's consumption; otherwise the whole consumption in the month the period ends.
INSERT INTO "billed_consumption" ("tenant_id", "invoice_id", "subscription_id", "month", "quantity")
SELECT i."tenant_id", i."id", i."subscription_id", p."month", sum(l."quantity")
FROM "invoices" i
JOIN "invoice_lines" l ON l."tenant_id" = i."tenant_id" AND l."invoice_id" = i."id"
JOIN "invoice_line_pricing" p ON p."tenant_id" = l."tenant_id" AND p."invoice_line_id" = l."id"
WHERE i."consumption" IS NOT NULL AND i."subscription_id" IS NOT NULL
  AND i."consumption" = (SELECT sum(l2."quantity") FROM "invoice_lines" l2
                         JOIN "invoice_line_pricing" p2 ON p2."tenant_id" = l2."tenant_id" AND p2."invoice_line_id" = l2."id"
                         WHERE l2."tenant_id" = i."tenant_id" AND l2."invoice_id" = i."id")
GROUP BY i."tenant_id", i."id", i."subscription_id", p."month";--> statement-breakpoint
INSERT INTO "billed_consumption" ("tenant_id", "invoice_id", "subscription_id", "month", "quantity")
SELECT i."tenant_id", i."id", i."subscription_id", date_trunc('month', i."period_end")::date, i."consumption"
FROM "invoices" i
WHERE i."consumption" IS NOT NULL AND i."consumption" <> 0 AND i."subscription_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "billed_consumption" b WHERE b."tenant_id" = i."tenant_id" AND b."invoice_id" = i."id");--> statement-breakpoint
-- Meter invoices that did not record the last reading they billed: the customer's last reading
-- taken before the invoice was made.
UPDATE "invoices" i SET "last_reading_id" = (
  SELECT max(mr."id") FROM "meter_readings" mr
  JOIN "subscriptions" s ON s."tenant_id" = mr."tenant_id" AND s."id" = mr."subscription_id"
  WHERE mr."tenant_id" = i."tenant_id" AND s."customer_id" = i."customer_id" AND mr."taken_at" <= i."created_at")
WHERE i."consumption" IS NOT NULL AND i."last_reading_id" IS NULL;
