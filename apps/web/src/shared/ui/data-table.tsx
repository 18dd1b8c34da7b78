import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ClearOutlined from '@mui/icons-material/ClearOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridLocaleText, GridPaginationModel, GridRowParams, GridSortModel, GridValidRowModel } from '@mui/x-data-grid';
import { DataGrid } from '@mui/x-data-grid/DataGrid';
import { arSD, enUS } from '@mui/x-data-grid/locales';
import { COUNT_CAP, PAGE_SIZE_OPTIONS, type Paginated } from '@meterline/contract/pagination';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useToast } from '../hooks/use-toast';
import type { ListUrlState } from '../hooks/use-list-url-state';
import { apiClient } from '../lib/api-client';
import { GRID_ROW_HEIGHT } from '../lib/constants';
import { formatCount, isolateLtr } from '../lib/format-number';

const SEARCH_DEBOUNCE_MS = 300;

/** What the list's query hook gives back (TanStack Query's result fits). */
export interface ListQueryResult<Row> {
  data: Paginated<Row> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch(): unknown;
}

export interface DataTableProps<Row extends GridValidRowModel & { id: number | string }> {
  /** Names the grid (and the card list) for screen readers. */
  label: string;
  columns: GridColDef<Row>[];
  listState: ListUrlState<string>;
  query: ListQueryResult<Row>;
  /** Shown instead of the rows when the list call fails (spec section 8: 'Failed to fetch tenants.'). */
  errorMessage: string;
  /** Where a row or card leads; tapping it opens that page. */
  getRowHref?(row: Row): string;
  /** The card of one row on phones (below `sm`); without it phones get the grid. */
  renderCard?(row: Row): ReactNode;
  /** The list's API path: "Export CSV" downloads `path?format=csv` with the current filters. */
  exportCsv?: { path: string; filename: string };
  /** Fields the API can order by; other columns are not sortable. */
  orderingFields?: readonly string[];
  /** Filter controls (selects) shown beside the search box; they read and write `listState`. */
  filters?: ReactNode;
  emptyMessage?: string;
  isSearchable?: boolean;
}

