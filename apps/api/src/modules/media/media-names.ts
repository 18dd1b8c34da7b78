import { randomBytes } from 'node:crypto';
import { MAX_DB_INTEGER } from '@meterline/contract/common';

/**
 * `<tenantId>-<32 hex>.<ext>`: unguessable (128 random bits), and it says which tenant (so which
 * database alias) holds the file, so serving it is one lookup whatever the number of aliases.
 */
const MEDIA_NAME_PATTERN = /^([1-9]\d{0,9})-[0-9a-f]{32}\.(png|jpg|webp)$/;

export function createMediaName(tenantId: number, extension: string): string {
  return `${tenantId}-${randomBytes(16).toString('hex')}.${extension}`;
}

/** The tenant id of a well-formed media name, or null. */
export function tenantIdOfMediaName(name: string): number | null {
  const match = MEDIA_NAME_PATTERN.exec(name);
  const tenantId = match ? Number(match[1]) : null;
  // Beyond a database integer no tenant can exist (and the query would fail).
  return tenantId !== null && tenantId <= MAX_DB_INTEGER ? tenantId : null;
}

export function mediaUrl(name: string | null): string | null {
  return name ? `/api/media/${name}` : null;
}

/**
 * The media name of a URL built by `mediaUrl` when it names an upload of that tenant, else null (an
 * outside address, another tenant's name, anything else a user typed as their avatar).
 */
export function ownMediaNameOf(url: string | null, tenantId: number | null): string | null {
  const prefix = '/api/media/';
  if (!url?.startsWith(prefix) || tenantId === null) return null;
  const name = url.slice(prefix.length);
  return tenantIdOfMediaName(name) === tenantId ? name : null;
}
