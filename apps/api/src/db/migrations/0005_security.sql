-- Attempt counters of rate-limiter-flexible (replaces the hand-written auth_throttle).
CREATE TABLE IF NOT EXISTS "rate_limits" (
  "key" text PRIMARY KEY NOT NULL,
  "points" integer DEFAULT 0 NOT NULL,
  "expire" timestamp with time zone
);
--> statement-breakpoint
DROP TABLE IF EXISTS "auth_throttle";
--> statement-breakpoint
-- The token issued at a rotation, so a repeat within the grace window answers the same pair.
ALTER TABLE "refresh_tokens" ADD COLUMN IF NOT EXISTS "replaced_by" text;
--> statement-breakpoint
-- Append-only tables refuse TRUNCATE too (the row triggers do not see it).
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();
--> statement-breakpoint
CREATE TRIGGER meter_readings_no_truncate BEFORE TRUNCATE ON "meter_readings" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();
--> statement-breakpoint
CREATE TRIGGER payments_no_truncate BEFORE TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION meterline_forbid_change();
