-- Overdue reminders (issue 15, item 5): the tenant's message templates (one per language; empty
-- means the built-in text), the language reminders are written in, the disconnection list's
-- default threshold, and every reminder sent (append-only).
ALTER TABLE "settings" ADD COLUMN "reminder_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reminder_template_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reminder_template_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "disconnection_after_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"recipient" text NOT NULL,
	"message" text NOT NULL,
	"overdue_amount" bigint NOT NULL,
	"oldest_due_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" integer
);--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_tenant_customer_sent_idx" ON "reminders" USING btree ("tenant_id","customer_id","sent_at");--> statement-breakpoint
CREATE TRIGGER reminders_append_only BEFORE UPDATE OR DELETE ON "reminders" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER reminders_no_truncate BEFORE TRUNCATE ON "reminders" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();
