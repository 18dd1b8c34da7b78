import { normalizeDigits } from '@meterline/contract/digits';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@meterline/contract/list-specs';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** What a list accepts: the contract's `<entity>ListSpec` fits (ordering and filter fields). */
export interface ListUrlSpec<F extends string = string> {
  ordering?: readonly string[];
  filters?: readonly F[];
  defaultOrdering?: string;
}

export type ListQueryParams = Record<string, string | number>;

export interface ListUrlState<F extends string = string> {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
  /** `-name`, `name`: the URL's, else the list's default ('' when it has none). */
  ordering: string;
  search: string;
  filters: Partial<Record<F, string>>;
  /** page, page_size, ordering, search and the filters that are set: the API query. */
  query: ListQueryParams;
  /** The same without page and page_size: the CSV export of every matching row. */
  exportQuery: ListQueryParams;
  hasFilters: boolean;
  setPage(page: number): void;
  setPageSize(pageSize: number): void;
  setOrdering(ordering: string): void;
  setSearch(search: string): void;
  setFilter(name: F, value: string | null): void;
  /** Several filters in one URL change (a period's start and end), so the list asks once. */
  setFilters(values: Partial<Record<F, string | null>>): void;
  clearFilters(): void;
}

function positiveInteger(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

/** Only fields the list can order by: an unknown one would be a 400 from the API. */
function validOrdering(value: string | null, allowed: readonly string[] | undefined): string {
  if (!value) return '';
  if (!allowed) return value;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => allowed.includes(part.replace(/^-/, '')))
    .join(',');
}

/**
 * A list's page, page size, ordering, search and filters kept in the URL (docs/product/screens.md), so that a
 * link or a reload shows the same page. Defaults are left out of the URL; changing the search, a
 * filter, the ordering or the page size goes back to page 1. Search typing replaces the history
 * entry; paging pushes one, so Back returns to the previous page.
 */
export function useListUrlState<F extends string = string>(spec: ListUrlSpec<F> = {}): ListUrlState<F> {
  const [params, setParams] = useSearchParams();
  const filterNames = spec.filters;

  const page = positiveInteger(params.get('page')) ?? 1;
  const requestedSize = positiveInteger(params.get('page_size'));
  const pageSize = requestedSize && (PAGE_SIZE_OPTIONS as readonly number[]).includes(requestedSize) ? requestedSize : DEFAULT_PAGE_SIZE;
  // The API orders by the list's default when none is given: showing it keeps the grid's arrow honest.
  const ordering = validOrdering(params.get('ordering'), spec.ordering) || spec.defaultOrdering || '';
  const search = params.get('search') ?? '';
  const filterKey = (filterNames ?? []).map((name) => `${name}=${params.get(name) ?? ''}`).join('&');

  const filters = useMemo(() => {
    const values: Partial<Record<F, string>> = {};
    for (const name of filterNames ?? []) {
      const value = params.get(name);
      if (value) values[name] = value;
    }
    return values;
    // filterKey stands for the filter values of `params`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  const exportQuery = useMemo(() => {
    const query: ListQueryParams = { ...(filters as Record<string, string>) };
    if (ordering) query.ordering = ordering;
    // Typed or pasted in either digit system (a code copied from an Arabic screen carries bidi marks): the API searches Western digits.
    const searched = normalizeDigits(search);
    if (searched) query.search = searched;
    return query;
  }, [filters, ordering, search]);
  const query = useMemo(() => ({ ...exportQuery, page, page_size: pageSize }), [exportQuery, page, pageSize]);

  const update = useCallback(
    (changes: Record<string, string | null>, { resetPage = true, replace = false } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (resetPage && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  return {
    page,
    pageSize,
    ordering,
    search,
    filters,
    query,
    exportQuery,
    hasFilters: Boolean(search) || Object.keys(filters).length > 0,
    setPage: useCallback((next: number) => update({ page: next > 1 ? String(next) : null }, { resetPage: false }), [update]),
    setPageSize: useCallback((next: number) => update({ page_size: next === DEFAULT_PAGE_SIZE ? null : String(next) }), [update]),
    setOrdering: useCallback(
      (next: string) => update({ ordering: next && next !== spec.defaultOrdering ? next : null }),
      [update, spec.defaultOrdering],
    ),
    setSearch: useCallback((next: string) => update({ search: next }, { replace: true }), [update]),
    setFilter: useCallback((name: F, value: string | null) => update({ [name]: value }), [update]),
    setFilters: useCallback((values: Partial<Record<F, string | null>>) => update(values as Record<string, string | null>), [update]),
    clearFilters: useCallback(
      () => update(Object.fromEntries([['search', null], ...(filterNames ?? []).map((name) => [name, null])])),
      [update, filterNames],
    ),
  };
}
