import { codeOfZodIssue, ERROR_CODES, type ErrorCode, type ErrorParams } from '@meterline/contract/errors';
import { formatErrorMessage, type ErrorLanguage } from '@meterline/contract/error-messages';
import { first, nth } from '@meterline/contract/invariant';
import { normalizeDigits } from '@meterline/contract/money';
import { startDateIssue } from '@meterline/contract/start-date';
import {
  CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_IMPORT_MAX_ROWS,
  CUSTOMER_IMPORT_REQUIRED_COLUMNS,
  customerImportTextsSchema,
  type CustomerImportColumn,
  type CustomerImportPreview,
  type CustomerImportResult,
  type CustomerImportRow,
} from '@meterline/contract/onboarding';
import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, HttpError, type FieldIssue } from '../../lib/http-errors';
import type { AuditContext } from '../../plugins/request-context';
import { recordAudits } from '../audit/index';
import { initialReadingText } from '../customers/index';
import { isUniqueViolation } from '../../scope/codes';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import {
  findImportedBatches,
  findTakenCodes,
  insertCustomers,
  insertImportedBatch,
  insertSubscriptions,
  loadImportReferences,
  nextCustomerIds,
  type ImportReferences,
} from './customer-import.repository';
import { readCsvFile } from './csv-file';
import { notificationCells } from './notification-cells';

type RowValues = CustomerImportRow['values'];
interface CheckedRow {
  row: number;
  values: RowValues;
  issues: FieldIssue[];
}

/** Names compare as people type them: trimmed, spaces collapsed, case and digit system ignored. */
const nameKey = (text: string) => normalizeDigits(text).trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** A cell exported with a guard against spreadsheet formulas ("'+961 ...") comes back as written. */
const unguard = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text).trim();

/** Records by name (and by id when the cell holds only digits), for one kind of reference. */
function lookup<T extends { id: number; name: string }>(rows: T[]) {
  const byName = new Map<string, T[]>();
  const byId = new Map<number, T>();
  for (const row of rows) {
    const key = nameKey(row.name);
    byName.set(key, [...(byName.get(key) ?? []), row]);
    byId.set(row.id, row);
  }
  /** The candidates for a cell: the record of that id when the cell is an id, else those of that name. */
  return (cell: string): T[] => {
    const key = nameKey(cell);
    const named = byName.get(key) ?? [];
    if (named.length || !/^\d+$/.test(key)) return named;
    const byNumber = byId.get(Number(key));
    return byNumber ? [byNumber] : [];
  };
}

function fileError(code: ErrorCode, params?: ErrorParams): FieldIssue {
  return { field: 'file', code, ...(params ? { params } : {}) };
}

/** The header's columns, or the file's errors (unknown, repeated or missing columns). */
function readHeader(header: string[]): { columns: (CustomerImportColumn | null)[]; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  const columns = header.map((cell) => {
    const name = cell.trim().toLowerCase();
    if (!name) return null;
    if (!(CUSTOMER_IMPORT_COLUMNS as readonly string[]).includes(name)) {
      issues.push(fileError(ERROR_CODES.importUnknownColumn, { column: cell.trim() }));
      return null;
    }
    if (seen.has(name)) issues.push(fileError(ERROR_CODES.importDuplicateColumn, { column: name }));
    seen.add(name);
    return name as CustomerImportColumn;
  });
  for (const required of CUSTOMER_IMPORT_REQUIRED_COLUMNS) {
    if (!seen.has(required)) issues.push(fileError(ERROR_CODES.importMissingColumn, { column: required }));
  }
  return { columns, issues };
}

/**
 * Reads and checks the whole file against the service's references: every row with its parsed
 * values and its errors. A file that cannot be read as customers (not text, not CSV, unknown
 * columns, no rows, too many) is a 400 on `file`.
 */
