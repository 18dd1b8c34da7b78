import { asc, count, desc, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify';
import { MESSAGES } from '@meterline/contract/errors';
import { COUNT_CAP, type ListQuery, type Paginated } from '@meterline/contract/pagination';
import type { Executor } from '../db/client';
import { fieldError, HttpError } from './http-errors';

export type OrderingFields = Record<string, AnyColumn | SQL>;

/**
 * `?ordering=-created_at,name` to ORDER BY clauses; an unknown field is a 400. The id is always
 * the last key, so pages are stable.
 */
export function orderByFor(ordering: string | undefined, fields: OrderingFields, fallback: string, idColumn: AnyColumn): SQL[] {
  const requested = (ordering?.trim() || fallback).split(',').map((part) => part.trim()).filter(Boolean);
  const clauses: SQL[] = [];
  for (const part of requested) {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    const column = fields[name];
    if (!column) throw fieldError('ordering', `Unknown ordering field "${name}". Allowed: ${Object.keys(fields).join(', ')}.`);
    clauses.push(descending ? desc(column) : asc(column));
  }
  clauses.push(asc(idColumn));
  return clauses;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `?search=` over several text columns, case-insensitive, `%` and `_` taken literally. */
export function searchCondition(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  return or(...columns.map((column) => sql`${column}::text ilike ${pattern}`));
}

/** Exact count up to COUNT_CAP, then COUNT_CAP with count_capped (a count over millions is slow). */
export async function countCapped(db: Executor, query: PgSelect): Promise<{ count: number; capped: boolean }> {
  const limited = query.limit(COUNT_CAP + 1).as('capped');
  const [row] = await db.select({ n: count() }).from(limited);
  const total = Number(row.n);
  return total > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: total, capped: false };
}

function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  if (page <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
  /** numeric cells are written as they are; text cells starting with = + - @ are escaped. */
  numeric?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined, numeric = false): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return !numeric && FORMULA_START.test(text) ? `'${text}` : text;
}

export interface ListSource<T> {
  /** The filtered query without ordering, limit or offset (used for the count). */
  countQuery: () => PgSelect;
  /** One page of the filtered, ordered rows. */
  fetchPage: (limit: number, offset: number) => Promise<T[]>;
}

/** Answers a paginated list in the DRF shape, or every matching row as CSV with `?format=csv`. */
export async function sendList<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Executor,
  query: ListQuery,
  source: ListSource<T>,
  csv: { filename: string; columns: CsvColumn<T>[] },
): Promise<Paginated<T> | FastifyReply> {
  if (query.format === 'csv') return sendCsv(reply, source, csv);
  const { page, page_size: pageSize } = query;
  const [{ count: total, capped }, results] = await Promise.all([
    countCapped(db, source.countQuery()),
    source.fetchPage(pageSize, (page - 1) * pageSize),
  ]);
  if (page > 1 && results.length === 0) throw new HttpError(404, { detail: MESSAGES.invalidPage, code: 'not_found' });
  const hasNext = capped ? results.length === pageSize : page * pageSize < total;
  return {
    count: total,
    count_capped: capped,
    next: hasNext ? pageUrl(request, page + 1) : null,
    previous: page > 1 ? pageUrl(request, page - 1) : null,
    results,
  };
}

const CSV_BATCH = 1000;

async function sendCsv<T>(reply: FastifyReply, source: ListSource<T>, csv: { filename: string; columns: CsvColumn<T>[] }) {
  const stream = stringify({ header: true, columns: csv.columns.map((column) => column.header), bom: true });
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.filename}.csv"`)
    .header('cache-control', 'no-store');
  void (async () => {
    try {
      for (let offset = 0; ; offset += CSV_BATCH) {
        const rows = await source.fetchPage(CSV_BATCH, offset);
        for (const row of rows) {
          const record = csv.columns.map((column) => csvCell(column.value(row), column.numeric));
          if (!stream.write(record)) await new Promise((resolve) => stream.once('drain', resolve));
        }
        if (rows.length < CSV_BATCH) break;
      }
      stream.end();
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  return reply.send(stream);
}
