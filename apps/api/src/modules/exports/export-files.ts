import fs from 'node:fs/promises';
import path from 'node:path';
import { EXPORT_RETENTION_HOURS } from '@meterline/contract/export-lists';

/**
 * Where finished CSV exports wait for their download (docs/billing.md, "Exports"): one file per job,
 * `<exportsDir>/<tenant>/<job>.csv`, written beside as `.part` and renamed when complete. A file
 * older than EXPORT_RETENTION_HOURS is deleted when the next export starts.
 */
export function createExportFiles(exportsDir: string) {
  const fileOf = (tenantId: number, jobId: number) => path.join(exportsDir, String(tenantId), `${jobId}.csv`);
  return {
    fileOf,
    /** The file being written (a job run again after a crash writes it from the start). */
    partOf: (tenantId: number, jobId: number) => `${fileOf(tenantId, jobId)}.part`,
    async prepare(tenantId: number): Promise<void> {
      await fs.mkdir(path.join(exportsDir, String(tenantId)), { recursive: true });
    },
    /** Deletes the files (and parts) last written before the retention; answers how many. */
    async removeExpired(now: Date): Promise<number> {
      const limit = now.getTime() - EXPORT_RETENTION_HOURS * 3600_000;
      let removed = 0;
      const tenants = await fs.readdir(exportsDir).catch(() => [] as string[]);
      for (const tenant of tenants) {
        const folder = path.join(exportsDir, tenant);
        const names = await fs.readdir(folder).catch(() => [] as string[]);
        for (const name of names) {
          const file = path.join(folder, name);
          const stat = await fs.stat(file).catch(() => null);
          if (stat?.isFile() && stat.mtimeMs < limit) {
            await fs.rm(file, { force: true });
            removed += 1;
          }
        }
      }
      return removed;
    },
  };
}

export type ExportFiles = ReturnType<typeof createExportFiles>;
