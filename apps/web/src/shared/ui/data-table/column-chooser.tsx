import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef, GridColumnVisibilityModel, GridValidRowModel } from '@mui/x-data-grid';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

const COLUMNS_STORAGE_PREFIX = 'meterline.columns.';

/** The grid's shown columns, kept per list in this browser; `defaultHidden` until the user decides. */
export function useColumnVisibility(list: string, defaultHidden: readonly string[] | undefined) {
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
export function ColumnChooser<Row extends GridValidRowModel>({
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
