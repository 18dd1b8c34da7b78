/**
 * Intl formatters, made once per locale and options and reused. Making one costs far more than
 * using it (ICU loads the locale's data each time): a phone's list of 25 meters made ~100 of them
 * per render, a quarter of a second of main-thread time at 4x CPU throttling (docs/performance.md).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<Format>(cache: Map<string, Format>, locale: string, options: object | undefined, make: () => Format): Format {
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** `new Intl.NumberFormat(locale, options)`, made once for each locale and options. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** `new Intl.DateTimeFormat(locale, options)`, made once for each locale and options (a time zone included). */
export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}
