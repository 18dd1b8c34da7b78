/** What other modules may use of `services`: they import it from here, never from its files. */
export { insertServices } from './services.repository';
