import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_JOB_STATES, type JobKind, type JobState } from '@meterline/contract/jobs';
import type { Executor } from '../../db/client';
import { jobs, users } from '../../db/schema/index';
import type { ListSource } from '../../lib/list';

export type JobRow = typeof jobs.$inferSelect;
/** A job's row with its creator's name, as the list and the detail answer it. */
export type JobRowWithCreator = JobRow & { creatorName: string | null };

const withCreator = {
  job: jobs,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};

function toRowWithCreator(row: {
  job: JobRow;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}): JobRowWithCreator {
  const name = row.username === null ? null : `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.username;
  return { ...row.job, creatorName: name };
}

/** A new queued job; a second queued or running job of the tenant and kind breaks `jobs_one_active_per_kind`. */
export async function insertJob(
  executor: Executor,
  values: { tenantId: number; serviceId: number | null; kind: JobKind; params: unknown; createdBy: number },
): Promise<JobRow> {
  const [row] = await executor.insert(jobs).values(values).returning();
  if (!row) throw new Error('the inserted job row');
  return row;
}

/** The tenant's queued or running job of a kind (the one a 409 job_already_running names). */
export async function findActiveJob(executor: Executor, tenantId: number, kind: JobKind): Promise<JobRow | null> {
  const [row] = await executor
    .select()
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.kind, kind), inArray(jobs.state, [...ACTIVE_JOB_STATES])))
    .limit(1);
  return row ?? null;
}

/** What a caller sees of the tenant's jobs: every job of `kinds`, and their own of `ownKinds` (an export). */
export interface JobVisibility {
  kinds: readonly JobKind[];
  own?: { userId: number; kinds: readonly JobKind[] };
}

function visibleWhere(tenantId: number, visibility: JobVisibility): SQL | undefined {
  const byKind = visibility.kinds.length ? inArray(jobs.kind, [...visibility.kinds]) : undefined;
  const own = visibility.own?.kinds.length
    ? and(inArray(jobs.kind, [...visibility.own.kinds]), eq(jobs.createdBy, visibility.own.userId))
    : undefined;
  return and(eq(jobs.tenantId, tenantId), or(byKind, own) ?? sql`false`);
}

/** One job of the tenant that the caller may see (another tenant's is not found). */
export async function findJob(
  executor: Executor,
  tenantId: number,
  id: number,
  visibility: JobVisibility,
): Promise<JobRowWithCreator | null> {
  const [row] = await executor
    .select(withCreator)
    .from(jobs)
    .leftJoin(users, eq(users.id, jobs.createdBy))
    .where(and(visibleWhere(tenantId, visibility), eq(jobs.id, id)));
  return row ? toRowWithCreator(row) : null;
}

/** The tenant's jobs the caller may see, newest first. */
export function listJobsSource(executor: Executor, tenantId: number, visibility: JobVisibility): ListSource<JobRowWithCreator> {
  const where = visibleWhere(tenantId, visibility);
  return {
    countQuery: () => executor.select({ id: jobs.id }).from(jobs).where(where).$dynamic(),
    fetchPage: async (limit, offset) =>
      (
        await executor
          .select(withCreator)
          .from(jobs)
          .leftJoin(users, eq(users.id, jobs.createdBy))
          .where(where)
          .orderBy(desc(jobs.id))
          .limit(limit)
          .offset(offset)
      ).map(toRowWithCreator),
  };
}

export async function setQueueJobId(executor: Executor, id: number, queueJobId: string | null): Promise<void> {
  await executor.update(jobs).set({ queueJobId }).where(eq(jobs.id, id));
}

/**
 * The worker takes the job: a queued one, or a running one left by a process that died (the queue
 * delivers a job to one worker at a time). Null when it was cancelled or finished meanwhile.
 */
export async function claimJob(executor: Executor, id: number): Promise<JobRow | null> {
  const [row] = await executor
    .update(jobs)
    .set({
      state: 'running',
      startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      attempts: sql`${jobs.attempts} + 1`,
      heartbeatAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), inArray(jobs.state, [...ACTIVE_JOB_STATES])))
    .returning();
  return row ?? null;
}

/** Progress of a running job; answers its state, so the worker sees a cancellation between batches. */
export async function updateProgress(executor: Executor, id: number, done: number, total: number): Promise<JobState | null> {
  const [row] = await executor
    .update(jobs)
    .set({ progressDone: done, progressTotal: total, heartbeatAt: sql`now()` })
    .where(eq(jobs.id, id))
    .returning({ state: jobs.state });
  return (row?.state as JobState | undefined) ?? null;
}

/**
 * The job's end: done or failed from `running` only. A job cancelled while it ran keeps its state
 * and gets the result of what it did before it stopped.
 */
export async function finishJob(
  executor: Executor,
  id: number,
  values: { state: 'done' | 'failed'; result?: unknown; error?: string | null; document?: string | null },
): Promise<void> {
  const set = { result: values.result ?? null, error: values.error ?? null, document: values.document ?? null };
  await executor
    .update(jobs)
    .set({ ...set, state: values.state, finishedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')));
  await executor
    .update(jobs)
    .set({ result: set.result })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'cancelled'), isNull(jobs.result)));
}

/** Cancels a queued or running job of the tenant; null when it had finished already. */
export async function cancelJob(executor: Executor, tenantId: number, id: number): Promise<JobRow | null> {
  const [row] = await executor
    .update(jobs)
    .set({ state: 'cancelled', finishedAt: sql`now()` })
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.id, id), inArray(jobs.state, [...ACTIVE_JOB_STATES])))
    .returning();
  return row ?? null;
}

/**
 * Jobs to send to the queue again at start. Embedded (PGlite: one process owns the data directory),
 * every queued or running job is an orphan of the process before. On PostgreSQL, only a queued job
 * the queue never got (its process died between the row and the queue's send) after a minute; a
 * running one is sent again once its heartbeat is stale (`requeueStaleJobs`).
 */
export async function findOrphanJobs(executor: Executor, options: { isSingleProcess: boolean }): Promise<JobRow[]> {
  if (options.isSingleProcess)
    return executor
      .select()
      .from(jobs)
      .where(inArray(jobs.state, [...ACTIVE_JOB_STATES]))
      .orderBy(jobs.id);
  return executor
    .select()
    .from(jobs)
    .where(and(eq(jobs.state, 'queued'), isNull(jobs.queueJobId), lt(jobs.createdAt, sql`now() - interval '1 minute'`)))
    .orderBy(jobs.id);
}

/** An orphaned running job goes back to the queue's waiting line. */
export async function requeueJob(executor: Executor, id: number, queueJobId: string): Promise<void> {
  await executor
    .update(jobs)
    .set({ state: 'queued', queueJobId })
    .where(and(eq(jobs.id, id), inArray(jobs.state, [...ACTIVE_JOB_STATES])));
}

/** The finished document of a done job (the bulk statements' HTML). */
export async function findJobDocument(executor: Executor, id: number): Promise<string | null> {
  const [row] = await executor.select({ document: jobs.document }).from(jobs).where(eq(jobs.id, id));
  return row?.document ?? null;
}

/** The running job's process is alive: its heartbeat (written on a timer while the handler works). */
export async function touchHeartbeat(executor: Executor, id: number): Promise<void> {
  await executor
    .update(jobs)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')));
}

/**
 * Running jobs whose heartbeat is older than `staleAfterSeconds`: their process died (a live one
 * writes it on a timer). They go back to `queued` in the same statement, so of two processes
 * sweeping at once only one sends each again. Answers them with their old delivery's id.
 */
export async function requeueStaleJobs(executor: Executor, staleAfterSeconds: number): Promise<JobRow[]> {
  return executor
    .update(jobs)
    .set({ state: 'queued', heartbeatAt: null })
    .where(
      and(
        eq(jobs.state, 'running'),
        lt(
          sql`coalesce(${jobs.heartbeatAt}, ${jobs.startedAt}, ${jobs.createdAt})`,
          sql`now() - make_interval(secs => ${staleAfterSeconds})`,
        ),
      ),
    )
    .returning();
}
