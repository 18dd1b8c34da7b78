/** What other modules may use of `bundles`: they import it from here, never from its files. */
export { findServiceBundleRows } from './bundles.repository';
