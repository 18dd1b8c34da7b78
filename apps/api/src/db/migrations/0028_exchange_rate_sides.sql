-- An exchange rate names both its sides (docs/money-and-numbering.md, "Rates"): `rate` units of
-- `currency` for one `base_currency`, never the same currency. Rows quoted per one unit of the
-- second currency stored that currency on both sides ("USD for one USD"): their `currency` becomes
-- the tenant's billing currency, the one the rate is in. The month's rate is now unique per pair
-- of currencies whichever is the base, and a row with one currency on both sides is refused.
UPDATE "exchange_rates" AS e SET "currency" = s."currency"
  FROM "settings" AS s
  WHERE s."tenant_id" = e."tenant_id" AND e."currency" = e."base_currency" AND s."currency" <> e."currency";--> statement-breakpoint
DROP INDEX IF EXISTS "exchange_rates_tenant_currency_month_key";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "exchange_rates_tenant_pair_month_key" ON "exchange_rates" ("tenant_id", least("currency", "base_currency"), greatest("currency", "base_currency"), "month");--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_sides_differ" CHECK ("currency" <> "base_currency") NOT VALID;