async function checkFile(executor: Executor, context: ServiceContext, body: Buffer, today: string): Promise<CheckedRow[]> {
  const parsed = readCsvFile(body);
  if (parsed === null) throw badRequest([fileError(ERROR_CODES.importUnreadable)]);
  const records = parsed
    .map((cells, index) => ({ row: index + 1, cells }))
    .filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (!records.length) throw badRequest([fileError(ERROR_CODES.importEmpty)]);
  const { columns, issues } = readHeader(first(records, 'the header row').cells);
  const dataRows = records.slice(1);
  if (issues.length) throw badRequest(issues);
  if (!dataRows.length) throw badRequest([fileError(ERROR_CODES.importEmpty)]);
  if (dataRows.length > CUSTOMER_IMPORT_MAX_ROWS)
    throw badRequest([fileError(ERROR_CODES.importTooManyRows, { max: CUSTOMER_IMPORT_MAX_ROWS })]);

  const references = await loadImportReferences(executor, context.scope);
  const cellsOf = (cells: string[]) => {
    const values = Object.fromEntries(CUSTOMER_IMPORT_COLUMNS.map((column) => [column, ''])) as Record<CustomerImportColumn, string>;
    columns.forEach((column, index) => {
      if (column) values[column] = unguard(cells[index] ?? '');
    });
    return values;
  };
  const rows = dataRows.map((record) => ({
    row: record.row,
    cells: cellsOf(record.cells),
    extra: record.cells.slice(columns.length).some((cell) => cell.trim() !== ''),
  }));
  const givenCodes = rows.map((row) => row.cells.code).filter(Boolean);
  const takenCodes = givenCodes.length ? await findTakenCodes(executor, context.scope.tenantId, givenCodes) : new Set<string>();
  const firstRowOfCode = new Map<string, number>();
  const resolver = createResolver(references);

  return rows.map(({ row, cells, extra }) => {
    const issues: FieldIssue[] = [];
    if (extra) issues.push({ field: 'non_field_errors', code: ERROR_CODES.invalid });
    const texts = customerImportTextsSchema.safeParse({
      full_name: cells.full_name,
      phone: cells.phone,
      email: cells.email,
      national_id: cells.national_id,
      floor: cells.floor,
      apartment: cells.apartment,
      notes: cells.notes,
      status: cells.status ? cells.status.toLowerCase() : undefined,
      code: cells.code || undefined,
      initial_reading: cells.initial_reading || undefined,
      started_on: cells.started_on || undefined,
    });
    if (!texts.success) {
      for (const issue of texts.error.issues)
        issues.push({ field: String(issue.path[0] ?? 'non_field_errors'), ...codeOfZodIssue(issue as never, cells) });
    }
    let initialReading: string | null = null;
    if (texts.success && texts.data.initial_reading != null) {
      try {
        initialReading = initialReadingText(texts.data.initial_reading);
      } catch (error) {
        if (!(error instanceof HttpError) || !error.options.issues) throw error;
        issues.push(...error.options.issues);
      }
    }
    if (cells.code) {
      const first = firstRowOfCode.get(cells.code);
      if (first !== undefined) issues.push({ field: 'code', code: ERROR_CODES.importCodeRepeated, params: { row: first } });
      else {
        firstRowOfCode.set(cells.code, row);
        if (takenCodes.has(cells.code)) issues.push({ field: 'code', code: ERROR_CODES.customerCodeTaken });
      }
    }
    const resolved = resolver(cells, issues);
    if ((cells.initial_reading || cells.started_on) && !cells.bundle) issues.push({ field: 'bundle', code: ERROR_CODES.required });
    // A metered service asks for the meter's opening reading of every row with a bundle (docs/billing.md): 0 is an answer.
    if (cells.bundle && context.service.isMetered && !cells.initial_reading)
      issues.push({ field: 'initial_reading', code: ERROR_CODES.required });
    const startedOn = texts.success && cells.bundle ? (texts.data.started_on ?? today) : '';
    const startIssue = startedOn ? startDateIssue(startedOn, today) : null;
    if (startIssue) issues.push({ field: 'started_on', ...startIssue });
    const data = texts.success ? texts.data : null;
    return {
      row,
      issues,
      values: {
        code: cells.code,
        full_name: data?.full_name ?? cells.full_name,
        phone: data?.phone ?? cells.phone,
        email: data?.email ?? cells.email,
        national_id: data?.national_id ?? cells.national_id,
        floor: data?.floor ?? cells.floor,
        apartment: data?.apartment ?? cells.apartment,
        notes: data?.notes ?? cells.notes,
        status: data?.status ?? (cells.status || 'active'),
        initial_reading: initialReading,
        started_on: startedOn,
        ...notificationCells(cells, issues),
        ...resolved,
      },
    };
  });
}

