import { z } from 'zod';
import { ERROR_CODES } from './errors';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
/** `count` is exact up to this many rows; past it the API answers this number with count_capped. */
export const COUNT_CAP = 100_000;

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
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    count_capped: z.boolean(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export interface Paginated<T> {
  count: number;
  count_capped: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Ordering and filter fields of one list, exported so that clients build valid queries. */
export interface ListSpec<O extends string, F extends string> {
  ordering: readonly O[];
  filters: readonly F[];
  defaultOrdering: string;
}
