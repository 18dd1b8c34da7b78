import type { Action, Subject } from './permissions';

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

/**
 * Kinds seen only by the user who started them (a CSV export: its rows are the starter's list, with
 * the starter's filters; its permission is the list's own, checked again at the download).
 */
export const OWN_JOB_KINDS = ['export'] as const satisfies readonly JobKind[];
/** The kinds seen by role: whoever may start one sees every job of the kind in the tenant. */
export type RoleJobKind = Exclude<JobKind, (typeof OWN_JOB_KINDS)[number]>;
export const ROLE_JOB_KINDS = JOB_KINDS.filter((kind): kind is RoleJobKind => !(OWN_JOB_KINDS as readonly JobKind[]).includes(kind));

/** The permission that starts a job of each kind: the same one lets a user see it and cancel it. */
export const JOB_KIND_PERMISSIONS: Record<RoleJobKind, [Action, Subject]> = {
  // The billing run's route asks `create invoice` and `manage invoice`; `manage` holds `create`.
  billing_run: ['manage', 'invoice'],
  statements: ['list', 'statement'],
  // The import's route asks `create customer_import` (admins only).
  customer_import: ['create', 'customer_import'],
  // Sending bills (docs/notifications.md) asks `create invoice` and `manage invoice`: office staff, not the desk or collectors.
  send_bills: ['manage', 'invoice'],
};

/** The permissions of the kinds seen by role (the Jobs routes ask for one of them). */
export function roleJobKindPermissions(): [Action, Subject][] {
  return ROLE_JOB_KINDS.map((kind) => JOB_KIND_PERMISSIONS[kind]);
}
