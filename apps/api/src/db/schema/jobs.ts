import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
  },
  (table) => [
    uniqueIndex('jobs_one_active_per_kind')
      .on(table.tenantId, table.kind)
      .where(sql`${table.state} in ('queued', 'running')`),
    index('jobs_tenant_created_idx').on(table.tenantId, table.id.desc()),
  ],
);
