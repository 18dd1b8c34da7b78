import CancelRounded from '@mui/icons-material/CancelRounded';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The width of one filter beside the others on tablets and desktops: the bar stays one or two lines. */
export const FILTER_WIDTH = 176;

/** A filter that is set, as its chip under the bar: "Status: Paid" with its own ✕. */
interface ActiveFilter {
  label: string;
  value: string;
  onClear(): void;
}

interface FilterRegistry {
  set(id: string, filter: ActiveFilter | null): void;
}

const FilterRegistryContext = createContext<FilterRegistry | null>(null);

/**
 * Shows the filter as a removable chip under its bar while it has a value (`value` is the text the
 * user chose, "Paid", not the URL's "paid"). Outside a `FilterBar` it does nothing.
 */
export function useActiveFilterChip(label: string, value: string | null | undefined, onClear: () => void) {
  const registry = useContext(FilterRegistryContext);
  const id = useId();
  const clearRef = useRef(onClear);
  useEffect(() => {
    clearRef.current = onClear;
  });
  useEffect(() => {
    registry?.set(id, value ? { label, value, onClear: () => clearRef.current() } : null);
  }, [registry, id, label, value]);
  // Only when the filter leaves the bar: a changed value keeps the chip's place.
  useEffect(() => () => registry?.set(id, null), [registry, id]);
}

/**
 * The one filter bar of the lists (`DataTable` renders it around its `filters`): from `sm` up the
 * search box and compact filters in one wrapping row, the export at its end; on phones the search
 * box and a "Filters" button (with how many are set) that opens the filters stacked full width in a
 * bottom sheet. The filters that are set show as chips under the bar, each removable, with "Clear
 * all". Filters stay mounted in the closed sheet, so their chips show on phones too.
 */
export function FilterBar({
  search,
  children,
  end,
  hasFilters,
  searchText = '',
  onClearSearch,
  onClearAll,
}: {
  /** The search box: always in view. */
  search?: ReactNode;
  /** The filters (`FilterSelect`, `DateRangeFilter`, ...). */
  children?: ReactNode;
  /** Actions at the end of the row (export, columns). */
  end?: ReactNode;
  /** Whether there are filters (else no "Filters" button on phones). */
  hasFilters: boolean;
  /** The search that runs, shown as a chip too (cleared by its ✕). */
  searchText?: string;
  onClearSearch?(): void;
  onClearAll(): void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [isSheetOpen, setSheetOpen] = useState(false);
  const [active, setActive] = useState<[string, ActiveFilter][]>([]);
  const sheetTitleId = useId();

  const set = useCallback((id: string, filter: ActiveFilter | null) => {
    setActive((previous) => {
      const index = previous.findIndex(([key]) => key === id);
      if (!filter) return index < 0 ? previous : previous.filter(([key]) => key !== id);
      if (index < 0) return [...previous, [id, filter]];
      const next = [...previous];
      next[index] = [id, filter];
      return next;
    });
  }, []);
  const registry = useMemo(() => ({ set }), [set]);
  const chips: [string, ActiveFilter][] =
    searchText && onClearSearch
      ? [['search', { label: t('dataTable.search'), value: searchText, onClear: onClearSearch }], ...active]
      : active;

  const fields = (
    <Box
      sx={{
        // From `sm` up the filters are items of the bar's own row (beside the search box), wrapping with it.
        display: { xs: 'flex', sm: 'contents' },
        flexDirection: 'column',
        alignItems: 'stretch',
        gap: 1.5,
        '& > *': { flexShrink: 0 },
      }}
    >
      {children}
    </Box>
  );

  return (
    <FilterRegistryContext.Provider value={registry}>
      <Stack spacing={1}>
        <Box sx={{ display: 'flex', flexWrap: { xs: 'nowrap', sm: 'wrap' }, gap: 1.5, alignItems: 'center' }}>
          {search}
          {!isPhone && hasFilters && fields}
          {isPhone && hasFilters && (
            <Button
              variant="outlined"
              color="inherit"
              aria-haspopup="dialog"
              aria-expanded={isSheetOpen}
              onClick={() => setSheetOpen(true)}
              startIcon={
                <Badge badgeContent={active.length} color="primary">
                  <FilterListOutlined />
                </Badge>
              }
              sx={{ flexShrink: 0, minHeight: 40 }}
            >
              {t('dataTable.filters')}
            </Button>
          )}
          {/* On phones the export waits in the sheet: the search box keeps the line's width. */}
          {end && (!isPhone || !hasFilters) && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', marginInlineStart: 'auto', flexShrink: 0 }}>{end}</Box>
          )}
        </Box>
        {chips.length > 0 && (
          <Box
            role="group"
            aria-label={t('dataTable.activeFilters')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          >
            {chips.map(([id, filter]) => (
              <Chip
                key={id}
                size="small"
                label={
                  <>
                    {filter.label}: <bdi>{filter.value}</bdi>
                  </>
                }
                onDelete={filter.onClear}
                deleteIcon={
                  <CancelRounded role="button" aria-label={t('dataTable.removeFilter', { name: filter.label })} aria-hidden={false} />
                }
                sx={{ maxWidth: '100%' }}
              />
            ))}
            <Button size="small" onClick={onClearAll}>
              {t('dataTable.clearAll')}
            </Button>
          </Box>
        )}
      </Stack>
      {isPhone && hasFilters && (
        <Drawer
          anchor="bottom"
          open={isSheetOpen}
          onClose={() => setSheetOpen(false)}
          keepMounted
          slotProps={{ paper: { sx: { borderStartStartRadius: 16, borderStartEndRadius: 16, maxHeight: '85vh' } } }}
        >
          <Stack spacing={2} sx={{ p: 2 }} role="dialog" aria-labelledby={sheetTitleId}>
            <Typography id={sheetTitleId} variant="h6" component="h2">
              {t('dataTable.filters')}
            </Typography>
            {fields}
            {end}
            <Stack direction="row" spacing={1.5}>
              <Button fullWidth variant="outlined" onClick={onClearAll} disabled={chips.length === 0}>
                {t('dataTable.clearAll')}
              </Button>
              <Button fullWidth variant="contained" onClick={() => setSheetOpen(false)}>
                {t('dataTable.showResults')}
              </Button>
            </Stack>
          </Stack>
        </Drawer>
      )}
    </FilterRegistryContext.Provider>
  );
}
