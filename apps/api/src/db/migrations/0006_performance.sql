-- Lists and statistics at an operator's size (issue 18): indexes for every ordering and filter the
-- screens offer, counters and rollups kept exact by triggers in the same transaction as the write.

-- Invoices: ?status= with the default ordering, "overdue" (open invoices walked by issue date), and
-- the sortable columns of the list, each with the id that ends every ordering.
CREATE INDEX "invoices_tenant_service_status_issued_idx" ON "invoices" USING btree ("tenant_id","service_id","status","issued_on","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_service_open_issued_idx" ON "invoices" USING btree ("tenant_id","service_id","issued_on","id") INCLUDE ("due_on") WHERE "status" in ('unpaid', 'partially_paid');--> statement-breakpoint
CREATE INDEX "invoices_tenant_service_status_id_idx" ON "invoices" USING btree ("tenant_id","service_id","status","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_service_number_idx" ON "invoices" USING btree ("tenant_id","service_id","number","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_service_due_idx" ON "invoices" USING btree ("tenant_id","service_id","due_on","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_service_period_idx" ON "invoices" USING btree ("tenant_id","service_id","period_start","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_service_total_idx" ON "invoices" USING btree ("tenant_id","service_id","total","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_service_paid_amount_idx" ON "invoices" USING btree ("tenant_id","service_id","amount_paid","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_service_balance_idx" ON "invoices" USING btree ("tenant_id","service_id",(case when "status" = 'cancelled' then 0 else "total" - "amount_paid" end),"id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_service_created_idx" ON "invoices" USING btree ("tenant_id","service_id","created_at","id");--> statement-breakpoint
-- Customers: the default ordering (full_name) and the other sortable columns of their own table.
CREATE INDEX "customers_tenant_service_name_idx" ON "customers" USING btree ("tenant_id","service_id","full_name","id");--> statement-breakpoint
CREATE INDEX "customers_tenant_service_code_idx" ON "customers" USING btree ("tenant_id","service_id","code","id");--> statement-breakpoint
CREATE INDEX "customers_tenant_service_balance_idx" ON "customers" USING btree ("tenant_id","service_id","balance","id");--> statement-breakpoint
CREATE INDEX "customers_tenant_service_created_idx" ON "customers" USING btree ("tenant_id","service_id","created_at","id");--> statement-breakpoint

-- Invoices per status of a service: the unfiltered and ?status= counts read these rows (O(1)).
-- Sixteen slots per status (id % 16) so concurrent payments do not queue on one counter row.
CREATE TABLE "invoice_counts" (
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"status" text NOT NULL,
	"slot" smallint NOT NULL,
	"invoices" bigint NOT NULL,
	CONSTRAINT "invoice_counts_pkey" PRIMARY KEY ("tenant_id","service_id","status","slot")
);--> statement-breakpoint
-- Invoices per service, issue day, due day and status: the statistics and the overdue count.
CREATE TABLE "invoice_rollups" (
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"status" text NOT NULL,
	"invoices" bigint NOT NULL,
	"total" bigint NOT NULL,
	"amount_paid" bigint NOT NULL,
	CONSTRAINT "invoice_rollups_pkey" PRIMARY KEY ("tenant_id","service_id","issued_on","due_on","status")
);--> statement-breakpoint
CREATE INDEX "invoice_rollups_due_idx" ON "invoice_rollups" USING btree ("tenant_id","service_id","status","due_on");--> statement-breakpoint
-- Payments per service, day paid (in the tenant's timezone) and receiver (0: nobody), in slots.
CREATE TABLE "payment_rollups" (
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"received_by" integer NOT NULL,
	"slot" smallint NOT NULL,
	"payments" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payment_rollups_pkey" PRIMARY KEY ("tenant_id","service_id","paid_on","received_by","slot")
);--> statement-breakpoint

-- The tenant's timezone as the statistics read it (settings.timezone, UTC when empty or unknown).
CREATE OR REPLACE FUNCTION meterline_tenant_zone(p_tenant integer) RETURNS text AS $$
DECLARE
  zone text;
BEGIN
  SELECT nullif(s.timezone, '') INTO zone FROM settings s WHERE s.tenant_id = p_tenant;
  zone := coalesce(zone, 'UTC');
  BEGIN
    PERFORM now() AT TIME ZONE zone;
  EXCEPTION WHEN others THEN
    zone := 'UTC';
  END;
  RETURN zone;
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint

-- One statement-level trigger per event (transition tables allow one event each); the changed
-- rows are summed per key first, keys whose sums do not move are left alone, and the upserts go
-- in key order so two writers lock counter rows in the same order.
CREATE OR REPLACE FUNCTION meterline_invoice_rollups() RETURNS trigger AS $$
DECLARE
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'select *, 1 as n from new_rows'
    WHEN 'DELETE' THEN 'select *, -1 as n from old_rows'
    ELSE 'select *, 1 as n from new_rows union all select *, -1 as n from old_rows'
  END;
  EXECUTE format($sql$
    WITH delta AS (%s),
    counted AS (
      INSERT INTO invoice_counts AS c (tenant_id, service_id, status, slot, invoices)
      SELECT tenant_id, service_id, status, (id %% 16)::smallint, sum(n) FROM delta
      GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (tenant_id, service_id, status, slot) DO UPDATE SET invoices = c.invoices + excluded.invoices
      RETURNING 1
    )
    INSERT INTO invoice_rollups AS r (tenant_id, service_id, issued_on, due_on, status, invoices, total, amount_paid)
    SELECT tenant_id, service_id, issued_on, due_on, status, sum(n), sum(total * n), sum(amount_paid * n) FROM delta
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(total * n) <> 0 OR sum(amount_paid * n) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, service_id, issued_on, due_on, status) DO UPDATE
      SET invoices = r.invoices + excluded.invoices, total = r.total + excluded.total, amount_paid = r.amount_paid + excluded.amount_paid
  $sql$, changed);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoices_rollups_insert AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION meterline_invoice_rollups();--> statement-breakpoint
CREATE TRIGGER invoices_rollups_update AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION meterline_invoice_rollups();--> statement-breakpoint
CREATE TRIGGER invoices_rollups_delete AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION meterline_invoice_rollups();--> statement-breakpoint

-- Payments are append-only (0001): an insert is the only write to follow.
CREATE OR REPLACE FUNCTION meterline_payment_rollups() RETURNS trigger AS $$
BEGIN
  WITH zones AS (
    SELECT t.tenant_id, meterline_tenant_zone(t.tenant_id) AS zone FROM (SELECT DISTINCT tenant_id FROM new_rows) t
  )
  INSERT INTO payment_rollups AS r (tenant_id, service_id, paid_on, received_by, slot, payments, amount)
  SELECT p.tenant_id, p.service_id, (p.paid_at AT TIME ZONE z.zone)::date, coalesce(p.received_by, 0), (p.id % 16)::smallint, count(*), sum(p.amount)
  FROM new_rows p JOIN zones z ON z.tenant_id = p.tenant_id
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (tenant_id, service_id, paid_on, received_by, slot) DO UPDATE
    SET payments = r.payments + excluded.payments, amount = r.amount + excluded.amount;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_rollups_insert AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION meterline_payment_rollups();--> statement-breakpoint

-- The day of a payment depends on the tenant's timezone: a new timezone recounts the tenant's days.
CREATE OR REPLACE FUNCTION meterline_rebuild_payment_rollups(p_tenant integer) RETURNS void AS $$
DECLARE
  zone text := meterline_tenant_zone(p_tenant);
BEGIN
  DELETE FROM payment_rollups WHERE tenant_id = p_tenant;
  INSERT INTO payment_rollups (tenant_id, service_id, paid_on, received_by, slot, payments, amount)
  SELECT p.tenant_id, p.service_id, (p.paid_at AT TIME ZONE zone)::date, coalesce(p.received_by, 0), (p.id % 16)::smallint, count(*), sum(p.amount)
  FROM payments p WHERE p.tenant_id = p_tenant
  GROUP BY 1, 2, 3, 4, 5;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION meterline_settings_zone_changed() RETURNS trigger AS $$
BEGIN
  PERFORM meterline_rebuild_payment_rollups(NEW.tenant_id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER settings_zone_rollups_insert AFTER INSERT ON "settings" FOR EACH ROW EXECUTE FUNCTION meterline_settings_zone_changed();--> statement-breakpoint
CREATE TRIGGER settings_zone_rollups_update AFTER UPDATE OF "timezone" ON "settings" FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION meterline_settings_zone_changed();--> statement-breakpoint

-- Rows written before this migration.
INSERT INTO invoice_counts (tenant_id, service_id, status, slot, invoices)
SELECT tenant_id, service_id, status, (id % 16)::smallint, count(*) FROM invoices GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO invoice_rollups (tenant_id, service_id, issued_on, due_on, status, invoices, total, amount_paid)
SELECT tenant_id, service_id, issued_on, due_on, status, count(*), sum(total), sum(amount_paid) FROM invoices GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
SELECT meterline_rebuild_payment_rollups(t.tenant_id) FROM (SELECT DISTINCT tenant_id FROM payments) t;
