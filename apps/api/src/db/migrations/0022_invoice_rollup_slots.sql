-- Issue 18: a payment moves its invoice from "unpaid" to "paid", and the trigger of 0006 moved the
-- two rollup rows of that invoice's issue day, due day and status. A month's invoices share those
-- days, so every payment of the month locked the same two rows until its commit, and concurrent
-- payments on distinct invoices ran one at a time. The rows are now kept in 16 slots (id % 16),
-- like invoice_counts and payment_rollups: readers sum them, as they already did.
ALTER TABLE "invoice_rollups" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_rollups" ALTER COLUMN "slot" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoice_rollups" DROP CONSTRAINT "invoice_rollups_pkey";--> statement-breakpoint
ALTER TABLE "invoice_rollups" ADD CONSTRAINT "invoice_rollups_pkey" PRIMARY KEY ("tenant_id","service_id","issued_on","due_on","status","slot");--> statement-breakpoint
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
    INSERT INTO invoice_rollups AS r (tenant_id, service_id, issued_on, due_on, status, slot, invoices, total, amount_paid)
    SELECT tenant_id, service_id, issued_on, due_on, status, (id %% 16)::smallint, sum(n), sum(total * n), sum(amount_paid * n) FROM delta
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(total * n) <> 0 OR sum(amount_paid * n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (tenant_id, service_id, issued_on, due_on, status, slot) DO UPDATE
      SET invoices = r.invoices + excluded.invoices, total = r.total + excluded.total, amount_paid = r.amount_paid + excluded.amount_paid
  $sql$, changed);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
