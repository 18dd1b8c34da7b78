import type {
  GridColDef,
  GridColumnVisibilityModel,
  GridLocaleText,
  GridPaginationModel,
  GridRowId,
  GridRowParams,
  GridRowSelectionModel,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';
import { DataGrid } from '@mui/x-data-grid/DataGrid';
import { arSD, enUS } from '@mui/x-data-grid/locales';
import { useMemo, type ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS } from '@meterline/contract/list-specs';
import { GRID_HEADER_HEIGHT, GRID_ROW_HEIGHT, gridBodyHeight } from '../lib/constants';
import { formatCount } from '../lib/format-number';
import { NameText } from './name-text';

export interface DataGridViewProps<Row extends GridValidRowModel> {
  label: string;
  language: string;
  rows: Row[];
  columns: GridColDef<Row>[];
  rowCount: number;
  isLoading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange(model: GridPaginationModel): void;
  sortModel: GridSortModel;
  onSortModelChange(model: GridSortModel): void;
  onRowClick?(params: GridRowParams<Row>, event?: { target: EventTarget | null }): void;
  /** The list's own texts, over the grid's texts in the language. */
  localeText: Partial<GridLocaleText>;
  columnVisibilityModel?: GridColumnVisibilityModel;
  onColumnVisibilityModelChange?(model: GridColumnVisibilityModel): void;
  /** Checkboxes: the ids ticked (on any page) and their change. */
  selection?: { selected: readonly GridRowId[]; onChange(ids: GridRowId[]): void };
}

/**
 * The MUI X DataGrid of `DataTable` on tablets and desktops, in a module of its own so that the
 * grid's code is a separate chunk (loaded by `DataTable` with React.lazy, never on phones).
 */
export function DataGridView<Row extends GridValidRowModel>({
  label,
  language,
  localeText,
  onRowClick,
  isLoading,
  selection,
  ...grid
}: DataGridViewProps<Row>) {
  const texts = useMemo(
    () => ({ ...(language === 'ar' ? arSD : enUS).components.MuiDataGrid.defaultProps.localeText, ...localeText }),
    [language, localeText],
  );
  // The page sizes in the user's digits too, like every number on an Arabic screen (docs/web.md, "Digits").
  const pageSizes = useMemo(() => PAGE_SIZE_OPTIONS.map((value) => ({ value, label: formatCount(value, language) })), [language]);
  // A cell a list shows as plain text (an address, a bundle's name) is a name (docs/web.md, "Digits"):
  // in the user's digits, isolated, and "15 A" as one left-to-right run.
  const columns = useMemo(
    () =>
      grid.columns.map((column) =>
        column.renderCell
          ? column
          : {
              ...column,
              renderCell: ({ formattedValue }: { formattedValue?: unknown }) =>
                typeof formattedValue === 'string' ? <NameText value={formattedValue} /> : (formattedValue as ReactNode),
            },
      ),
    [grid.columns],
  );
  const selectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selection?.selected ?? []) }),
    [selection?.selected],
  );
  // The header checkbox may answer "all but these" (exclude): it means every row of this page.
  const handleSelectionChange = (model: GridRowSelectionModel) => {
    if (!selection) return;
    const pageIds = grid.rows.map((row) => row.id as GridRowId);
    const onPage = model.type === 'include' ? [...model.ids] : pageIds.filter((id) => !model.ids.has(id));
    const elsewhere = selection.selected.filter((id) => !pageIds.includes(id));
    selection.onChange([...elsewhere, ...onPage]);
  };
  return (
    <DataGrid<Row>
      aria-label={label}
      {...grid}
      columns={columns}
      loading={isLoading}
      autoHeight
      rowHeight={GRID_ROW_HEIGHT}
      columnHeaderHeight={GRID_HEADER_HEIGHT}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      pageSizeOptions={pageSizes}
      sortingOrder={['asc', 'desc']}
      onRowClick={onRowClick}
      disableColumnMenu
      disableColumnFilter
      disableRowSelectionOnClick
      checkboxSelection={Boolean(selection)}
      keepNonExistentRowsSelected
      rowSelectionModel={selection ? selectionModel : undefined}
      onRowSelectionModelChange={selection ? handleSelectionChange : undefined}
      localeText={texts}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
      sx={{
        border: 0,
        // The rows' room from the first frame: the grid draws its rows only once it has measured
        // itself, and the footer (and the totals under it) would jump down by the page's rows.
        '& .MuiDataGrid-main': { minHeight: grid.rows.length > 0 ? gridBodyHeight(grid.rows.length) : undefined },
        '& .MuiDataGrid-row': onRowClick ? { cursor: 'pointer' } : undefined,
        '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outlineOffset: -2 },
        // A long header ("Building, floor, apartment", "أقدم تاريخ استحقاق") wraps on two lines instead of being cut.
        '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2, overflowWrap: 'normal' },
      }}
    />
  );
}
