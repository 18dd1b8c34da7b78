import { asc, count, desc, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify';
import { ERROR_CODES } from '@meterline/contract/errors';
import { COUNT_CAP, type ListQuery, type Paginated } from '@meterline/contract/pagination';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../db/client';
import { fieldError, HttpError } from './http-errors';

export type OrderingFields = Record<string, AnyColumn | SQL>;

/**
 * `?ordering=-created_at,name` to ORDER BY clauses; an unknown field is a 400. The id is always
 * the last key (in the direction of the last field), so pages are stable.
 */
export function orderByFor(
  ordering: string | undefined,
  fields: OrderingFields,
  fallback: string,
  idColumn: AnyColumn,
  options: { isReversed?: boolean } = {},
): SQL[] {
  const requested = (ordering?.trim() || fallback)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const clauses: SQL[] = [];
  // Reversed (every direction flipped, nulls included) reads the last pages from the end.
  const flip = options.isReversed ?? false;
  let isLastDescending = false;
  for (const part of requested) {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    const column = fields[name];
    if (!column) throw fieldError('ordering', ERROR_CODES.unknownOrdering, { field: name, allowed: Object.keys(fields).join(', ') });
    clauses.push(descending !== flip ? desc(column) : asc(column));
    isLastDescending = descending;
  }
  // The id goes the way of the last field, so one (field, id) index serves both directions.
  clauses.push(isLastDescending !== flip ? desc(idColumn) : asc(idColumn));
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
  const row = first(await db.select({ n: count() }).from(limited), 'the row of the count');
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

export interface ListSource<T, Totals = never> {
  /** The filtered query without ordering, limit or offset (used for the count). */
  countQuery: () => PgSelect;
  /** One page of the filtered, ordered rows. */
  fetchPage: (limit: number, offset: number) => Promise<T[]>;
  /** The exact count kept by the writes (O(1)), when the filters allow one; null otherwise. */
  keptCount?: () => Promise<number | null>;
  /** Rows counted from the end of the ordering (returned in list order): deep pages read less. */
  fetchPageFromEnd?: (limit: number, offsetFromEnd: number) => Promise<T[]>;
  /** The sums of every filtered row (one aggregate over the same filters), for `?totals=true`. */
  totals?: () => Promise<Totals>;
}

/** The page's rows, read from whichever end of the ordering is nearer when the count is known. */
async function fetchNearerEnd<T>(source: ListSource<T, unknown>, total: number, limit: number, offset: number): Promise<T[]> {
  if (!source.fetchPageFromEnd || offset <= total / 2) return source.fetchPage(limit, offset);
  const end = Math.min(offset + limit, total);
  if (end <= offset) return [];
  return source.fetchPageFromEnd(end - offset, total - end);
}

async function countAndPage<T>(db: Executor, source: ListSource<T, unknown>, limit: number, offset: number) {
  // The first page does not depend on the count: it is read at the same time (one round trip less, docs/performance.md).
  const firstPage = offset === 0 ? source.fetchPage(limit, 0) : null;
  // Marked handled: if the count fails first, the page's own failure is not an unhandled rejection.
  firstPage?.catch(() => undefined);
  const kept = source.keptCount ? await source.keptCount() : null;
  if (kept !== null) {
    const counted = kept > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: kept, capped: false };
    return { ...counted, results: await (firstPage ?? fetchNearerEnd(source, kept, limit, offset)) };
  }
  const [counted, results] = await Promise.all([countCapped(db, source.countQuery()), firstPage ?? source.fetchPage(limit, offset)]);
  return { ...counted, results };
}

/**
 * Answers a paginated list in the DRF shape, or every matching row as CSV with `?format=csv`.
 * With `?totals=true` a list that holds money adds `totals`: its sums over every filtered row.
 */
export async function sendList<T, Totals = never>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Executor,
  query: ListQuery,
  source: ListSource<T, Totals>,
  csv: { filename: string; columns: CsvColumn<T>[] },
): Promise<Paginated<T, Totals> | FastifyReply> {
  if (query.format === 'csv') return sendCsv(reply, source, csv);
  const { page, page_size: pageSize } = query;
  const wantsTotals = query.totals === true && source.totals !== undefined;
  const [{ count: total, capped, results }, totals] = await Promise.all([
    countAndPage(db, source, pageSize, (page - 1) * pageSize),
    wantsTotals ? source.totals!() : undefined,
  ]);
  if (page > 1 && results.length === 0) throw new HttpError(404, ERROR_CODES.invalidPage);
  const hasNext = capped ? results.length === pageSize : page * pageSize < total;
  return {
    count: total,
    count_capped: capped,
    next: hasNext ? pageUrl(request, page + 1) : null,
    previous: page > 1 ? pageUrl(request, page - 1) : null,
    results,
    ...(totals === undefined ? {} : { totals }),
  };
}

/** Rows read per query of a CSV (the streamed answer and the export job). */
export const CSV_BATCH = 1000;

/** The CSV writer of a list: UTF-8 with a BOM (Excel), the columns' headers first. */
export function csvWriter<T>(columns: CsvColumn<T>[]) {
  return stringify({ header: true, columns: columns.map((column) => column.header), bom: true });
}

/** One row's cells, as every CSV of a list writes them. */
export function csvRecord<T>(columns: CsvColumn<T>[], row: T): string[] {
  return columns.map((column) => csvCell(column.value(row), column.numeric));
}

/** Writes the rows to the writer, waiting when it is full. */
export async function writeCsvRows<T>(stream: ReturnType<typeof csvWriter>, columns: CsvColumn<T>[], rows: T[]): Promise<void> {
  for (const row of rows) {
    if (!stream.write(csvRecord(columns, row))) await new Promise((resolve) => stream.once('drain', resolve));
  }
}

async function sendCsv<T>(reply: FastifyReply, source: ListSource<T, unknown>, csv: { filename: string; columns: CsvColumn<T>[] }) {
  // The first batch is read before answering: a failure there is a clean JSON error, not a broken download.
  const firstRows = await source.fetchPage(CSV_BATCH, 0);
  const stream = csvWriter(csv.columns);
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.filename}.csv"`)
    .header('cache-control', 'no-store');
  void (async () => {
    try {
      for (let offset = 0; ; offset += CSV_BATCH) {
        const rows = offset === 0 ? firstRows : await source.fetchPage(CSV_BATCH, offset);
        await writeCsvRows(stream, csv.columns, rows);
        if (rows.length < CSV_BATCH) break;
      }
      stream.end();
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  return reply.send(stream);
}
