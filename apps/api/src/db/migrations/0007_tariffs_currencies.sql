CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"name" text NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"unit_price" numeric(18, 6) NOT NULL,
	"tiers" jsonb,
	"uplift_percent" numeric(7, 3) DEFAULT '0' NOT NULL,
	"bundle_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "invoice_line_pricing" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"invoice_line_id" integer NOT NULL,
	"tariff_id" integer,
	"month" date NOT NULL,
	"tier" integer
);--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_pricing" ADD CONSTRAINT "invoice_line_pricing_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_pricing" ADD CONSTRAINT "invoice_line_pricing_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tariffs_tenant_service_from_idx" ON "tariffs" USING btree ("tenant_id","service_id","effective_from");--> statement-breakpoint
CREATE INDEX "invoice_line_pricing_line_idx" ON "invoice_line_pricing" USING btree ("tenant_id","invoice_line_id");--> statement-breakpoint
CREATE INDEX "invoice_line_pricing_tariff_idx" ON "invoice_line_pricing" USING btree ("tenant_id","tariff_id");
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "second_currency" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "cash_rounding" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"currency" text NOT NULL,
	"month" date NOT NULL,
	"rate" numeric(20, 6) NOT NULL,
	"set_by" integer,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_tenant_currency_month_key" ON "exchange_rates" USING btree ("tenant_id","currency","month");
