import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../db/client';
import { constraintName, databaseErrorCode } from '../lib/http-errors';

/** Rows of a raw SQL query, typed by the caller (both drivers answer `{ rows }`). */
export async function selectRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The next id of a serial table, taken before the insert so that a generated code can carry it. */
export async function nextSerialId(executor: Executor, tableName: string): Promise<number> {
  const row = first(
    await selectRows<{ id: string }>(executor, sql`select nextval(pg_get_serial_sequence(${tableName}, 'id'))::text as id`),
    'the next serial id',
  );
  return Number(row.id);
}

/**
 * A readable code unique per tenant from the row's id (C-000123); should a user have taken that
 * code by hand, a suffix keeps it unique.
 */
export async function generateCode(
  executor: Executor,
  table: PgTable & { tenantId: PgColumn; code: PgColumn },
  tenantId: number,
  prefix: string,
  id: number,
): Promise<string> {
  const base = `${prefix}-${String(id).padStart(6, '0')}`;
  for (let attempt = 1; ; attempt += 1) {
    const code = attempt === 1 ? base : `${base}-${attempt}`;
    const [taken] = await executor
      .select({ code: table.code })
      .from(table)
      .where(and(eq(table.tenantId, tenantId), eq(table.code, code)))
      .limit(1);
    if (!taken) return code;
  }
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return databaseErrorCode(error) === '23505' && constraintName(error) === constraint;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return databaseErrorCode(error) === '23503';
}
