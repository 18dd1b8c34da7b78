-- Issue 35: what an account payment in one or both currencies tendered (like payment_tenders, per account payment).
CREATE TABLE "account_payment_tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"account_payment_id" integer NOT NULL,
	"currency" text NOT NULL,
	"tendered" jsonb NOT NULL,
	"received" bigint NOT NULL,
	"change_due" bigint NOT NULL,
	"second_currency" text,
	"rate" numeric(20, 6),
	"base_currency" text,
	"change_due_second" bigint
);--> statement-breakpoint
ALTER TABLE "account_payment_tenders" ADD CONSTRAINT "account_payment_tenders_account_payment_id_account_payments_id_fk" FOREIGN KEY ("account_payment_id") REFERENCES "public"."account_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_payment_tenders_payment_key" ON "account_payment_tenders" USING btree ("tenant_id","account_payment_id");--> statement-breakpoint
-- Written once with its account payment and never changed.
CREATE TRIGGER account_payment_tenders_append_only BEFORE UPDATE OR DELETE ON "account_payment_tenders" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER account_payment_tenders_no_truncate BEFORE TRUNCATE ON "account_payment_tenders" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();
