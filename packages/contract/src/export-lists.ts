/**
 * The service's lists a CSV export job reads (docs/billing.md, "Exports"), without zod: the lists'
 * screens name theirs before any form loads zod (docs/performance.md, "No zod before a screen shows").
 */
export const EXPORT_LISTS = [
  'customers',
  'bundles',
  'stations',
  'tariffs',
  'exchange_rates',
  'invoices',
  'payments',
  'overdue',
  'counters',
  'route_assignments',
] as const;
export type ExportListName = (typeof EXPORT_LISTS)[number];

/** How long a finished export's file is kept (then deleted, when the next export starts). */
export const EXPORT_RETENTION_HOURS = 24;
