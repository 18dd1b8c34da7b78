/** What other modules may use of `config`: they import it from here, never from its files. */
export { cashRoundingText, findLateFeeSettings, findSettings, insertSettings } from './config.repository';
