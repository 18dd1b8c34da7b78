import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './platform';

/** Long work run in the background (docs/billing.md): in `default`, beside the queue (pg-boss) that delivers it. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    serviceId: integer('service_id'),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('queued'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    params: jsonb('params').notNull().default({}),
    result: jsonb('result'),
    error: text('error'),
    document: text('document'),
    queueJobId: uuid('queue_job_id'),
    attempts: integer('attempts').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Written at the claim, with each progress and on a timer while running: a stale one is a dead process's job. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_one_active_per_kind')
      .on(table.tenantId, table.kind)
      .where(sql`${table.state} in ('queued', 'running')`),
    index('jobs_tenant_created_idx').on(table.tenantId, table.id.desc()),
    index('jobs_running_heartbeat_idx')
      .on(table.heartbeatAt)
      .where(sql`${table.state} = 'running'`),
  ],
);

/**
 * A customer import's committed batches (docs/tenants-and-settings.md, "The CSV import"): in the
 * tenant's database, written in each batch's transaction, so a job run again skips them.
 */
export const customerImportBatches = pgTable(
  'customer_import_batches',
  {
    tenantId: integer('tenant_id').notNull(),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    batch: integer('batch').notNull(),
    created: integer('created').notNull(),
    subscriptions: integer('subscriptions').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.jobId, table.batch] })],
);
