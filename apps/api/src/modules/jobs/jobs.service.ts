import PgBoss from 'pg-boss';
import { ERROR_CODES } from '@meterline/contract/errors';
import { JOB_KINDS, OWN_JOB_KINDS, visibleJobKinds, type Job, type JobKind, type JobState } from '@meterline/contract/jobs';
import type { Database } from '../../db/client';
import { conflict, HttpError, notFound } from '../../lib/http-errors';
import { inBackground } from '../../lib/background';
import type { ListSource } from '../../lib/list';
import type { AuditContext, TenantActor } from '../../plugins/request-context';
import { isUniqueViolation } from '../../scope/codes';
import {
  cancelJob,
  claimJob,
  findActiveJob,
  findJob,
  findJobDocument,
  findOrphanJobs,
  finishJob,
  insertJob,
  listJobsSource,
  requeueJob,
  requeueStaleJobs,
  setQueueJobId,
  touchHeartbeat,
  updateProgress,
  type JobRow,
  type JobRowWithCreator,
  type JobVisibility,
} from './jobs.repository';

/** What a user sees of the tenant's jobs: the kinds of their role, and the exports they started (docs/billing.md, "Exports"). */
function visibilityOf(actor: TenantActor, kind?: JobKind): JobVisibility {
  const only = (kinds: readonly JobKind[]) => kinds.filter((each) => !kind || each === kind);
  return { kinds: only(visibleJobKinds(actor.role)), own: { userId: actor.userId, kinds: only(OWN_JOB_KINDS) } };
}

/** Only the caller's own jobs of one kind. */
function ownOnly(actor: TenantActor, kind: JobKind): JobVisibility {
  return { kinds: [], own: { userId: actor.userId, kinds: [kind] } };
}

/**
 * Who started a job, as the request saw them: the handler builds the same service context
 * (`serviceContextFor`) and writes the same audit rows. Kept in the job's params.
 */
export interface StartedBy {
  actor: TenantActor;
  audit: AuditContext;
}

/** A job's parameters: the kind's own (the billing run's body) and who started it. */
export interface JobParams<T> {
  input: T;
  started_by: StartedBy;
}

/** The parameters a job was started with (written by `enqueue`, read back by its handler). */
export function jobParamsOf<T>(row: JobRow): JobParams<T> {
  return row.params as JobParams<T>;
}

/** What a kind's handler gets: its row, and the two hooks of a cooperative run. */
export interface JobControl {
  /** Writes the progress (`done` of `total`); reads back whether a user cancelled the job. */
  onProgress(done: number, total: number): Promise<void>;
  /** True once the job was cancelled or the process is stopping: the handler stops between batches. */
  isCancelled(): boolean;
}

/** A kind's work: its result (the job's `result`) and, for a printed document, the document's HTML. */
export type JobHandler = (job: JobRow, control: JobControl) => Promise<{ result: unknown; document?: string }>;

/** The queue's (pg-boss) settings per kind: how long one delivery may run before the queue tries it again. */
const QUEUE_OPTIONS = {
  // A delivery not finished within this time is retried: the last resort, since a dead process's job is
  // sent again within about a minute by its stale heartbeat (requeueStale).
  expireInSeconds: 15 * 60,
  retryLimit: 5,
  retryDelay: 5,
  // A delivery may wait a week in the queue before pg-boss drops it (the `jobs` table is the history users see).
  retentionMinutes: 7 * 24 * 60,
};

