/** What other modules may use of `tariffs`: they import it from here, never from its files. */
export { findServiceTariffs } from './tariffs.repository';
export type { TariffRow } from './tariffs.repository';
