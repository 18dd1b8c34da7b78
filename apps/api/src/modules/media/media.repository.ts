import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploads } from '../../db/schema/index';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(
  tx: Executor,
  scope: { tenantId: number },
  file: { name: string; contentType: string; data: Buffer; createdAt: Date },
): Promise<void> {
  await tx.insert(uploads).values({
    tenantId: scope.tenantId,
    name: file.name,
    contentType: file.contentType,
    size: file.data.length,
    data: file.data,
    createdAt: file.createdAt,
  });
}

export async function deleteUpload(tx: Executor, scope: { tenantId: number }, name: string): Promise<void> {
  await tx.delete(uploads).where(and(eq(uploads.tenantId, scope.tenantId), eq(uploads.name, name)));
}

export async function findUpload(db: Executor, scope: { tenantId: number }, name: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.tenantId, scope.tenantId), eq(uploads.name, name)));
  return row ?? null;
}

/** A tenant's uploaded file (its logo) as a data: URI, so printed documents embed it; another tenant's name is not found. */
export async function findUploadDataUri(db: Executor, scope: { tenantId: number }, name: string): Promise<string | null> {
  const [row] = await db
    .select({ contentType: uploads.contentType, data: uploads.data })
    .from(uploads)
    .where(and(eq(uploads.tenantId, scope.tenantId), eq(uploads.name, name)));
  return row ? `data:${row.contentType};base64,${Buffer.from(row.data).toString('base64')}` : null;
}