/** The kind's queue, made once (by whichever process comes first). */
async function ensureQueue(started: PgBoss, kind: JobKind) {
  for (let attempt = 1; ; attempt += 1) {
    if (await started.getQueue(kind)) return;
    try {
      await started.createQueue(kind, { name: kind, policy: 'standard', ...QUEUE_OPTIONS });
      return;
    } catch (error) {
      // Another process (PostgreSQL, several API processes) made it at the same time: either it
      // exists now, or the two creations deadlocked (40P01) and the other one is about to commit.
      if (await started.getQueue(kind)) return;
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** A dead process's job to the queue again, its old delivery cancelled (it must not be delivered besides the new one). */
async function sendAgain(
  db: Database['db'],
  started: PgBoss,
  job: JobRow,
  send: (kind: JobKind, jobId: number) => Promise<string | null>,
): Promise<void> {
  const kind = job.kind as JobKind;
  if (job.queueJobId) await started.cancel(kind, job.queueJobId).catch(() => undefined);
  const queueJobId = await send(kind, job.id);
  if (queueJobId) await requeueJob(db, job.id, queueJobId);
}

/** The process stops (app.close): a running job is left `running` for the next start, or another process. */
class JobAbandoned extends Error {}

const POLLING_SECONDS = 2;

/**
 * A dead process's running job (docs/billing.md, "Jobs"): a running job writes its heartbeat with
 * each progress and every `beatMs`; every `sweepMs` each process sends again the running jobs whose
 * heartbeat is older than `staleAfterSeconds` (at least 60: many beats missed, not one slow one).
 */
export interface HeartbeatOptions {
  staleAfterSeconds: number;
  beatMs: number;
  /** 0: no sweep on a timer (a test calls `requeueStale` itself). */
  sweepMs: number;
}

export function heartbeatOptions(staleAfterSeconds: number): HeartbeatOptions {
  return { staleAfterSeconds, beatMs: (staleAfterSeconds * 1000) / 6, sweepMs: (staleAfterSeconds * 1000) / 4 };
}

/**
 * The job queue: pg-boss in the `default` database, on PGlite through its one client, on
 * PostgreSQL through the pool (docs/billing.md, "Jobs"). The `jobs` table
 * is the job as users see it (one queued or running per tenant and kind); pg-boss delivers it to
 * one worker, and delivers it again after a crash.
 */
export function createJobService(deps: {
  database: Database;
  log: (message: string, error?: unknown) => void;
  /** Told of every job that ends failed (the metrics' counter). */
  onFailed?: (kind: JobKind) => void;
  heartbeat?: HeartbeatOptions;
}) {
  const { database } = deps;
  const heartbeat = deps.heartbeat ?? heartbeatOptions(60);
  const db = database.db;
  const handlers = new Map<JobKind, JobHandler>();
  const workers = new Map<JobKind, string>();
  /** Jobs this process runs now: a second delivery of one of them (an expired delivery retried) is let go. */
  const runningHere = new Set<number>();
  let boss: PgBoss | null = null;
  let isStopping = false;
  let sweeper: NodeJS.Timeout | null = null;

  async function deliver(kind: JobKind, jobId: number): Promise<void> {
    const handler = handlers.get(kind);
    if (!handler || runningHere.has(jobId)) return;
    const row = await claimJob(db, jobId);
    if (!row) return;
    runningHere.add(jobId);
    // The heartbeat while the handler works between progresses (a failed write is tried at the next beat).
    const beat = setInterval(() => void touchHeartbeat(db, jobId).catch(() => undefined), heartbeat.beatMs);
    beat.unref();
    let isCancelled = false;
    const control: JobControl = {
      onProgress: async (done, total) => {
        const state = await updateProgress(db, jobId, done, total);
        if (state === 'cancelled') isCancelled = true;
      },
      isCancelled: () => isCancelled || isStopping,
    };
    try {
      const { result, document } = await inBackground(() => handler(row, control));
      if (isStopping && !isCancelled) throw new JobAbandoned(`job ${jobId} left running: the process is stopping`);
      await finishJob(db, jobId, { state: 'done', result, document: document ?? null });
    } catch (error) {
      // Thrown to the queue, which marks its delivery failed and delivers it again (retry).
      if (error instanceof JobAbandoned) throw error;
      if (!(error instanceof HttpError)) deps.log(`job ${jobId} (${kind}) failed`, error);
      const detail = error instanceof HttpError ? JSON.stringify(error.body) : 'A server error occurred.';
      await finishJob(db, jobId, { state: 'failed', error: detail });
      deps.onFailed?.(kind);
    } finally {
      clearInterval(beat);
      runningHere.delete(jobId);
    }
  }

  /** Sends again, at once, the running jobs whose process died (their heartbeat is stale). */
  async function requeueStale(): Promise<number[]> {
    const started = boss;
    if (!started) return [];
    const stale = await requeueStaleJobs(db, heartbeat.staleAfterSeconds);
    for (const job of stale) await sendAgain(db, started, job, send);
    return stale.map((job) => job.id);
  }

  /** One job of the caller's tenant that they may see (404 otherwise, like a missing one). */
  const detail = async (actor: TenantActor, id: number): Promise<Job> => toJob(await findVisible(db, actor, id, visibilityOf(actor)));

  async function send(kind: JobKind, jobId: number): Promise<string | null> {
    if (!boss) return null;
    const queueJobId = await boss.send(kind, { jobId });
    const worker = workers.get(kind);
    if (worker) boss.notifyWorker(worker);
    return queueJobId;
  }

  return {
    /** The work of a kind (app.ts registers each kind's handler, so this module imports none of them). */
    handle(kind: JobKind, handler: JobHandler) {
      handlers.set(kind, handler);
    },

    /** Starts the queue and its workers, and sends again the jobs a dead process left (docs/billing.md, "Crash safety"). */
    async start() {
      if (boss) return;
      isStopping = false;
      const started = new PgBoss({ db: database.sql, schema: 'pgboss', migrate: true, supervise: true, schedule: false });
      started.on('error', (error) => deps.log('job queue error', error));
      await started.start();
      boss = started;
      for (const kind of JOB_KINDS) {
        await ensureQueue(started, kind);
        if (!handlers.has(kind)) continue;
        const worker = await started.work<{ jobId: number }>(
          kind,
          { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS },
          async ([job]) => {
            if (job) await deliver(kind, job.data.jobId);
          },
        );
        workers.set(kind, worker);
      }
      for (const orphan of await findOrphanJobs(db, { isSingleProcess: database.kind === 'pglite' }))
        await sendAgain(db, started, orphan, send);
      if (heartbeat.sweepMs > 0) {
        sweeper = setInterval(
          () => void requeueStale().catch((error: unknown) => deps.log('job heartbeat sweep failed', error)),
          heartbeat.sweepMs,
        );
        sweeper.unref();
      }
    },

    requeueStale,

    /** The queue is started and not stopping (the readiness check). */
    isRunning(): boolean {
      return boss !== null && !isStopping;
    },

    /** Deliveries waiting per kind (queued or to retry, not the running ones): one count per kind. */
    async queueDepths(): Promise<Record<JobKind, number>> {
      const started = boss;
      if (!started) throw new Error('the job queue is not running');
      const depths = await Promise.all(JOB_KINDS.map(async (kind) => [kind, await started.getQueueSize(kind)] as const));
      return Object.fromEntries(depths) as Record<JobKind, number>;
    },

    /** Stops taking jobs; a running one stops at its next batch and is left for the next start. */
    async stop() {
      if (!boss) return;
      isStopping = true;
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      const stopping = boss;
      boss = null;
      workers.clear();
      await stopping.stop({ graceful: true, wait: true, timeout: 30_000, close: false });
    },

    /**
     * A new job of the tenant: 409 job_already_running (with the running job's id) while one of the
     * kind is queued or running.
     */
    async enqueue<T>(kind: JobKind, values: { serviceId: number | null; input: T; startedBy: StartedBy }): Promise<Job> {
      const { actor } = values.startedBy;
      const params: JobParams<T> = { input: values.input, started_by: values.startedBy };
      const row = await insertActiveJob(db, {
        tenantId: actor.tenantId,
        serviceId: values.serviceId,
        kind,
        params,
        createdBy: actor.userId,
      });
      let queueJobId: string | null;
      try {
        queueJobId = await send(kind, row.id);
      } catch (error) {
        // The queue refused it: the job ends failed at once, so it does not hold the tenant's slot.
        deps.log(`job ${row.id} (${kind}) could not be queued`, error);
        if (await claimJob(db, row.id)) await finishJob(db, row.id, { state: 'failed', error: 'The job could not be queued.' });
        deps.onFailed?.(kind);
        throw error;
      }
      if (queueJobId) await setQueueJobId(db, row.id, queueJobId);
      const created = await findJob(db, actor.tenantId, row.id, { kinds: [kind] });
      if (!created) throw notFound();
      return toJob(created);
    },

    detail,

    /** The caller's own job of an own kind (an export): another user's, like another tenant's, is a 404. */
    ownJob: (actor: TenantActor, id: number, kind: JobKind): Promise<JobRowWithCreator> => findVisible(db, actor, id, ownOnly(actor, kind)),

    /** Cancels the caller's own job of an own kind (another user's is a 404). */
    cancelOwn: (actor: TenantActor, id: number, kind: JobKind) => cancelVisible(db, actor, id, ownOnly(actor, kind)),

    listSource(actor: TenantActor, kind: JobKind | undefined) {
      const source = listJobsSource(db, actor.tenantId, visibilityOf(actor, kind));
      return {
        countQuery: source.countQuery,
        fetchPage: async (limit: number, offset: number) => (await source.fetchPage(limit, offset)).map(toJob),
      } satisfies ListSource<Job>;
    },

    /** Cooperative: the job stops at its next batch; a finished job is a 409 job_not_active. */
    cancel: (actor: TenantActor, id: number) => cancelVisible(db, actor, id, visibilityOf(actor)),

    /** A done job's document (409 job_not_done before), for `GET /api/jobs/{id}/file/`. */
    async document(actor: TenantActor, id: number): Promise<{ job: Job; html: string }> {
      const job = await detail(actor, id);
      const html = job.state === 'done' ? await findJobDocument(db, id) : null;
      if (html === null) throw conflict(ERROR_CODES.jobNotDone);
      return { job, html };
    },
  };
}

export type JobService = ReturnType<typeof createJobService>;

/**
 * The job's row, or 409 job_already_running (with the active job's id). The active job may end
 * between the refused insert and the look for it (another process ran it): then the slot is free
 * and the insert is tried again, so a 409 always names a job.
 */
async function insertActiveJob(db: Database['db'], values: Parameters<typeof insertJob>[1]): Promise<JobRow> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await insertJob(db, values);
    } catch (error) {
      if (!isUniqueViolation(error, 'jobs_one_active_per_kind')) throw error;
      const running = await findActiveJob(db, values.tenantId, values.kind);
      if (running || attempt >= 2) {
        throw new HttpError(409, ERROR_CODES.jobAlreadyRunning, {
          params: { job: running?.id ?? 0 },
          extra: { job: running?.id ?? null },
        });
      }
    }
  }
}

/** A job the caller may see, or a 404 like a missing one. */
async function findVisible(db: Database['db'], actor: TenantActor, id: number, visibility: JobVisibility): Promise<JobRowWithCreator> {
  const row = await findJob(db, actor.tenantId, id, visibility);
  if (!row) throw notFound();
  return row;
}

async function cancelVisible(db: Database['db'], actor: TenantActor, id: number, visibility: JobVisibility): Promise<Job> {
  await findVisible(db, actor, id, visibility);
  if (!(await cancelJob(db, actor.tenantId, id))) throw conflict(ERROR_CODES.jobNotActive);
  return toJob(await findVisible(db, actor, id, visibility));
}

export function toJob(row: JobRowWithCreator): Job {
  return {
    id: row.id,
    kind: row.kind as JobKind,
    state: row.state as JobState,
    progress: { done: row.progressDone, total: row.progressTotal },
    result: row.result ?? null,
    error: row.error,
    created_by: row.createdBy === null ? null : { id: row.createdBy, name: row.creatorName ?? '' },
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
