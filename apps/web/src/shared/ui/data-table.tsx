import ClearOutlined from '@mui/icons-material/ClearOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type {
  GridColDef,
  GridColumnVisibilityModel,
  GridLocaleText,
  GridPaginationModel,
  GridRowParams,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';
import { COUNT_CAP } from '@meterline/contract/list-specs';
import type { Paginated } from '@meterline/contract/pagination';
import { lazy, startTransition, Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { ListUrlState } from '../hooks/use-list-url-state';
import { GRID_FOOTER_HEIGHT, GRID_ROW_HEIGHT, gridBodyHeight } from '../lib/constants';
import type { DataGridView as DataGridViewComponent } from './data-grid-view';
import { FilterBar } from './filter-bar';
import { useGridColumns, type DataTableColumn } from './grid-columns';
import { FilterSelect } from './filter-select';
import { formatCount, isolateLtr } from '../lib/format-number';
import { DirectionIcon } from './direction-icon';
import { RetryAlert } from './record-state';
import { ExportCsvButton, type ExportCsv } from './export-csv-button';

const SEARCH_DEBOUNCE_MS = 300;

// The grid (and its locales) is its own chunk: phones show cards and never download it.
const DataGridView = lazy(() =>
  import('./data-grid-view').then((module) => ({ default: module.DataGridView })),
) as unknown as typeof DataGridViewComponent;

/** What the list's query hook gives back (TanStack Query's result fits). */
export interface ListQueryResult<Row> {
  data: Paginated<Row, unknown> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch(): unknown;
}

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

export interface DataTableSelection<Row extends { id: number | string }> {
  selected: readonly Row['id'][];
  onChange(ids: Row['id'][]): void;
  /** The accessible name of a card's checkbox ("Select Adel"). */
  labelOf(row: Row): string;
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
    t('dataTable.displayedRows', {
      from: isolateLtr(formatCount(from, language)),
      to: isolateLtr(formatCount(to, language)),
      total: countText,
    });

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

  const rows = data?.results ?? [];
  const gridColumns = useGridColumns(columns, rows, orderingFields);

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

  const showCards = isPhone && Boolean(renderCard);
  const sortableColumns = gridColumns.filter((column) => column.sortable && column.headerName);
  const isSortOption = sortableColumns.some((column) => listState.ordering === column.field || listState.ordering === `-${column.field}`);
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
        {hasSortChoice && (
          <FilterSelect
            label={t('dataTable.sortBy')}
            hasChip={false}
            // A list's default ordering may be several fields ("-issued_on,-id"): it shows as the default.
            value={isSortOption ? listState.ordering : ''}
            allLabel={t('dataTable.sortDefault')}
            options={sortableColumns.flatMap((column) => [
              { value: column.field, label: t('dataTable.sortAscending', { field: column.headerName }) },
              { value: `-${column.field}`, label: t('dataTable.sortDescending', { field: column.headerName }) },
            ])}
            onChange={(value) => listState.setOrdering(value ?? '')}
          />
        )}
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
      )}
    </Stack>
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

