/**
 * How many API processes `npm start` runs (`WEB_CONCURRENCY`, node:cluster). Several processes need
 * PostgreSQL: PGlite is an embedded database that one process holds (its data-directory lock), so
 * with PGlite the count is forced to 1 and the reason is said once at start.
 */
export function resolveWorkerCount(value: string | undefined, options: { hasPostgres: boolean }): { count: number; notice: string | null } {
  if (value === undefined || value.trim() === '') return { count: 1, notice: null };
  const requested = Number(value);
  if (!Number.isInteger(requested) || requested < 1) {
    return { count: 1, notice: `WEB_CONCURRENCY=${value} is not a whole number of processes (1 or more): running 1 process.` };
  }
  if (requested > 1 && !options.hasPostgres) {
    return {
      count: 1,
      notice: `WEB_CONCURRENCY=${requested} needs PostgreSQL (DATABASE_URL): the embedded PGlite database is held by one process, so Meterline runs 1 process.`,
    };
  }
  return { count: requested, notice: null };
}
