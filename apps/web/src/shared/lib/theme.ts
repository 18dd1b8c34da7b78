import { createTheme, type Theme } from '@mui/material/styles';
import { BREAKPOINTS, FADE_DURATIONS, TOOLTIP_ENTER_DELAY_MS } from './constants';
import type { PresetColor, Settings } from './settings-store';

interface PresetPalette {
  primary: string;
  primaryDark: string;
  secondary: string;
  secondaryDark: string;
}

/** Seven presets, each readable in light and dark (text on primary ≥ 4.5:1). */
const PRESETS: Record<PresetColor, PresetPalette> = {
  default: { primary: '#1e5eff', primaryDark: '#8fb0ff', secondary: '#6d3fd1', secondaryDark: '#b9a1f0' },
  theme1: { primary: '#0f6b5c', primaryDark: '#67d4bf', secondary: '#b45309', secondaryDark: '#f5b56b' },
  theme2: { primary: '#7b2cbf', primaryDark: '#c79bf0', secondary: '#0f766e', secondaryDark: '#6fd6cb' },
  theme3: { primary: '#b42318', primaryDark: '#f59a92', secondary: '#1d4ed8', secondaryDark: '#93b4fb' },
  theme4: { primary: '#1f6f3f', primaryDark: '#7fd8a2', secondary: '#7c3aed', secondaryDark: '#c4a8fb' },
  theme5: { primary: '#9a3412', primaryDark: '#fdab7d', secondary: '#0e7490', secondaryDark: '#7dd3ea' },
  theme6: { primary: '#334155', primaryDark: '#b6c2d4', secondary: '#be185d', secondaryDark: '#f49ac2' },
};

export const PRESET_SWATCHES: Record<PresetColor, string> = Object.fromEntries(
  Object.entries(PRESETS).map(([name, palette]) => [name, palette.primary]),
) as Record<PresetColor, string>;

/** What the device asks for besides the display settings. */
export interface DeviceLook {
  /** The operating system's "reduce motion": dialogs then come and go without a fade. */
  prefersReducedMotion?: boolean;
}

export function createAppTheme(settings: Settings, { prefersReducedMotion = false }: DeviceLook = {}): Theme {
  const preset = PRESETS[settings.presetColor] ?? PRESETS.default;
  const isDark = settings.mode === 'dark';
  const fieldVariant = settings.outlinedFilled ? 'outlined' : 'filled';
  return createTheme({
    direction: settings.themeDirection,
    breakpoints: { values: { ...BREAKPOINTS } },
    shape: { borderRadius: settings.borderRadius },
    typography: {
      fontFamily: `${settings.fontFamily}, 'Noto Sans Arabic Variable', system-ui, sans-serif`,
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontSize: '2rem', fontWeight: 700 },
      h2: { fontSize: '1.5rem', fontWeight: 700 },
      h3: { fontSize: '1.25rem', fontWeight: 600 },
    },
    palette: {
      mode: settings.mode,
      primary: { main: isDark ? preset.primaryDark : preset.primary },
      secondary: { main: isDark ? preset.secondaryDark : preset.secondary },
      background: isDark ? { default: '#0f1522', paper: '#161e2e' } : { default: '#f3f5fa', paper: '#ffffff' },
    },
    transitions: {
      duration: { enteringScreen: FADE_DURATIONS.enter, leavingScreen: FADE_DURATIONS.exit },
    },
    components: {
      MuiTooltip: { defaultProps: { enterDelay: TOOLTIP_ENTER_DELAY_MS, arrow: true } },
      // The app's one dialog transition, for the money dialogs and the confirmations alike (docs/web.md,
      // "Dialogs"): MUI's fade (the dialog and its backdrop) at the spec's timings, appear 500, enter
      // 600, exit 400 ms; none for people who asked for less motion.
      MuiDialog: { defaultProps: { transitionDuration: prefersReducedMotion ? 0 : FADE_DURATIONS } },
      MuiTextField: { defaultProps: { variant: fieldVariant, fullWidth: true } },
      MuiFormControl: { defaultProps: { variant: fieldVariant } },
      MuiSelect: { defaultProps: { variant: fieldVariant } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    },
  });
}
