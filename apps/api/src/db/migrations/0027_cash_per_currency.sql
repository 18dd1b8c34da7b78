-- Cash per currency (docs/collectors.md): a count's expected, counted and difference per currency,
-- and the currency of a cash-book entry (null: the tenant's billing currency, rows before 0027).
CREATE TABLE "cash_handover_currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"handover_id" integer NOT NULL REFERENCES "cash_handovers"("id"),
	"currency" text NOT NULL,
	"expected_amount" bigint NOT NULL,
	"counted_amount" bigint NOT NULL,
	"difference" bigint NOT NULL,
	"kind" text NOT NULL,
	"transaction_id" integer
);--> statement-breakpoint
CREATE UNIQUE INDEX "cash_handover_currencies_key" ON "cash_handover_currencies" USING btree ("tenant_id","handover_id","currency");--> statement-breakpoint
CREATE TRIGGER cash_handover_currencies_append_only BEFORE UPDATE OR DELETE ON "cash_handover_currencies" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER cash_handover_currencies_no_truncate BEFORE TRUNCATE ON "cash_handover_currencies" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "currency" text;