/** Types immediately, searches after a short pause; the URL gets the text (replacing the entry). */
function SearchBox({ value, onSearch, isFetching }: { value: string; onSearch(value: string): void; isFetching: boolean }) {
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
      fullWidth={false}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ flex: { xs: '1 1 auto', sm: '0 0 260px' }, minWidth: 0 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              {/* The search (or a filter) runs: the rows below are the previous ones until it answers. */}
              {isFetching || text !== value ? (
                <CircularProgress size={18} aria-label={t('dataTable.loading')} />
              ) : (
                <SearchOutlined fontSize="small" />
              )}
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

/** What the cards of a loaded page need (`CardRows`); the list adds its loading and empty states. */
interface CardRowsProps<Row extends { id: number | string }> {
  label: string;
  rows: Row[];
  isRefreshing: boolean;
  getRowHref?(row: Row): string;
  renderCard(row: Row): ReactNode;
  renderCardActions?(row: Row): ReactNode;
  selection?: DataTableSelection<Row>;
  footer: ReactNode;
}

function CardList<Row extends { id: number | string }>({
  isLoading,
  noRowsText,
  ...cardRows
}: CardRowsProps<Row> & { isLoading: boolean; noRowsText: string }) {
  const { label, rows } = cardRows;
  if (isLoading) {
    return (
      <Stack spacing={1.5} role="status" aria-busy="true" aria-label={label}>
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
  return <CardRows {...cardRows} />;
}

/** Cards a phone's first screen holds: rendered at once, the rest of the page just after. */
const FIRST_SCREEN_CARDS = 6;

/**
 * The cards of a page. When the list first shows, the first screenful is rendered at once and the
 * rest in a transition, which React renders in slices between the phone's other work instead of
 * one long task (the collector's first screen was blocked for over a second; docs/performance.md).
 */
function CardRows<Row extends { id: number | string }>({
  label,
  rows,
  isRefreshing,
  getRowHref,
  renderCard,
  renderCardActions,
  selection,
  footer,
}: CardRowsProps<Row>) {
  const [isFirstScreen, setIsFirstScreen] = useState(rows.length > FIRST_SCREEN_CARDS);
  useEffect(() => {
    if (isFirstScreen) startTransition(() => setIsFirstScreen(false));
  }, [isFirstScreen]);
  const shownRows = isFirstScreen ? rows.slice(0, FIRST_SCREEN_CARDS) : rows;
  return (
    <Stack spacing={1.5}>
      <Stack
        component="ul"
        aria-label={label}
        aria-busy={isRefreshing}
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0, opacity: isRefreshing ? 0.5 : 1, transition: 'opacity 150ms' }}
      >
        {shownRows.map((row) => (
          <li key={row.id}>
            <Card
              variant="outlined"
              sx={selection || renderCardActions ? { display: 'flex', alignItems: selection ? 'center' : 'flex-start' } : undefined}
            >
              {selection && (
                <Checkbox
                  checked={selection.selected.includes(row.id)}
                  onChange={(event) =>
                    selection.onChange(
                      event.target.checked ? [...selection.selected, row.id] : selection.selected.filter((id) => id !== row.id),
                    )
                  }
                  slotProps={{ input: { 'aria-label': selection.labelOf(row) } }}
                  sx={{ width: 48, height: 48, ml: 0.5 }}
                />
              )}
              {getRowHref ? (
                <CardActionArea component={RouterLink} to={getRowHref(row)} sx={{ minHeight: 64, flex: 1, minWidth: 0 }}>
                  <CardContent sx={selection ? { pl: 0.5 } : undefined}>{renderCard(row)}</CardContent>
                </CardActionArea>
              ) : (
                <CardContent sx={selection ? { flex: 1, minWidth: 0, pl: 0.5 } : undefined}>{renderCard(row)}</CardContent>
              )}
              {renderCardActions && <Box sx={{ flexShrink: 0, pt: 1, paddingInlineEnd: '4px' }}>{renderCardActions(row)}</Box>}
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
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <IconButton aria-label={t('dataTable.previousPage')} disabled={!hasPrevious} onClick={onPrevious} sx={{ width: 48, height: 48 }}>
        <DirectionIcon towards="back" />
      </IconButton>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {text}
      </Typography>
      <IconButton aria-label={t('dataTable.nextPage')} disabled={!hasNext} onClick={onNext} sx={{ width: 48, height: 48 }}>
        <DirectionIcon towards="forward" />
      </IconButton>
    </Stack>
  );
}

/** The sums of the filtered rows under the list: "Totals of the 1,234 rows · Balance due $ 9,870.00". */
function TotalsLine({ children, isBordered = false }: { children: ReactNode; isBordered?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t('dataTable.totals')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 3,
        rowGap: 0.5,
        alignItems: 'baseline',
        px: 2,
        py: 1.25,
        borderTop: isBordered ? 1 : 0,
        borderColor: 'divider',
        bgcolor: isBordered ? 'action.hover' : undefined,
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('dataTable.totals')}
      </Typography>
      {children}
    </Box>
  );
}

/** One figure of the totals line: its name and its amount. */
export function TotalFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      <Typography component="span" variant="inherit" color="text.secondary">
        {label}
      </Typography>{' '}
      <Typography component="span" variant="inherit" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    </Typography>
  );
}

const COLUMNS_STORAGE_PREFIX = 'meterline.columns.';

/** The grid's shown columns, kept per list in this browser; `defaultHidden` until the user decides. */
function useColumnVisibility(list: string, defaultHidden: readonly string[] | undefined) {
  const key = `${COLUMNS_STORAGE_PREFIX}${list}`;
  const [model, setModel] = useState<GridColumnVisibilityModel>(() => {
    try {
      const stored = window.localStorage.getItem(key);
      if (stored) return JSON.parse(stored) as GridColumnVisibilityModel;
    } catch {
      // No storage (private mode): the defaults.
    }
    return Object.fromEntries((defaultHidden ?? []).map((field) => [field, false]));
  });
  const update = (next: GridColumnVisibilityModel) => {
    setModel(next);
    try {
      window.localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Kept for this page only.
    }
  };
  return [model, update] as const;
}

/** "Columns": which columns the grid shows (the ones a narrow screen can do without). */
function ColumnChooser<Row extends GridValidRowModel>({
  columns,
  visibility,
  onChange,
}: {
  columns: GridColDef<Row>[];
  visibility: GridColumnVisibilityModel;
  onChange(model: GridColumnVisibilityModel): void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const named = columns.filter((column) => column.headerName && column.hideable !== false);
  if (named.length < 2) return null;
  const shownCount = named.filter((column) => visibility[column.field] !== false).length;
  return (
    <>
      <Tooltip title={t('dataTable.columns')}>
        <IconButton
          aria-label={t('dataTable.columns')}
          aria-haspopup="true"
          aria-controls={anchor ? menuId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <ViewColumnOutlined />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {named.map((column) => {
          const isShown = visibility[column.field] !== false;
          return (
            <MenuItem
              key={column.field}
              dense
              disabled={isShown && shownCount === 1}
              onClick={() => onChange({ ...visibility, [column.field]: !isShown })}
            >
              <FormControlLabel
                control={<Checkbox size="small" checked={isShown} tabIndex={-1} sx={{ py: 0 }} />}
                label={column.headerName}
                sx={{ pointerEvents: 'none', m: 0 }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

/** A grid cell's text on up to two lines, centred (the grid's cells are one line and cut): a period, an address. */
export function WrappingCell({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
      <Typography
        variant="body2"
        sx={{
          whiteSpace: 'normal',
          lineHeight: 1.25,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {children}
      </Typography>
    </Box>
  );
}
