import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { COUNT_CAP } from '@meterline/contract/list-specs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListUrlState } from '../hooks/use-list-url-state';
import { formatCount, isolateLtr } from '../lib/format-number';
import { CardList } from './data-table/card-list';
import { CardPager } from './data-table/card-pager';
import { ColumnChooser, useColumnVisibility } from './data-table/column-chooser';
import { GridPanel } from './data-table/grid-panel';
import { SearchBox } from './data-table/search-box';
import { SortSelect } from './data-table/sort-select';
import { TotalsLine } from './data-table/totals-line';
import type { DataTableSelection, ListQueryResult } from './data-table/types';
import { ExportCsvButton, type ExportCsv } from './export-csv-button';
import { FilterBar } from './filter-bar';
import { useGridColumns, type DataTableColumn } from './grid-columns';
import { RetryAlert } from './record-state';

// The list's parts live in ./data-table/ (search, column chooser, grid, phone cards and pager,
// totals); what pages import stays here.
export type { DataTableSelection, ListQueryResult } from './data-table/types';
export { TotalFigure } from './data-table/totals-line';
export { WrappingCell } from './data-table/wrapping-cell';

export interface DataTableProps<Row extends GridValidRowModel & { id: number | string }> {
  /** Names the grid (and the card list) for screen readers. */
  label: string;
  columns: DataTableColumn<Row>[];
  listState: ListUrlState<string>;
  query: ListQueryResult<Row>;
  /** Shown instead of the rows when the list call fails (docs/product/specification.md section 8: 'Failed to fetch tenants.'). */
  errorMessage: string;
  /** Where a row or card leads; tapping it opens that page. */
  getRowHref?(row: Row): string;
  /** The card of one row on phones (below `sm`); without it phones get the grid. */
  renderCard?(row: Row): ReactNode;
  /** A card's own actions (a "⋯" menu) beside its tap area, where a button cannot sit inside the link. */
  renderCardActions?(row: Row): ReactNode;
  /** The list's API path: "Export CSV" downloads `path?format=csv` with the current filters (a service's list: through its export job). */
  exportCsv?: ExportCsv;
  /** Fields the API can order by; other columns are not sortable. */
  orderingFields?: readonly string[];
  /** The list's filters (`FilterSelect`, `DateRangeFilter`, ...) in the one `FilterBar`; they read and write `listState`. */
  filters?: ReactNode;
  /** The sums of the filtered rows (from the API's `?totals=true`), in a line under the rows. */
  totals?: ReactNode;
  /** Columns hidden until the user shows them with the column chooser (the grid fits at 1366 px without them). */
  defaultHiddenColumns?: readonly string[];
  emptyMessage?: string;
  isSearchable?: boolean;
  /** Rows the user can tick (checkboxes on the grid and on the cards), kept across pages by the caller. */
  selection?: DataTableSelection<Row>;
}

/**
 * The one list of the app (docs/product/screens.md): MUI X DataGrid with server-side paging, sorting, search
 * and filters kept in the URL, row height 54, page sizes 10/25/50/100, loading, empty and error
 * states, the count ("100,000+" when capped) and "Export CSV". Below `sm` rows become cards that
 * open with one tap. Arabic gets the grid's Arabic texts and runs right to left with the theme.
 */
export function DataTable<Row extends GridValidRowModel & { id: number | string }>({
  label,
  columns,
  listState,
  query,
  errorMessage,
  getRowHref,
  renderCard,
  renderCardActions,
  exportCsv,
  orderingFields,
  filters,
  totals,
  defaultHiddenColumns,
  emptyMessage,
  isSearchable = true,
  selection,
}: DataTableProps<Row>) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const language = i18n.language;
  const data = query.data;
  const isCapped = data?.count_capped ?? false;
  const count = data?.count ?? 0;
  const noRowsText = listState.hasFilters ? t('dataTable.noResults') : (emptyMessage ?? t('dataTable.noRows'));

  const countNumber = isolateLtr(formatCount(isCapped ? COUNT_CAP : count, language));
  const countText = isCapped ? t('dataTable.countCapped', { value: countNumber }) : countNumber;
  const displayedRows = (from: number, to: number) =>
    t('dataTable.displayedRows', {
      from: isolateLtr(formatCount(from, language)),
      to: isolateLtr(formatCount(to, language)),
      total: countText,
    });

  const rows = data?.results ?? [];
  const gridColumns = useGridColumns(columns, rows, orderingFields);

  const showCards = isPhone && Boolean(renderCard);
  const sortableColumns = gridColumns.filter((column) => column.sortable && column.headerName);
  const hasSortChoice = showCards && sortableColumns.length > 0;
  // New rows are on their way while the old ones stay (keepPreviousData): marked as loading.
  const isRefreshing = query.isFetching && !query.isPending;
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(label, defaultHiddenColumns);

  return (
    <Stack spacing={2}>
      <FilterBar
        search={isSearchable && <SearchBox value={listState.search} onSearch={listState.setSearch} isFetching={isRefreshing} />}
        hasFilters={Boolean(filters) || hasSortChoice}
        searchText={listState.search}
        onClearSearch={() => listState.setSearch('')}
        onClearAll={listState.clearFilters}
        end={
          (exportCsv || !isPhone) && (
            <>
              {!isPhone && !showCards && (
                <ColumnChooser columns={gridColumns} visibility={columnVisibility} onChange={setColumnVisibility} />
              )}
              {exportCsv && <ExportCsvButton exportCsv={exportCsv} query={listState.exportQuery} />}
            </>
          )
        }
      >
        {filters}
        {hasSortChoice && <SortSelect columns={sortableColumns} ordering={listState.ordering} onChange={listState.setOrdering} />}
      </FilterBar>

      {query.isError ? (
        <RetryAlert onRetry={() => void query.refetch()}>{errorMessage}</RetryAlert>
      ) : showCards ? (
        <CardList
          label={label}
          rows={rows}
          isLoading={query.isPending}
          isRefreshing={isRefreshing}
          noRowsText={noRowsText}
          getRowHref={getRowHref}
          renderCard={renderCard!}
          renderCardActions={renderCardActions}
          selection={selection}
          footer={
            count > 0 && (
              <>
                {totals && <TotalsLine>{totals}</TotalsLine>}
                <CardPager
                  text={displayedRows((listState.page - 1) * listState.pageSize + 1, Math.min(listState.page * listState.pageSize, count))}
                  hasPrevious={listState.page > 1}
                  hasNext={listState.page * listState.pageSize < count}
                  onPrevious={() => listState.setPage(listState.page - 1)}
                  onNext={() => listState.setPage(listState.page + 1)}
                />
              </>
            )
          }
        />
      ) : (
        <GridPanel<Row>
          label={label}
          rows={rows}
          columns={gridColumns}
          count={count}
          listState={listState}
          query={query}
          getRowHref={getRowHref}
          noRowsText={noRowsText}
          countText={countText}
          displayedRows={displayedRows}
          columnVisibility={columnVisibility}
          onColumnVisibilityChange={setColumnVisibility}
          selection={selection}
          totals={totals}
        />
      )}
    </Stack>
  );
}
