import type { Database } from '../../db/client';
import { databaseErrorCode } from '../../lib/http-errors';

/*
 * The readiness check's statements, as plain SQL on the database's own connection (PGlite's
 * client, PostgreSQL's pool): no table of the app is read.
 */

/**
 * The `created_at` of the newest migration drizzle's migrator recorded (its journal's `when`);
 * null when none is recorded or its table is not there (a database never migrated). One statement
 * answers both checks: a database that cannot be reached rejects it.
 */
export async function latestAppliedMigration(database: Database): Promise<number | null> {
  try {
    const { rows } = await database.sql.executeSql('select max(created_at) as latest from drizzle.__drizzle_migrations');
    const latest = (rows[0] as { latest?: unknown } | undefined)?.latest;
    return latest === null || latest === undefined ? null : Number(latest);
  } catch (error) {
    // 42P01 undefined table, 3F000 undefined schema.
    if (['42P01', '3F000'].includes(databaseErrorCode(error) ?? '')) return null;
    throw error;
  }
}
