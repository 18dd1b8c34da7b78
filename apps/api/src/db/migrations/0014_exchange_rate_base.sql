-- Issue 14: a rate names the currency one unit of which it quotes, so an LBP tenant with USD as its
-- second currency says 1 USD = 89,500 LBP exactly (before, a rate was always second-currency units
-- per billing unit: 0.0000111731... for that tenant, which 6 decimals cannot hold).
ALTER TABLE "exchange_rates" ADD COLUMN "base_currency" text;--> statement-breakpoint
UPDATE "exchange_rates" SET "base_currency" = coalesce((SELECT s."currency" FROM "settings" s WHERE s."tenant_id" = "exchange_rates"."tenant_id"), 'USD');--> statement-breakpoint
ALTER TABLE "exchange_rates" ALTER COLUMN "base_currency" SET NOT NULL;--> statement-breakpoint
-- Append-only rows keep what they were written with: NULL there means the invoice's billing currency (the meaning before 0014).
ALTER TABLE "invoice_exchange_rates" ADD COLUMN "base_currency" text;--> statement-breakpoint
ALTER TABLE "payment_tenders" ADD COLUMN "base_currency" text;
