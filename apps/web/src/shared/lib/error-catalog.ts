import type { ErrorCode } from '@meterline/contract/error-codes';
import type { ErrorParams } from '@meterline/contract/errors';
import type { ErrorLanguage, formatErrorMessage } from '@meterline/contract/error-messages';
import { importOnce } from './on-demand';

type Format = typeof formatErrorMessage;
let format: Format | undefined;
const importCatalog = importOnce(() => import('@meterline/contract/error-messages'));

/**
 * The contract's catalog of error texts (`error-messages.ts`, both languages, ~8 KB gzip) is a chunk
 * of its own: the app loads it once it has rendered (app/app.tsx), a form's check waits for it
 * (contract-resolver.ts), and it is part of no screen's first download.
 */
export async function loadErrorCatalog(): Promise<Format> {
  format ??= (await importCatalog()).formatErrorMessage;
  return format;
}

/** The catalog when it is at hand already (the tests register it up front). */
export function registerErrorCatalog(formatter: Format) {
  format = formatter;
}

/**
 * A code's text in the catalog; undefined while the catalog has not arrived, when the caller shows
 * the server's own words (the server answers with the same catalog, in the user's language).
 */
export function catalogText(code: ErrorCode, language: ErrorLanguage, params?: ErrorParams): string | undefined {
  return format?.(code, language, params);
}
