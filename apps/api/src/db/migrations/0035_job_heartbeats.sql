-- Long work (jobs, docs/billing.md "Jobs").
--
-- A running job's heartbeat: written when a worker claims it, with each progress and on a timer
-- while it runs. A running job whose heartbeat is older than the threshold (60 s by default) lost
-- its process (kill -9, a machine gone): a sweep sends it to the queue again within about a minute,
-- instead of after the queue's 15-minute expiry.
ALTER TABLE jobs ADD COLUMN heartbeat_at timestamptz;
--> statement-breakpoint
CREATE INDEX jobs_running_heartbeat_idx ON jobs (heartbeat_at) WHERE state = 'running';
--> statement-breakpoint
-- A customer import's batches that committed, one row per batch, written in the batch's own
-- transaction (in the tenant's database, beside the customers): a job run again after a crash skips
-- them, so no customer is imported twice; two runs of one batch at once break the key and one rolls back.
CREATE TABLE customer_import_batches (
  tenant_id integer NOT NULL,
  job_id bigint NOT NULL,
  batch integer NOT NULL,
  created integer NOT NULL,
  subscriptions integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, job_id, batch)
);
