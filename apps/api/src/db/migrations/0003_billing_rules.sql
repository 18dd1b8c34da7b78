-- Billing rules (issue 11). A void is its own append-only row: meter_readings stay untouched.
CREATE TABLE "reading_voids" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"tenant_id" integer NOT NULL,
	"reading_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"voided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_by" integer
);
--> statement-breakpoint
ALTER TABLE "reading_voids" ADD CONSTRAINT "reading_voids_reading_id_meter_readings_id_fk" FOREIGN KEY ("reading_id") REFERENCES "public"."meter_readings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reading_voids_reading_key" ON "reading_voids" USING btree ("tenant_id","reading_id");--> statement-breakpoint
CREATE TRIGGER reading_voids_append_only BEFORE UPDATE OR DELETE ON "reading_voids" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
-- The last reading an invoice from a meter billed: a void of that reading or an earlier one is refused.
ALTER TABLE "invoices" ADD COLUMN "last_reading_id" bigint;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "voltage" integer DEFAULT 230 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "prorate_partial_months" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "backdate_days" integer DEFAULT 31 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "max_consumption_per_day" numeric(14, 3);
