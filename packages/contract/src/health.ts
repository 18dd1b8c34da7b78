import { z } from 'zod';
import { errorSchema } from './errors';

/**
 * The operations endpoints (docs/operations.md, "Watching it"): `GET /api/health/live` (the process answers) and
 * `GET /api/health/ready` (it can serve: every database reachable and migrated, the job queue
 * running). Neither needs a token; neither names a host, a URL or an error's text.
 */
export const liveSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Live' });

/**
 * One check's outcome: `ok`, or why not (never the error's own text, which may name hosts):
 * `unreachable` or `timeout` (a database), `behind` (migrations not applied), `unknown` (the
 * migrations of a database that did not answer), `stopped` (the job queue).
 */
export const READY_CHECK_STATES = ['ok', 'unreachable', 'timeout', 'behind', 'stopped', 'unknown'] as const;
export type ReadyCheckState = (typeof READY_CHECK_STATES)[number];

/** `database.<alias>`, `migrations.<alias>` for every alias, and `job_queue`. */
export const readyChecksSchema = z.record(z.string(), z.enum(READY_CHECK_STATES));
export type ReadyChecks = z.infer<typeof readyChecksSchema>;

export const readySchema = z.object({ status: z.literal('ok'), checks: readyChecksSchema }).meta({ id: 'Ready' });

/** 503 `not_ready`: the API's error shape with the checks, the failing ones not `ok`. */
export const notReadySchema = errorSchema.extend({ checks: readyChecksSchema }).meta({ id: 'NotReady' });
