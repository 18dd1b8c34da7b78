/** Layout and behaviour constants of docs/product/specification.md section 9. */
export const APP_VERSION_LABEL = 'v1.0.0';
export const DRAWER_WIDTH = 260;
export const MINI_DRAWER_WIDTH = 72;
export const GRID_ROW_HEIGHT = 54;
export const GRID_HEADER_HEIGHT = 56;
/** The grid's header and `rows` rows: the room it takes before its footer. */
export const gridBodyHeight = (rows: number) => GRID_HEADER_HEIGHT + rows * GRID_ROW_HEIGHT;
/** The grid's footer (pagination): 52 px and its top border. */
export const GRID_FOOTER_HEIGHT = 53;
export const TOOLTIP_ENTER_DELAY_MS = 1000;
export const TOAST_AUTO_HIDE_MS = 1500;
export const TOAST_MAX_STACK = 3;
export const QUERY_GC_TIME_MS = 60_000;
export const PAGE_TRANSITION_SECONDS = 0.4;
export const FADE_DURATIONS = { appear: 500, enter: 600, exit: 400 } as const;
export const ACCOUNT_MENU_WIDTH = { min: 300, max: 350 } as const;
export const LANGUAGE_MENU_WIDTH = { min: 200, maxSmall: 250, max: 280 } as const;
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
