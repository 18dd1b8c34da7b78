import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The public bill link's token (docs/security.md, "The public bill link"): 24 bytes in base64url (32
 * characters), the tenant's id and the customer's id (4 bytes each) followed by the first 16 bytes of
 * HMAC-SHA256(key, "meterline-public-bill|tenant|customer|version"). The ids tell where to look; the
 * tag proves the office issued it, and the customer's `public_link_version` (moved on by "Make a new
 * link") revokes every older one. Pure: no database.
 */
const ID_BYTES = 4;
const TAG_BYTES = 16;
const TOKEN_BYTES = 2 * ID_BYTES + TAG_BYTES;
/** PostgreSQL's `integer`: a claim beyond it names no row (and must not reach the query). */
const MAX_ID = 2 ** 31 - 1;

export interface PublicLinkClaim {
  tenantId: number;
  customerId: number;
  tag: Buffer;
}

/** What a garbage token is read as: ids no row has, so the lookup and the comparison run as for a real one. */
const NO_CLAIM: PublicLinkClaim = { tenantId: 0, customerId: 0, tag: Buffer.alloc(TAG_BYTES) };

export interface PublicLinkSigner {
  /** The token of a customer's current link. */
  tokenFor(tenantId: number, customerId: number, version: number): string;
  /** The link's address: `{publicUrl}/b/{token}`. */
  urlFor(tenantId: number, customerId: number, version: number): string;
  /** The ids a token claims; a token that cannot be one claims ids no customer has. */
  claimOf(token: string): PublicLinkClaim;
  /** Whether the claim's tag is the one of this version (constant time; false when there is no version). */
  holds(claim: PublicLinkClaim, version: number | null): boolean;
}

export function createPublicLinkSigner(key: string, publicUrl: string): PublicLinkSigner {
  const base = publicUrl.replace(/\/$/, '');
  const tagOf = (tenantId: number, customerId: number, version: number) =>
    createHmac('sha256', key).update(`meterline-public-bill|${tenantId}|${customerId}|${version}`).digest().subarray(0, TAG_BYTES);

  function tokenFor(tenantId: number, customerId: number, version: number): string {
    if (!Number.isSafeInteger(tenantId) || tenantId < 1 || tenantId > MAX_ID) throw new Error(`tenant id ${tenantId} out of range`);
    if (!Number.isSafeInteger(customerId) || customerId < 1 || customerId > MAX_ID)
      throw new Error(`customer id ${customerId} out of range`);
    const bytes = Buffer.alloc(TOKEN_BYTES);
    bytes.writeUInt32BE(tenantId, 0);
    bytes.writeUInt32BE(customerId, ID_BYTES);
    tagOf(tenantId, customerId, version).copy(bytes, 2 * ID_BYTES);
    return bytes.toString('base64url');
  }

  return {
    tokenFor,
    urlFor: (tenantId, customerId, version) => `${base}/b/${tokenFor(tenantId, customerId, version)}`,
    claimOf(token) {
      if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return NO_CLAIM;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== TOKEN_BYTES) return NO_CLAIM;
      const tenantId = bytes.readUInt32BE(0);
      const customerId = bytes.readUInt32BE(ID_BYTES);
      if (tenantId > MAX_ID || customerId > MAX_ID) return NO_CLAIM;
      return { tenantId, customerId, tag: bytes.subarray(2 * ID_BYTES) };
    },
    holds(claim, version) {
      // The same HMAC and comparison whether or not a customer was found (version 0 matches no link).
      const expected = tagOf(claim.tenantId, claim.customerId, version ?? 0);
      return timingSafeEqual(expected, claim.tag) && version !== null;
    },
  };
}
