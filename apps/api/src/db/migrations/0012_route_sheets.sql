-- Route sheets (issue 19, item 3): which regions or stations each collector walks, per service,
-- and the visits recorded on the round (append-only: a visit is never edited, a new one follows).
CREATE TABLE "route_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"collector_id" integer NOT NULL,
	"region_id" integer,
	"station_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "route_assignments_one_target" CHECK (("region_id" IS NULL) <> ("station_id" IS NULL))
);--> statement-breakpoint
ALTER TABLE "route_assignments" ADD CONSTRAINT "route_assignments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_assignments" ADD CONSTRAINT "route_assignments_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_assignments" ADD CONSTRAINT "route_assignments_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_assignments_tenant_service_collector_idx" ON "route_assignments" USING btree ("tenant_id","service_id","collector_id");--> statement-breakpoint
CREATE UNIQUE INDEX "route_assignments_region_key" ON "route_assignments" USING btree ("tenant_id","service_id","collector_id","region_id") WHERE "region_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "route_assignments_station_key" ON "route_assignments" USING btree ("tenant_id","service_id","collector_id","station_id") WHERE "station_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "route_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "route_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"visited_on" date NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visited_by" integer
);--> statement-breakpoint
ALTER TABLE "route_visits" ADD CONSTRAINT "route_visits_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_visits" ADD CONSTRAINT "route_visits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_visits_tenant_customer_day_idx" ON "route_visits" USING btree ("tenant_id","customer_id","visited_on","id");--> statement-breakpoint
CREATE TRIGGER route_visits_append_only BEFORE UPDATE OR DELETE ON "route_visits" FOR EACH ROW EXECUTE FUNCTION meterline_forbid_change();--> statement-breakpoint
CREATE TRIGGER route_visits_no_truncate BEFORE TRUNCATE ON "route_visits" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();
