-- Issue 15, the customer's account: payments of the account, credit, credit notes.
-- What the customer paid beyond their invoices, not yet applied or refunded (never negative).
ALTER TABLE "customers" ADD COLUMN "credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_credit_not_negative" CHECK ("credit" >= 0);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "last_credit_note_number" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- One payment of the account: spread over open invoices (payments rows naming it), the rest credit.
CREATE TABLE "account_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL REFERENCES "services"("id"),
	"customer_id" integer NOT NULL REFERENCES "customers"("id"),
	"amount" bigint NOT NULL,
	"credit" bigint NOT NULL,
	"method" text DEFAULT 'cash' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"received_by" integer,
	"note" text DEFAULT '' NOT NULL
);--> statement-breakpoint
CREATE INDEX "account_payments_tenant_customer_idx" ON "account_payments" USING btree ("tenant_id","customer_id","id");--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account_payment_id" integer;--> statement-breakpoint
-- Credit notes: gapless numbers per tenant (CN-2026-000001), part applied to the invoice, part credit.
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL REFERENCES "services"("id"),
	"number" text NOT NULL,
	"invoice_id" integer NOT NULL REFERENCES "invoices"("id"),
	"customer_id" integer NOT NULL REFERENCES "customers"("id"),
	"issued_on" date NOT NULL,
	"subtotal" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"applied" bigint NOT NULL,
	"to_credit" bigint NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_tenant_number_key" ON "credit_notes" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "credit_notes_tenant_invoice_idx" ON "credit_notes" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_tenant_customer_idx" ON "credit_notes" USING btree ("tenant_id","customer_id");--> statement-breakpoint
-- Every move of a customer's credit: + from a payment or a credit note, - applied or refunded.
CREATE TABLE "credit_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL REFERENCES "services"("id"),
	"customer_id" integer NOT NULL REFERENCES "customers"("id"),
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"invoice_id" integer REFERENCES "invoices"("id"),
	"account_payment_id" integer REFERENCES "account_payments"("id"),
	"credit_note_id" integer REFERENCES "credit_notes"("id"),
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer
);--> statement-breakpoint
CREATE INDEX "credit_movements_tenant_customer_idx" ON "credit_movements" USING btree ("tenant_id","customer_id","id");--> statement-breakpoint
CREATE TRIGGER account_payments_append_only BEFORE UPDATE OR DELETE ON "account_payments" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER account_payments_no_truncate BEFORE TRUNCATE ON "account_payments" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER credit_notes_append_only BEFORE UPDATE OR DELETE ON "credit_notes" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER credit_notes_no_truncate BEFORE TRUNCATE ON "credit_notes" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER credit_movements_append_only BEFORE UPDATE OR DELETE ON "credit_movements" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER credit_movements_no_truncate BEFORE TRUNCATE ON "credit_movements" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();
--> statement-breakpoint
-- Late fee (off by default): fixed amount or percent of what is left, once per invoice overdue more than N days.
ALTER TABLE "settings" ADD COLUMN "late_fee_kind" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "late_fee_value" numeric(18, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "late_fee_after_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
-- One row per overdue invoice charged a late fee (the unique key makes it once), naming the invoice that carries the fee.
CREATE TABLE "late_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"overdue_invoice_id" integer NOT NULL REFERENCES "invoices"("id"),
	"invoice_id" integer NOT NULL REFERENCES "invoices"("id"),
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "late_fees_tenant_overdue_key" ON "late_fees" USING btree ("tenant_id","overdue_invoice_id");
