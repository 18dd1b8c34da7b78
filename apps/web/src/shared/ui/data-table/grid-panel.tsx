import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import type {
  GridColDef,
  GridColumnVisibilityModel,
  GridLocaleText,
  GridPaginationModel,
  GridRowParams,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ListUrlState } from '../../hooks/use-list-url-state';
import { GRID_FOOTER_HEIGHT, GRID_ROW_HEIGHT, gridBodyHeight } from '../../lib/constants';
import type { DataGridView as DataGridViewComponent } from '../data-grid-view';
import { TotalsLine } from './totals-line';
import type { DataTableSelection, ListQueryResult } from './types';

// The grid (and its locales) is its own chunk: phones show cards and never download it.
const DataGridView = lazy(() =>
  import('../data-grid-view').then((module) => ({ default: module.DataGridView })),
) as unknown as typeof DataGridViewComponent;

interface GridPanelProps<Row extends GridValidRowModel & { id: number | string }> {
  label: string;
  rows: Row[];
  /** The grid's columns (`useGridColumns`), the same the column chooser lists. */
  columns: GridColDef<Row>[];
  count: number;
  listState: ListUrlState<string>;
  query: ListQueryResult<Row>;
  getRowHref?(row: Row): string;
  /** "No rows" or "No results" (a filter is set). */
  noRowsText: string;
  /** The count as shown ("100,000+" when capped), and "1–25 of 300" with it. */
  countText: string;
  displayedRows(from: number, to: number): string;
  columnVisibility: GridColumnVisibilityModel;
  onColumnVisibilityChange(model: GridColumnVisibilityModel): void;
  selection?: DataTableSelection<Row>;
  totals?: ReactNode;
}

/**
 * The list on tablets and desktops: the DataGrid (a lazy chunk) with its header sorting, paging and
 * row clicks kept in the URL, a skeleton while it loads, and the totals line under the rows.
 */
export function GridPanel<Row extends GridValidRowModel & { id: number | string }>({
  label,
  rows,
  columns: gridColumns,
  count,
  listState,
  query,
  getRowHref,
  noRowsText,
  countText,
  displayedRows,
  columnVisibility,
  onColumnVisibilityChange: setColumnVisibility,
  selection,
  totals,
}: GridPanelProps<Row>) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = i18n.language;

  const localeText = useMemo<Partial<GridLocaleText>>(
    () => ({
      noRowsLabel: noRowsText,
      noResultsOverlayLabel: noRowsText,
      paginationRowsPerPage: t('dataTable.rowsPerPage'),
      paginationDisplayedRows: ({ from, to }) => displayedRows(from, to),
    }),
    // displayedRows reads countText and language, both listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [language, noRowsText, countText, t],
  );

  // Only an ordering on a shown column becomes the grid's arrow: the grid drops any other (a list
  // ordered by `-id` with no id column) and reports it during render, which would loop on the URL.
  const columnFields = gridColumns.map((column) => column.field).join(',');
  const sortModel = useMemo<GridSortModel>(() => {
    const first = listState.ordering.split(',')[0];
    const field = first?.replace(/^-/, '');
    if (!first || !field || !columnFields.split(',').includes(field)) return [];
    return [{ field, sort: first.startsWith('-') ? 'desc' : 'asc' }];
  }, [listState.ordering, columnFields]);

  const handleSortModelChange = (model: GridSortModel) => {
    const [item] = model;
    const next = item?.sort ? `${item.sort === 'desc' ? '-' : ''}${item.field}` : '';
    const [shown] = sortModel;
    const current = shown ? `${shown.sort === 'desc' ? '-' : ''}${shown.field}` : '';
    if (next !== current) listState.setOrdering(next);
  };

  const handlePaginationModelChange = (model: GridPaginationModel) => {
    if (model.pageSize !== listState.pageSize) listState.setPageSize(model.pageSize);
    else listState.setPage(model.page + 1);
  };

  const handleRowClick = (params: GridRowParams<Row>, event?: { target: EventTarget | null }) => {
    // Ticking a row's checkbox selects it; it does not open it.
    if (event?.target instanceof Element && event.target.closest('.MuiDataGrid-cellCheckbox')) return;
    if (getRowHref) void navigate(getRowHref(params.row));
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {/* The grid mounts with its first rows: a figure's column is as wide as the page's widest
          figure (grid-columns.tsx) from the grid's first frame. Mounted empty, it painted its
          headers at other widths a frame before taking the new ones (a layout shift). */}
      <Suspense fallback={<GridSkeleton label={label} rows={rows.length} />}>
        {query.isPending ? (
          <GridSkeleton label={label} rows={0} />
        ) : (
          <DataGridView<Row>
            label={label}
            language={language}
            rows={rows}
            columns={gridColumns}
            rowCount={count}
            isLoading={query.isFetching}
            paginationModel={{ page: listState.page - 1, pageSize: listState.pageSize }}
            onPaginationModelChange={handlePaginationModelChange}
            sortModel={sortModel}
            onSortModelChange={handleSortModelChange}
            onRowClick={getRowHref ? handleRowClick : undefined}
            localeText={localeText}
            columnVisibilityModel={columnVisibility}
            onColumnVisibilityModelChange={setColumnVisibility}
            selection={selection && { selected: selection.selected, onChange: (ids) => selection.onChange(ids as Row['id'][]) }}
          />
        )}
      </Suspense>
      {totals && count > 0 && <TotalsLine isBordered>{totals}</TotalsLine>}
    </Paper>
  );
}

/**
 * While the grid's chunk loads: skeleton rows, as tall as the grid will be once the rows are known
 * (its header, the rows and its footer), so that nothing under it (the totals) moves when it comes.
 */
function GridSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      sx={{ px: 2, py: 1, minHeight: rows > 0 ? gridBodyHeight(rows) + GRID_FOOTER_HEIGHT : undefined }}
    >
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={GRID_ROW_HEIGHT} />
      ))}
    </Box>
  );
}