/**
 * The one list of the app (screens.md): MUI X DataGrid with server-side paging, sorting, search
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
  exportCsv,
  orderingFields,
  filters,
  emptyMessage,
  isSearchable = true,
}: DataTableProps<Row>) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const language = i18n.language;
  const data = query.data;
  const isCapped = data?.count_capped ?? false;
  const count = data?.count ?? 0;
  const noRowsText = listState.hasFilters ? t('dataTable.noResults') : (emptyMessage ?? t('dataTable.noRows'));

  const countNumber = isolateLtr(formatCount(isCapped ? COUNT_CAP : count, language));
  const countText = isCapped ? t('dataTable.countCapped', { value: countNumber }) : countNumber;
  const displayedRows = (from: number, to: number) =>
    t('dataTable.displayedRows', { from: isolateLtr(formatCount(from, language)), to: isolateLtr(formatCount(to, language)), total: countText });

  const localeText = useMemo<Partial<GridLocaleText>>(() => {
    const base = (language === 'ar' ? arSD : enUS).components.MuiDataGrid.defaultProps.localeText;
    return {
      ...base,
      noRowsLabel: noRowsText,
      noResultsOverlayLabel: noRowsText,
      paginationRowsPerPage: t('dataTable.rowsPerPage'),
      paginationDisplayedRows: ({ from, to }) => displayedRows(from, to),
    };
    // displayedRows reads countText and language, both listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, noRowsText, countText, t]);

  const gridColumns = useMemo(
    () =>
      columns.map((column) => ({
        ...column,
        sortable: column.sortable !== false && (orderingFields ? orderingFields.includes(column.field) : true),
      })),
    [columns, orderingFields],
  );

  const sortModel = useMemo<GridSortModel>(() => {
    const first = listState.ordering.split(',')[0];
    if (!first) return [];
    return [{ field: first.replace(/^-/, ''), sort: first.startsWith('-') ? 'desc' : 'asc' }];
  }, [listState.ordering]);

  const handleSortModelChange = (model: GridSortModel) => {
    const [item] = model;
    listState.setOrdering(item?.sort ? `${item.sort === 'desc' ? '-' : ''}${item.field}` : '');
  };

  const handlePaginationModelChange = (model: GridPaginationModel) => {
    if (model.pageSize !== listState.pageSize) listState.setPageSize(model.pageSize);
    else listState.setPage(model.page + 1);
  };

  const handleRowClick = (params: GridRowParams<Row>) => {
    if (getRowHref) void navigate(getRowHref(params.row));
  };

  const rows = data?.results ?? [];
  const showCards = isPhone && Boolean(renderCard);
  const sortableColumns = gridColumns.filter((column) => column.sortable && column.headerName);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        {isSearchable && <SearchBox value={listState.search} onSearch={listState.setSearch} />}
        {filters}
        {showCards && sortableColumns.length > 0 && (
          <TextField
            select
            size="small"
            label={t('dataTable.sortBy')}
            value={listState.ordering}
            onChange={(event) => listState.setOrdering(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            {/* No ordering, or the list's default on several fields ("building_name,floor,apartment"). */}
            {!sortableColumns.some((column) => listState.ordering.replace(/^-/, '') === column.field) && (
              <MenuItem value={listState.ordering}>{t('dataTable.sortDefault')}</MenuItem>
            )}
            {sortableColumns.flatMap((column) => [
              <MenuItem key={column.field} value={column.field}>
                {t('dataTable.sortAscending', { field: column.headerName })}
              </MenuItem>,
              <MenuItem key={`-${column.field}`} value={`-${column.field}`}>
                {t('dataTable.sortDescending', { field: column.headerName })}
              </MenuItem>,
            ])}
          </TextField>
        )}
        <Box sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }} />
        {exportCsv && <ExportCsvButton path={exportCsv.path} filename={exportCsv.filename} query={listState.exportQuery} />}
      </Stack>

      {query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage}
        </Alert>
      ) : showCards ? (
        <CardList
          label={label}
          rows={rows}
          isLoading={query.isPending}
          noRowsText={noRowsText}
          getRowHref={getRowHref}
          renderCard={renderCard!}
          footer={
            count > 0 && (
              <CardPager
                text={displayedRows((listState.page - 1) * listState.pageSize + 1, Math.min(listState.page * listState.pageSize, count))}
                hasPrevious={listState.page > 1}
                hasNext={listState.page * listState.pageSize < count}
                onPrevious={() => listState.setPage(listState.page - 1)}
                onNext={() => listState.setPage(listState.page + 1)}
              />
            )
          }
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <DataGrid<Row>
            aria-label={label}
            rows={rows}
            columns={gridColumns}
            rowCount={count}
            loading={query.isFetching}
            autoHeight
            rowHeight={GRID_ROW_HEIGHT}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            paginationModel={{ page: listState.page - 1, pageSize: listState.pageSize }}
            onPaginationModelChange={handlePaginationModelChange}
            pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
            sortModel={sortModel}
            onSortModelChange={handleSortModelChange}
            sortingOrder={['asc', 'desc']}
            onRowClick={getRowHref ? handleRowClick : undefined}
            disableColumnMenu
            disableColumnFilter
            disableRowSelectionOnClick
            localeText={localeText}
            slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
            sx={{
              border: 0,
              '& .MuiDataGrid-row': getRowHref ? { cursor: 'pointer' } : undefined,
              '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outlineOffset: -2 },
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}

/** Types immediately, searches after a short pause; the URL gets the text (replacing the entry). */
function SearchBox({ value, onSearch }: { value: string; onSearch(value: string): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  // The URL changed from outside (Back, "Clear filters"): show it.
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <TextField
      type="search"
      size="small"
      label={t('dataTable.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ width: { xs: '100%', sm: 300 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={t('dataTable.clearSearch')} onClick={() => setText('')}>
                <ClearOutlined fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

/** Downloads `path?format=csv` with the current filters, with the bearer token (fetch + blob). */
function ExportCsvButton({ path, filename, query }: { path: string; filename: string; query: Record<string, string | number> }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [isExporting, setExporting] = useState(false);
  const handleExportClick = async () => {
    setExporting(true);
    try {
      await apiClient.download(path, `${filename}.csv`, { query: { ...query, format: 'csv' } });
    } catch {
      showToast(t('dataTable.exportFailed'), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlined />} loading={isExporting} loadingPosition="start" onClick={() => void handleExportClick()}>
      {isExporting ? t('dataTable.exporting') : t('dataTable.exportCsv')}
    </Button>
  );
}

function CardList<Row extends { id: number | string }>({
  label,
  rows,
  isLoading,
  noRowsText,
  getRowHref,
  renderCard,
  footer,
}: {
  label: string;
  rows: Row[];
  isLoading: boolean;
  noRowsText: string;
  getRowHref?(row: Row): string;
  renderCard(row: Row): ReactNode;
  footer: ReactNode;
}) {
  if (isLoading) {
    return (
      <Stack spacing={1.5} aria-busy="true" aria-label={label}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={88} />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{noRowsText}</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => (
          <li key={row.id}>
            <Card variant="outlined">
              {getRowHref ? (
                <CardActionArea component={RouterLink} to={getRowHref(row)} sx={{ minHeight: 64 }}>
                  <CardContent>{renderCard(row)}</CardContent>
                </CardActionArea>
              ) : (
                <CardContent>{renderCard(row)}</CardContent>
              )}
            </Card>
          </li>
        ))}
      </Stack>
      {footer}
    </Stack>
  );
}

/** Big previous/next buttons for one thumb, with "1–25 of 300". Icons follow the reading direction. */
function CardPager({
  text,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  text: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isRtl = theme.direction === 'rtl';
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <IconButton aria-label={t('dataTable.previousPage')} disabled={!hasPrevious} onClick={onPrevious} sx={{ width: 48, height: 48 }}>
        {isRtl ? <ChevronRight /> : <ChevronLeft />}
      </IconButton>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {text}
      </Typography>
      <IconButton aria-label={t('dataTable.nextPage')} disabled={!hasNext} onClick={onNext} sx={{ width: 48, height: 48 }}>
        {isRtl ? <ChevronLeft /> : <ChevronRight />}
      </IconButton>
    </Stack>
  );
}
