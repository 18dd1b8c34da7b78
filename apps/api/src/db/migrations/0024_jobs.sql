-- Issue 29, item 3: long work (the billing run, bulk statements) runs in the background. The queue
-- that delivers it is pg-boss (its own schema `pgboss`, made by pg-boss at start); this table is the
-- job as the tenant's users see it: its kind, state, progress, parameters and result. It lives in
-- `default` with the queue (every alias gets the same schema, like the platform tables).
CREATE TABLE IF NOT EXISTS "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
	"service_id" integer,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	-- A finished document (the bulk statements' HTML), served by GET /api/jobs/{id}/file/; never in `result`.
	"document" text,
	-- The queue's (pg-boss) job that carries this one; a new one when a job orphaned by a crash is sent again.
	"queue_job_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("state" IN ('queued', 'running', 'done', 'failed', 'cancelled')),
	CONSTRAINT "jobs_progress_check" CHECK ("progress_done" >= 0 AND "progress_total" >= 0)
);--> statement-breakpoint
-- One queued or running job per tenant and kind: a second start is a 409 job_already_running.
CREATE UNIQUE INDEX IF NOT EXISTS "jobs_one_active_per_kind" ON "jobs" ("tenant_id", "kind") WHERE "state" IN ('queued', 'running');--> statement-breakpoint
-- The tenant's job list, newest first.
CREATE INDEX IF NOT EXISTS "jobs_tenant_created_idx" ON "jobs" ("tenant_id", "id" DESC);
