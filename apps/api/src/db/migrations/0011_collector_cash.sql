-- Collectors (issue 19): cash taken at the door, receipts, cash held and the end-of-day count.
ALTER TABLE "settings" ADD COLUMN "collectors_take_payments" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The collector holding a payment's cash until a handover links it (set once, at insert).
ALTER TABLE "payments" ADD COLUMN "held_by" integer;--> statement-breakpoint
CREATE INDEX "payments_tenant_service_held_idx" ON "payments" USING btree ("tenant_id","service_id","held_by") WHERE "held_by" IS NOT NULL;--> statement-breakpoint
-- Receipt numbers: gapless per tenant, their own counter (never the invoice numbering lock).
CREATE TABLE "receipt_counters" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE "payment_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"payment_id" integer NOT NULL REFERENCES "payments"("id"),
	"number" bigint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_payment_key" ON "payment_receipts" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_number_key" ON "payment_receipts" USING btree ("tenant_id","number");--> statement-breakpoint
-- A count of a collector's cash: what the payments say, what was counted, the difference.
CREATE TABLE "cash_handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL REFERENCES "services"("id"),
	"collector_id" integer NOT NULL,
	"expected_amount" bigint NOT NULL,
	"counted_amount" bigint NOT NULL,
	"difference" bigint NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"transaction_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "cash_handovers_tenant_service_idx" ON "cash_handovers" USING btree ("tenant_id","service_id","collector_id","created_at");--> statement-breakpoint
-- Each payment is handed over once: the unique key refuses a second handover of it.
CREATE TABLE "cash_handover_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"handover_id" integer NOT NULL REFERENCES "cash_handovers"("id"),
	"payment_id" integer NOT NULL REFERENCES "payments"("id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "cash_handover_payments_payment_key" ON "cash_handover_payments" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE INDEX "cash_handover_payments_handover_idx" ON "cash_handover_payments" USING btree ("tenant_id","handover_id");--> statement-breakpoint
CREATE TRIGGER payment_receipts_append_only BEFORE UPDATE OR DELETE ON "payment_receipts" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER cash_handovers_append_only BEFORE UPDATE OR DELETE ON "cash_handovers" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER cash_handover_payments_append_only BEFORE UPDATE OR DELETE ON "cash_handover_payments" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER payment_receipts_no_truncate BEFORE TRUNCATE ON "payment_receipts" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER cash_handovers_no_truncate BEFORE TRUNCATE ON "cash_handovers" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER cash_handover_payments_no_truncate BEFORE TRUNCATE ON "cash_handover_payments" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();
