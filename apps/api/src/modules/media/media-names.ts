import { randomBytes } from 'node:crypto';
import { MAX_DB_INTEGER } from '@meterline/contract/common';
import { MEDIA_NAME_PATTERN, MEDIA_URL_PREFIX } from '@meterline/contract/media-urls';

/** A new upload's name, `<tenantId>-<32 hex>.<ext>` (`MEDIA_NAME_PATTERN`): unguessable, and it names its tenant. */
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
  return name ? `${MEDIA_URL_PREFIX}${name}` : null;
}

/**
 * The media name of a URL built by `mediaUrl` when it names an upload of that tenant, else null (an
 * outside address, another tenant's name, anything else a user typed as their avatar).
 */
export function ownMediaNameOf(url: string | null, tenantId: number | null): string | null {
  if (!url?.startsWith(MEDIA_URL_PREFIX) || tenantId === null) return null;
  const name = url.slice(MEDIA_URL_PREFIX.length);
  return tenantIdOfMediaName(name) === tenantId ? name : null;
}