/** Resolves a row's names to ids (adding the row's errors): bundle, station, and the address from the most precise part given. */
function createResolver(references: ImportReferences) {
  const findBundle = lookup(references.bundles);
  const findStation = lookup(references.stations);
  const findRegion = lookup(references.regions);
  const findStreet = lookup(references.streets);
  const findBuilding = lookup(references.buildings);

  function single<T>(field: string, cell: string, candidates: T[], issues: FieldIssue[], parentMissing = false): T | null {
    if (candidates.length === 1) return first(candidates);
    if (!candidates.length) issues.push({ field, code: ERROR_CODES.importNameNotFound, params: { name: cell } });
    else
      issues.push(
        parentMissing
          ? { field, code: ERROR_CODES.importAddressParent }
          : { field, code: ERROR_CODES.importNameAmbiguous, params: { name: cell } },
      );
    return null;
  }

  return (cells: Record<CustomerImportColumn, string>, issues: FieldIssue[]) => {
    const bundle = cells.bundle ? single('bundle', cells.bundle, findBundle(cells.bundle), issues) : null;
    if (bundle && !bundle.isActive) issues.push({ field: 'bundle', code: ERROR_CODES.bundleInactive });
    const station = cells.station ? single('station', cells.station, findStation(cells.station), issues) : null;
    const region = cells.region ? single('region', cells.region, findRegion(cells.region), issues) : null;
    const regionFailed = Boolean(cells.region) && !region;
    let street = null as ImportReferences['streets'][number] | null;
    if (cells.street && !regionFailed) {
      const candidates = findStreet(cells.street).filter((item) => !region || item.regionId === region.id);
      street = single('street', cells.street, candidates, issues, !region);
    }
    let building = null as ImportReferences['buildings'][number] | null;
    if (cells.building && !regionFailed && !(cells.street && !street)) {
      const candidates = findBuilding(cells.building).filter(
        (item) => (!street || item.streetId === street.id) && (!region || item.regionId === region.id),
      );
      building = single('building', cells.building, candidates, issues, !street);
    }
    const streetId = building?.streetId ?? street?.id ?? null;
    const regionId = building?.regionId ?? street?.regionId ?? region?.id ?? null;
    const nameOf = <T extends { id: number; name: string }>(rows: T[], id: number | null) =>
      id === null ? '' : (rows.find((item) => item.id === id)?.name ?? '');
    return {
      bundle: bundle?.id ?? null,
      bundle_name: bundle?.name ?? cells.bundle,
      station: station?.id ?? null,
      station_name: station?.name ?? cells.station,
      region: regionId,
      region_name: regionId === null ? cells.region : (region?.name ?? nameOf(references.regions, regionId)),
      street: streetId,
      street_name: streetId === null ? cells.street : (street?.name ?? nameOf(references.streets, streetId)),
      building: building?.id ?? null,
      building_name: building?.name ?? cells.building,
    };
  };
}

function messagesOf(issues: FieldIssue[], language: ErrorLanguage) {
  return issues.map((issue) => ({
    field: issue.field,
    code: issue.code,
    message: formatErrorMessage(issue.code, language, issue.params),
    ...(issue.params ? { params: issue.params } : {}),
  }));
}

