-- Issue 18: a service is one tenant's, so `tenant_id = $1 and service_id = $2` keeps as many rows as
-- `service_id = $2` alone. The planner multiplied the two selectivities instead: with 10 tenants it
-- expected a tenth of a service's invoices (9,057 of 32,420 in the bench), and a deep page (offset
-- 24,975) sorted the whole service in memory (47 ms) rather than walking the ordering's index
-- (11 ms). Extended statistics tell it that service_id determines tenant_id (filled by ANALYZE,
-- which autovacuum runs).
CREATE STATISTICS IF NOT EXISTS "invoices_tenant_service_stats" (dependencies) ON "tenant_id", "service_id" FROM "invoices";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "customers_tenant_service_stats" (dependencies) ON "tenant_id", "service_id" FROM "customers";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "payments_tenant_service_stats" (dependencies) ON "tenant_id", "service_id" FROM "payments";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "subscriptions_tenant_service_stats" (dependencies) ON "tenant_id", "service_id" FROM "subscriptions";
