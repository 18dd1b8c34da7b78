import { z } from 'zod';
import { calendarDateSchema, idInputSchema } from './billing-common';
import { idSchema } from './common';
import { listQuerySchema, paginatedSchema } from './pagination';
import { JOB_KIND_PERMISSIONS, JOB_KINDS, JOB_STATES, ROLE_JOB_KINDS, type RoleJobKind } from './job-states';
import { can } from './permissions';

/**
 * Long work run in the background on the job queue (docs/billing.md, "Jobs"): the billing run, the
 * bulk statements and the customer import. Each kind is seen (listed, read, cancelled) by whoever may start it.
 */
export {
  ACTIVE_JOB_STATES,
  JOB_KIND_PERMISSIONS,
  JOB_KINDS,
  OWN_JOB_KINDS,
  roleJobKindPermissions,
  type JobKind,
  type JobState,
  type RoleJobKind,
} from './job-states';

export function canSeeJobKind(role: string | null | undefined, kind: RoleJobKind): boolean {
  const [action, subject] = JOB_KIND_PERMISSIONS[kind];
  return can(role, action, subject);
}

/** The kinds a role sees (the Jobs page and its menu entry show when there is any); its own exports come besides. */
export function visibleJobKinds(role: string | null | undefined): RoleJobKind[] {
  return ROLE_JOB_KINDS.filter((kind) => canSeeJobKind(role, kind));
}

export const jobSchema = z
  .object({
    id: idSchema,
    kind: z.enum(JOB_KINDS),
    state: z.enum(JOB_STATES),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    /** Done: the kind's answer (the billing run's report; the statements' `{count, language}`; the import's `{created, ...}`). */
    result: z.unknown().nullable(),
    /** Failed: what went wrong, in words for the log (never a stack). */
    error: z.string().nullable(),
    created_by: z.object({ id: idSchema, name: z.string() }).nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

/** `202 {"job": {...}}`: the answer of a route that started a job. */
export const jobStartedSchema = z.object({ job: jobSchema }).meta({ id: 'JobStarted' });
export type JobStarted = z.infer<typeof jobStartedSchema>;

export const listJobsQuerySchema = listQuerySchema.pick({ page: true, page_size: true }).extend({
  kind: z.enum(JOB_KINDS).optional(),
});
export const paginatedJobsSchema = paginatedSchema(jobSchema);

/** The bulk statements' result: the document is served by `GET /api/jobs/{id}/file/`. */
export const statementsJobResultSchema = z.object({ count: z.number().int(), language: z.enum(['en', 'ar']) });
export type StatementsJobResult = z.infer<typeof statementsJobResultSchema>;

/** `POST .../statements/`: every customer of a station or region (or of the service), in one document made by a job. */
export const bulkStatementsInputSchema = z.object({
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
  station: idInputSchema.optional(),
  region: idInputSchema.optional(),
  lang: z.enum(['en', 'ar']).optional(),
});
export type BulkStatementsInput = z.infer<typeof bulkStatementsInputSchema>;

/**
 * `POST /api/services/{serviceId}/exports/` (docs/billing.md, "Exports"): a list's CSV made by a job.
 * `query` holds the list's own query parameters as the list's URL carries them (strings).
 */
export const exportInputSchema = z.object({
  list: z.string().min(1).max(50),
  query: z.record(z.string().max(100), z.string().max(1000)).optional().default({}),
});
export type ExportInput = z.infer<typeof exportInputSchema>;

/** A done export's result: the rows written and the file's name (`GET …/exports/{id}/download/` serves it). */
export const exportJobResultSchema = z.object({ rows: z.number().int(), filename: z.string() });
export type ExportJobResult = z.infer<typeof exportJobResultSchema>;

/** The downloaded CSV file (text/csv): bytes, not JSON. */
export const exportFileSchema = z.any().meta({ description: 'The CSV file (text/csv; charset=utf-8, with a BOM)' });

/** `GET /api/jobs/{id}/file/`: the finished document, printed like any other. */
export const jobFileQuerySchema = z.object({ output: z.enum(['pdf', 'html']).optional().default('pdf') });
