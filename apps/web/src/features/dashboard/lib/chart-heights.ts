/**
 * The heights the dashboard reserves for its charts before they draw (`ChartCard`), written once
 * for the page (which reserves them) and the lazy chart chunks (which draw at them), so a chart
 * arrives in the room kept for it and nothing below it moves (layout shift, docs/performance.md).
 */

/** The doughnut of invoices per status. */
export const STATUS_PIE_HEIGHT = 260;

/** Its legend: five statuses in two columns, so always three lines of text under the doughnut. */
export const STATUS_LEGEND = { marginTop: 8, lineHeight: 24, rowGap: 8, lines: 3 } as const;

/** The doughnut with its legend. */
export const INVOICES_BY_STATUS_HEIGHT =
  STATUS_PIE_HEIGHT +
  STATUS_LEGEND.marginTop +
  STATUS_LEGEND.lines * STATUS_LEGEND.lineHeight +
  (STATUS_LEGEND.lines - 1) * STATUS_LEGEND.rowGap;

/**
 * Invoiced against collected: 300 px when it has a row of its own (below `lg`), and from `lg`, where
 * it sits beside the doughnut, as tall as the doughnut with its legend, so that it fills its card
 * instead of leaving empty room under the bars (docs/web.md, "The dashboard").
 */
export const INVOICED_COLLECTED_HEIGHT = { alone: 300, besideStatus: INVOICES_BY_STATUS_HEIGHT } as const;