/** The customers' generated codes (C-000123), kept unique against the tenant's and the file's. */
async function generatedCodes(executor: Executor, tenantId: number, ids: number[], fileCodes: Set<string>): Promise<string[]> {
  const bases = ids.map((id) => `C-${String(id).padStart(6, '0')}`);
  const taken = await findTakenCodes(executor, tenantId, bases);
  return bases.map((base) => {
    if (!taken.has(base) && !fileCodes.has(base)) return base;
    for (let attempt = 2; ; attempt += 1) {
      const code = `${base}-${attempt}`;
      if (!fileCodes.has(code)) return code;
    }
  });
}

/** Customers brought in from a CSV file: a preview with per-row errors, then (checked: all rows valid) a job in batches. */
export function createCustomerImportService(deps: { clock: Clock }) {
  return {
    /** Today in the tenant's zone: the default start of a row's subscription, fixed by the request for its job. */
    today: (context: ServiceContext) => todayIn(context.terms.timezone, deps.clock.now()),

    async preview(context: ServiceContext, body: Buffer, language: ErrorLanguage): Promise<CustomerImportPreview> {
      const rows = await checkFile(context.db, context, body, todayIn(context.terms.timezone, deps.clock.now()));
      const invalid = rows.filter((row) => row.issues.length).length;
      return {
        dry_run: true,
        total: rows.length,
        valid: rows.length - invalid,
        invalid,
        rows: rows.map((row) => ({ row: row.row, values: row.values, errors: messagesOf(row.issues, language) })),
      };
    },

    /**
     * The import's checks before its job (the route's 400s): the file read and every row checked as
     * the preview does; any row with an error is a 400 `import_has_errors` with each row's errors as
     * `rows.{row}.{column}`, and no job starts.
     */
    async check(context: ServiceContext, body: Buffer, today: string): Promise<void> {
      throwRowErrors(await checkFile(context.db, context, body, today));
    },

    /**
     * The import's job: the file checked again (names may have changed since), then the rows in
     * batches of IMPORT_BATCH, each batch in one transaction of a fixed number of statements
     * (customers, subscriptions, audit rows, and the batch's marker). A batch whose marker exists
     * committed in an earlier run of this job and is skipped, so a run after a crash imports nobody
     * twice. Stops between batches when cancelled: the batches done stay imported.
     */
    async importInBatches(
      context: ServiceContext,
      body: Buffer,
      options: { jobId: number; today: string; audit: AuditContext; control: JobProgress },
    ): Promise<CustomerImportResult> {
      const { db, scope } = context;
      const { jobId, control } = options;
      const rows = await checkFile(db, context, body, options.today);
      const batches = chunksOf(rows, IMPORT_BATCH);
      const done = new Map((await findImportedBatches(db, scope.tenantId, jobId)).map((row) => [row.batch, row]));
      // Rows of batches done in an earlier run carry their own codes as taken: only the others count.
      throwRowErrors(batches.filter((_, index) => !done.has(index)).flat());
      const result: CustomerImportResult = { dry_run: false, created: 0, subscriptions: 0 };
      for (const imported of done.values()) {
        result.created += imported.created;
        result.subscriptions += imported.subscriptions;
      }
      const fileCodes = new Set(rows.map((row) => row.values.code).filter(Boolean));
      let rowsDone = batches.filter((_, index) => done.has(index)).reduce((sum, batch) => sum + batch.length, 0);
      await control.onProgress(rowsDone, rows.length);
      for (const [index, batch] of batches.entries()) {
        if (done.has(index)) continue;
        if (control.isCancelled()) break;
        const counts = await importBatch(context, batch, { ...options, batch: index, fileCodes, now: deps.clock.now() });
        result.created += counts.created;
        result.subscriptions += counts.subscriptions;
        rowsDone += batch.length;
        await control.onProgress(rowsDone, rows.length);
      }
      return result;
    },
  };
}

