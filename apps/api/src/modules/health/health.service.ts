import type { ReadyChecks, ReadyCheckState } from '@meterline/contract/health';
import { latestMigrationMillis, type Database, type DatabaseRegistry } from '../../db/client';
import { loggableError, type LoggableError } from '../../lib/loggable-error';
import { TimeoutError, within } from '../../lib/timeout';
import { latestAppliedMigration } from './health.repository';

/** A check that has not answered within this time counts as failed (`timeout`). */
const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  isReady: boolean;
  /** `database.<alias>`, `migrations.<alias>` per alias, and `job_queue`. */
  checks: ReadyChecks;
  /** Why the failing checks failed, for the log only (never answered: they may name hosts). */
  faults: Record<string, LoggableError>;
}

/**
 * The readiness check (docs/operations.md): every database alias answers a `select 1` and has the
 * journal's last migration, and the job queue runs. Each database's checks are bounded by a
 * short timeout, and concurrent callers (a load balancer, a monitor) share one check in flight, so
 * a slow database never piles probes up on its pool.
 */
export function createHealthService(deps: { databases: DatabaseRegistry; jobs: { isRunning(): boolean }; timeoutMs?: number }) {
  const expectedMigration = latestMigrationMillis();
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;
  let inFlight: Promise<Readiness> | null = null;

  async function checkDatabase(database: Database, readiness: Readiness): Promise<void> {
    const [reachable, migrations] = [`database.${database.alias}`, `migrations.${database.alias}`];
    try {
      const applied = await within(latestAppliedMigration(database), timeoutMs);
      readiness.checks[reachable] = 'ok';
      readiness.checks[migrations] = applied !== null && applied >= expectedMigration ? 'ok' : 'behind';
    } catch (error) {
      const state: ReadyCheckState = error instanceof TimeoutError ? 'timeout' : 'unreachable';
      readiness.checks[reachable] = state;
      readiness.checks[migrations] = 'unknown';
      if (!(error instanceof TimeoutError)) readiness.faults[reachable] = loggableError(error);
    }
  }

  async function check(): Promise<Readiness> {
    const readiness: Readiness = { isReady: false, checks: {}, faults: {} };
    await Promise.all(deps.databases.all().map((database) => checkDatabase(database, readiness)));
    readiness.checks.job_queue = deps.jobs.isRunning() ? 'ok' : 'stopped';
    readiness.isReady = Object.values(readiness.checks).every((state) => state === 'ok');
    return readiness;
  }

  return {
    ready(): Promise<Readiness> {
      inFlight ??= check().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
