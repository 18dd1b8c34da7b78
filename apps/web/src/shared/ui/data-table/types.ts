import type { Paginated } from '@meterline/contract/pagination';

/** What the list's query hook gives back (TanStack Query's result fits). */
export interface ListQueryResult<Row> {
  data: Paginated<Row, unknown> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch(): unknown;
}

export interface DataTableSelection<Row extends { id: number | string }> {
  selected: readonly Row['id'][];
  onChange(ids: Row['id'][]): void;
  /** The accessible name of a card's checkbox ("Select Adel"). */
  labelOf(row: Row): string;
}