/** What the import's job reports to (the job's control). */
interface JobProgress {
  onProgress(done: number, total: number): Promise<void>;
  isCancelled(): boolean;
}

/** Rows per batch of the import's job: one transaction each, its progress after each. */
const IMPORT_BATCH = 500;

function chunksOf<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

function throwRowErrors(rows: CheckedRow[]): void {
  const failed = rows.filter((row) => row.issues.length);
  if (!failed.length) return;
  const rowIssues = failed.flatMap((row) => row.issues.map((issue) => ({ ...issue, field: `rows.${row.row}.${issue.field}` })));
  const summary: FieldIssue = { field: 'non_field_errors', code: ERROR_CODES.importHasErrors, params: { count: failed.length } };
  throw badRequest([summary, ...rowIssues]);
}

/** One batch of rows in one transaction, with its marker (a second run of the batch rolls back on the marker's key). */
async function importBatch(
  context: ServiceContext,
  rows: CheckedRow[],
  options: { jobId: number; batch: number; today: string; now: Date; audit: AuditContext; fileCodes: Set<string> },
): Promise<{ created: number; subscriptions: number }> {
  const { db, scope } = context;
  const { now, today } = options;
  try {
    return await db.transaction(async (tx) => {
      const ids = await nextCustomerIds(tx, rows.length);
      const generated = await generatedCodes(tx, scope.tenantId, ids, options.fileCodes);
      const customerRows = rows.map((row, index) => ({
        id: nth(ids, index, 'a reserved customer id'),
        tenantId: scope.tenantId,
        serviceId: scope.serviceId,
        code: row.values.code || nth(generated, index, 'a generated code'),
        fullName: row.values.full_name,
        phone: row.values.phone,
        email: row.values.email,
        nationalId: row.values.national_id,
        regionId: row.values.region,
        streetId: row.values.street,
        buildingId: row.values.building,
        floor: row.values.floor,
        apartment: row.values.apartment,
        stationId: row.values.station,
        status: row.values.status,
        notes: row.values.notes,
        language: row.values.language || null,
        optedOutChannels: row.values.opted_out_channels,
        createdAt: now,
        updatedAt: now,
      }));
      await insertCustomers(tx, customerRows);
      const subscriptionRows = rows.flatMap((row, index) =>
        row.values.bundle === null
          ? []
          : [
              {
                tenantId: scope.tenantId,
                serviceId: scope.serviceId,
                customerId: nth(ids, index, 'a reserved customer id'),
                bundleId: row.values.bundle,
                stationId: row.values.station,
                startedOn: row.values.started_on || today,
                counter: row.values.initial_reading ?? '0',
                createdAt: now,
              },
            ],
      );
      await insertSubscriptions(tx, subscriptionRows);
      await recordAudits(
        tx,
        options.audit,
        customerRows.map((customer, index) => {
          const row = nth(rows, index, 'the row of an imported customer');
          return {
            action: 'create',
            entity: 'customer',
            entityId: customer.id,
            after: {
              ...customer,
              bundleId: row.values.bundle,
              initialReading: row.values.initial_reading,
              startedOn: row.values.bundle === null ? null : row.values.started_on,
              importedFromRow: row.row,
            },
          };
        }),
      );
      const counts = { created: customerRows.length, subscriptions: subscriptionRows.length };
      await insertImportedBatch(tx, { tenantId: scope.tenantId, jobId: options.jobId, batch: options.batch, ...counts });
      return counts;
    });
  } catch (error) {
    // Another import or a form took one of these codes meanwhile: this batch wrote nothing.
    if (isUniqueViolation(error, 'customers_tenant_code_key')) throw conflict(ERROR_CODES.conflict);
    throw error;
  }
}

export type CustomerImportService = ReturnType<typeof createCustomerImportService>;
