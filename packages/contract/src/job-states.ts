/**
 * The kinds and states of a job, without zod: the lists' screens read them (a CSV export runs as a
 * job) before any form loads zod (docs/performance.md, "No zod before a screen shows").
 */
export const JOB_KINDS = ['billing_run', 'statements', 'customer_import', 'send_bills', 'export'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A job not finished yet: it may be cancelled, and it holds its tenant's one slot of its kind. */
export const ACTIVE_JOB_STATES = ['queued', 'running'] as const satisfies readonly JobState[];
