/*
 * Without zod (config.ts re-exports these with the schemas): the web app's settings form reads them
 * on first render, and zod stays out of its JS (docs/performance.md, "No zod before a screen shows").
 */

/** Largest logo accepted, in bytes (PNG, JPEG or WebP, checked by content on the server). */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The billing run's late fee: off (default), a fixed amount, or a percent of the overdue invoice's balance. */
export const LATE_FEE_KINDS = ['none', 'fixed', 'percent'] as const;
export type LateFeeKind = (typeof LATE_FEE_KINDS)[number];
