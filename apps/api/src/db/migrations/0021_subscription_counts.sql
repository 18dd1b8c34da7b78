-- Issue 18: the dashboard's figures (stats1) counted the tenant's open subscriptions on every call,
-- an index walk over every meter of the tenant (one per customer at an operator's size). These
-- rows keep the open subscriptions (ended_on is null) per service in 16 slots (id % 16), exact in
-- the transaction of every write that opens, ends, moves or deletes one, like customer_counts (0020).
CREATE TABLE "subscription_counts" (
	"tenant_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"subscriptions" bigint NOT NULL,
	CONSTRAINT "subscription_counts_pkey" PRIMARY KEY ("tenant_id","service_id","slot")
);--> statement-breakpoint
-- Inserts and deletes once per statement (an import opens thousands in one), summed per key and
-- upserted in key order so two writers lock counter rows in the same order.
CREATE OR REPLACE FUNCTION meterline_subscription_counts() RETURNS trigger AS $$
DECLARE
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'select tenant_id, service_id, id, 1 as n from new_rows where ended_on is null'
    ELSE 'select tenant_id, service_id, id, -1 as n from old_rows where ended_on is null'
  END;
  EXECUTE format($sql$
    INSERT INTO subscription_counts AS c (tenant_id, service_id, slot, subscriptions)
    SELECT tenant_id, service_id, (id %% 16)::smallint, sum(n) FROM (%s) delta
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, service_id, slot) DO UPDATE SET subscriptions = c.subscriptions + excluded.subscriptions
  $sql$, changed);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An update moves a count only when it ends or reopens a subscription or moves it to another
-- service or tenant: a row trigger with that condition, so a reading (which writes the counter
-- column on every visit) costs nothing here.
CREATE OR REPLACE FUNCTION meterline_subscription_moved() RETURNS trigger AS $$
BEGIN
  INSERT INTO subscription_counts AS c (tenant_id, service_id, slot, subscriptions)
  SELECT k.tenant_id, k.service_id, k.slot, sum(k.n) FROM (VALUES
    (OLD.tenant_id, OLD.service_id, (OLD.id % 16)::smallint, CASE WHEN OLD.ended_on IS NULL THEN -1 ELSE 0 END::bigint),
    (NEW.tenant_id, NEW.service_id, (NEW.id % 16)::smallint, CASE WHEN NEW.ended_on IS NULL THEN 1 ELSE 0 END::bigint)
  ) AS k (tenant_id, service_id, slot, n)
  GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, service_id, slot) DO UPDATE SET subscriptions = c.subscriptions + excluded.subscriptions;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER subscriptions_counts_insert AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION meterline_subscription_counts();--> statement-breakpoint
CREATE TRIGGER subscriptions_counts_delete AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION meterline_subscription_counts();--> statement-breakpoint
CREATE TRIGGER subscriptions_counts_update AFTER UPDATE OF "tenant_id", "service_id", "ended_on" ON "subscriptions" FOR EACH ROW
  WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.service_id IS DISTINCT FROM NEW.service_id OR (OLD.ended_on IS NULL) IS DISTINCT FROM (NEW.ended_on IS NULL))
  EXECUTE FUNCTION meterline_subscription_moved();--> statement-breakpoint
-- Subscriptions opened before this migration.
INSERT INTO subscription_counts (tenant_id, service_id, slot, subscriptions)
SELECT tenant_id, service_id, (id % 16)::smallint, count(*) FROM subscriptions WHERE ended_on IS NULL GROUP BY 1, 2, 3;
