import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { first } from '@meterline/contract/invariant';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema/index';

/** A secret made on first run and kept in the database, so that every API process signs alike. */
export async function getOrCreateSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ key, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: appSecrets.key });
  const row = first(await db.select().from(appSecrets).where(eq(appSecrets.key, key)), 'the secret just inserted or kept');
  return row.value;
}
