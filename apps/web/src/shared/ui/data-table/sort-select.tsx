import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../filter-select';

/** The phone's "Sort by" (cards have no column headers): each sortable column up and down. */
export function SortSelect<Row extends GridValidRowModel>({
  columns: sortableColumns,
  ordering,
  onChange,
}: {
  /** The grid's sortable columns that have a name. */
  columns: GridColDef<Row>[];
  ordering: string;
  onChange(ordering: string): void;
}) {
  const { t } = useTranslation();
  const isSortOption = sortableColumns.some((column) => ordering === column.field || ordering === `-${column.field}`);
  return (
    <FilterSelect
      label={t('dataTable.sortBy')}
      hasChip={false}
      // A list's default ordering may be several fields ("-issued_on,-id"): it shows as the default.
      value={isSortOption ? ordering : ''}
      allLabel={t('dataTable.sortDefault')}
      options={sortableColumns.flatMap((column) => [
        { value: column.field, label: t('dataTable.sortAscending', { field: column.headerName }) },
        { value: `-${column.field}`, label: t('dataTable.sortDescending', { field: column.headerName }) },
      ])}
      onChange={(value) => onChange(value ?? '')}
    />
  );
}
