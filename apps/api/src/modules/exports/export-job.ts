import fs from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { ExportInput, ExportJobResult } from '@meterline/contract/jobs';
import type { DatabaseRegistry } from '../../db/client';
import { yieldToRequests } from '../../lib/background';
import { countCapped, CSV_BATCH, csvWriter, writeCsvRows } from '../../lib/list';
import type { CsvLists } from '../../scope/csv-lists';
import { serviceContextFor } from '../../scope/service-scope';
import { jobParamsOf, type JobHandler } from '../jobs/index';
import type { ExportFiles } from './export-files';

/**
 * A list's CSV as a job (docs/billing.md, "Exports"): the list's own source, filters and columns
 * (the registry its route answers `?format=csv` with), read in batches of CSV_BATCH rows with a turn
 * of the event loop between them, written to a file; progress in rows. Run again after a crash, it
 * writes the file from the start. Its result: `{rows, filename}`.
 */
export function exportJob(deps: { lists: CsvLists; databases: DatabaseRegistry; files: ExportFiles }): JobHandler {
  return async (job, control) => {
    const { input, started_by: startedBy } = jobParamsOf<ExportInput>(job);
    const list = deps.lists.get(input.list);
    if (!list || job.serviceId === null) throw new Error(`export job ${job.id}: no list ${input.list} or no service`);
    const context = await serviceContextFor(deps.databases, startedBy.actor, job.serviceId);
    const source = await list.source(context, list.query.parse(input.query));
    const { count: counted } = await countCapped(context.db, source.countQuery());
    const { tenantId } = startedBy.actor;
    await deps.files.prepare(tenantId);
    const part = deps.files.partOf(tenantId, job.id);
    const out = fs.createWriteStream(part);
    const writer = csvWriter(list.csv.columns);
    writer.pipe(out);
    let rows = 0;
    let isComplete = false;
    try {
      for (let offset = 0; !control.isCancelled(); offset += CSV_BATCH) {
        const batch = await source.fetchPage(CSV_BATCH, offset);
        await writeCsvRows(writer, list.csv.columns, batch);
        rows += batch.length;
        // The count stops at COUNT_CAP: past it, the total follows the rows written.
        await control.onProgress(rows, Math.max(counted, rows));
        if (batch.length < CSV_BATCH) {
          isComplete = true;
          break;
        }
        await yieldToRequests();
      }
      writer.end();
      await finished(out);
    } catch (error) {
      writer.destroy();
      out.destroy();
      await rm(part, { force: true });
      throw error;
    }
    const result: ExportJobResult = { rows, filename: `${list.csv.filename}.csv` };
    if (!isComplete) {
      // Cancelled (or the process stops): no file to download.
      await rm(part, { force: true });
      return { result };
    }
    await rename(part, deps.files.fileOf(tenantId, job.id));
    return { result };
  };
}
