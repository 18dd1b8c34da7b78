-- Issue 14: the exchange rate an invoice was issued with, and what a payment in two currencies tendered.
CREATE TABLE "invoice_exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"currency" text NOT NULL,
	"month" date NOT NULL,
	"rate" numeric(20, 6) NOT NULL
);--> statement-breakpoint
ALTER TABLE "invoice_exchange_rates" ADD CONSTRAINT "invoice_exchange_rates_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_exchange_rates_invoice_key" ON "invoice_exchange_rates" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE TABLE "payment_tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"currency" text NOT NULL,
	"tendered" jsonb NOT NULL,
	"received" bigint NOT NULL,
	"change_due" bigint NOT NULL,
	"second_currency" text,
	"rate" numeric(20, 6),
	"change_due_second" bigint
);--> statement-breakpoint
ALTER TABLE "payment_tenders" ADD CONSTRAINT "payment_tenders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_tenders_payment_key" ON "payment_tenders" USING btree ("tenant_id","payment_id");--> statement-breakpoint
-- Both are written once with their invoice or payment and never change.
CREATE TRIGGER invoice_exchange_rates_append_only BEFORE UPDATE OR DELETE ON "invoice_exchange_rates" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER invoice_exchange_rates_no_truncate BEFORE TRUNCATE ON "invoice_exchange_rates" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER payment_tenders_append_only BEFORE UPDATE OR DELETE ON "payment_tenders" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER payment_tenders_no_truncate BEFORE TRUNCATE ON "payment_tenders" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();
