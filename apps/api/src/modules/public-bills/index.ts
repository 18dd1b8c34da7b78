/** What other modules (and app.ts) may use of `public-bills`: they import it from here, never from its files. */
import type { PublicLinkSigner } from '../../lib/public-link';

export { maskName, maskPhone } from './public-bill-rules';

/**
 * A customer's public bill URL (`{PUBLIC_URL}/b/{token}`, docs/security.md "The public bill link"),
 * from the columns a query already read: the tenant, the customer and its `public_link_version`.
 * What messages put in their `{link}`.
 */
export function publicBillUrlFor(signer: PublicLinkSigner, customer: { tenantId: number; id: number; publicLinkVersion: number }): string {
  return signer.urlFor(customer.tenantId, customer.id, customer.publicLinkVersion);
}
