import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list-specs';

export { COUNT_CAP } from './list-specs';

const positiveInt = (fallback: number, max?: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.coerce
      .number({ message: ERROR_CODES.invalidInteger })
      .int({ message: ERROR_CODES.invalidInteger })
      .min(1, { message: 'Ensure this value is greater than or equal to 1.' })
      .transform((value) => (max ? Math.min(value, max) : value)),
  );

/** Query parameters shared by every paginated list. */
export const listQuerySchema = z.object({
  page: positiveInt(1).optional().default(1),
  page_size: positiveInt(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE).optional().default(DEFAULT_PAGE_SIZE),
  ordering: z.string().optional(),
  search: z.string().optional(),
  format: z.enum(['json', 'csv']).optional(),
  /** `?totals=true`: the answer adds `totals`, the sums of every filtered row (not only the page), on lists that hold money. */
  totals: z
    .enum(['true', 'false', '1', '0'], { message: ERROR_CODES.invalidBoolean })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

const paginatedShape = <T extends z.ZodType>(item: T) => ({
  count: z.number().int(),
  count_capped: z.boolean(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(item),
});

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object(paginatedShape(item));
}

/** A list that holds money: with `?totals=true` its answer adds `totals` (optional, so other clients are unaffected). */
export function paginatedWithTotalsSchema<T extends z.ZodType, S extends z.ZodType>(item: T, totals: S) {
  return z.object({ ...paginatedShape(item), totals: totals.optional() });
}

export interface Paginated<T, Totals = never> {
  count: number;
  count_capped: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
  /** Only on lists that hold money, asked with `?totals=true`. */
  totals?: Totals;
}

/** Ordering and filter fields of one list, exported so that clients build valid queries. */
export interface ListSpec<O extends string, F extends string> {
  ordering: readonly O[];
  filters: readonly F[];
  defaultOrdering: string;
}
