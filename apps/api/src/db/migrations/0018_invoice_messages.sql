-- Issue 17, item 4: the billing run's invoices sent to their customers through the reminder
-- channel. One row per invoice sent (append-only); the unique key is the "already sent" mark, so
-- a double click (or two tabs) sends an invoice once.
CREATE TABLE "invoice_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"recipient" text NOT NULL,
	"message" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" integer
);--> statement-breakpoint
ALTER TABLE "invoice_messages" ADD CONSTRAINT "invoice_messages_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_messages" ADD CONSTRAINT "invoice_messages_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_messages" ADD CONSTRAINT "invoice_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_messages_tenant_invoice_key" ON "invoice_messages" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE TRIGGER invoice_messages_append_only BEFORE UPDATE OR DELETE ON "invoice_messages" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER invoice_messages_no_truncate BEFORE TRUNCATE ON "invoice_messages" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();
