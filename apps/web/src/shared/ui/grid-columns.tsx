import { useTheme } from '@mui/material/styles';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { textWidth, useFontsLoaded } from '../lib/text-width';
import { Money, useFormatMoney } from './money';

/**
 * A column of `DataTable`: the grid's, and what of its cells must show whole (docs/web.md, "Tables
 * fit"). An amount, a month or a label cut by the cell's ellipsis ("LBP 3,049,…") is a wrong text:
 * the column is at least as wide as the widest such text of the page's rows, measured in the grid's
 * font, whatever its `minWidth` says (an amount in Lebanese pounds takes twice a dollar one).
 */
export type DataTableColumn<Row extends GridValidRowModel> = GridColDef<Row> & {
  /** The text a cell shows that must never be cut (a code, a time, a method's name). */
  wholeText?(row: Row): string | null | undefined;
  /** The amount a cell shows with `Money`, never cut: in the tenant's currency, or the one named. */
  wholeAmount?(row: Row): string | { amount: string; currency: string } | null | undefined;
};

/** The grid's cells: 10 px of padding on each side, and a pixel for rounding. */
const CELL_PADDING = 21;
/** Whole texts are measured bold: a bold number (an invoice's, a balance owed) fits, a plain one has a few pixels to spare. */
const MEASURED_WEIGHT = 600;

/** An amount column: `Money` on the right, as wide as its widest amount of the page. */
export function moneyColumn<Row extends GridValidRowModel>(
  field: string,
  headerName: string,
  amountOf: (row: Row) => string,
  column: Partial<GridColDef<Row>> = {},
): DataTableColumn<Row> {
  return {
    field,
    headerName,
    align: 'right',
    headerAlign: 'right',
    wholeAmount: amountOf,
    renderCell: ({ row }) => <Money amount={amountOf(row)} />,
    ...column,
  } as DataTableColumn<Row>;
}

/**
 * The grid's columns of `DataTable`: each with a whole text as wide as the widest of `rows` (measured
 * in the cells' font, again once the web fonts have loaded), sortable only on the fields the API orders by.
 */
export function useGridColumns<Row extends GridValidRowModel>(
  columns: DataTableColumn<Row>[],
  rows: Row[],
  orderingFields: readonly string[] | undefined,
): GridColDef<Row>[] {
  const { typography } = useTheme();
  const formatMoney = useFormatMoney();
  const fontsLoaded = useFontsLoaded();
  return useMemo(() => {
    const { fontFamily, fontSize } = typography.body2;
    const fontSizePx = parseFloat(String(fontSize)) * (String(fontSize).endsWith('rem') ? typography.htmlFontSize : 1);
    const font = `${MEASURED_WEIGHT} ${fontSizePx}px ${fontFamily}`;
    const widest = (textOf: (row: Row) => string | null | undefined) =>
      rows.reduce((max, row) => {
        const text = textOf(row);
        return text ? Math.max(max, textWidth(text, font, fontSizePx)) : max;
      }, 0);
    const amountText = (amount: ReturnType<NonNullable<DataTableColumn<Row>['wholeAmount']>>) =>
      !amount ? null : typeof amount === 'string' ? formatMoney(amount) : formatMoney(amount.amount, amount.currency);
    return columns.map(({ wholeText, wholeAmount, ...column }) => {
      const needed = Math.max(wholeText ? widest(wholeText) : 0, wholeAmount ? widest((row) => amountText(wholeAmount(row))) : 0);
      return {
        ...column,
        ...(needed > 0 ? { minWidth: Math.max(column.minWidth ?? 50, Math.ceil(needed) + CELL_PADDING) } : {}),
        sortable: column.sortable !== false && (orderingFields ? orderingFields.includes(column.field) : true),
      } as GridColDef<Row>;
    });
    // fontsLoaded: measured again with the web fonts; formatMoney follows the language and currency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns, rows, orderingFields, typography, fontsLoaded, formatMoney]);
}
