/** What other modules may use of `cash`: they import it from here, never from its files. */
export { collectorHolder } from './collector-payments';
