import { useSyncExternalStore } from 'react';

export const PRESET_COLORS = ['default', 'theme1', 'theme2', 'theme3', 'theme4', 'theme5', 'theme6'] as const;
export type PresetColor = (typeof PRESET_COLORS)[number];
export const DEFAULT_FONT_FAMILY = "'Montserrat Variable', sans-serif";
export const FONT_FAMILIES = [DEFAULT_FONT_FAMILY, "'Noto Sans Arabic Variable', sans-serif", 'system-ui, sans-serif'] as const;
export const SETTINGS_STORAGE_KEY = 'meterline-settings';

export interface Settings {
  menuOrientation: 'vertical' | 'horizontal';
  miniDrawer: boolean;
  fontFamily: string;
  borderRadius: number;
  outlinedFilled: boolean;
  mode: 'light' | 'dark';
  presetColor: PresetColor;
  language: 'en' | 'ar';
  themeDirection: 'ltr' | 'rtl';
  container: boolean;
}

const oneOf =
  <T extends string>(options: readonly T[]) =>
  (value: unknown): value is T =>
    options.includes(value as T);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/**
 * Each field falls back to its default on its own, so one bad stored value never resets the rest.
 * Written by hand, not with zod: the store runs before the sign-in page, which does not load zod.
 */
const SETTING_CHECKS: { [K in keyof Settings]: (value: unknown) => value is Settings[K] } = {
  menuOrientation: oneOf(['vertical', 'horizontal'] as const),
  miniDrawer: isBoolean,
  fontFamily: (value): value is string => typeof value === 'string' && value.length > 0,
  borderRadius: (value): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 24,
  outlinedFilled: isBoolean,
  mode: oneOf(['light', 'dark'] as const),
  presetColor: oneOf(PRESET_COLORS),
  language: oneOf(['en', 'ar'] as const),
  themeDirection: oneOf(['ltr', 'rtl'] as const),
  container: isBoolean,
};

/** Spec section 3 defaults; vertical menu and no mini drawer, so the side menu starts open on desktop. */
export const DEFAULT_SETTINGS: Settings = {
  menuOrientation: 'vertical',
  miniDrawer: false,
  fontFamily: DEFAULT_FONT_FAMILY,
  borderRadius: 8,
  outlinedFilled: true,
  mode: 'light',
  presetColor: 'default',
  language: 'en',
  themeDirection: 'ltr',
  container: false,
};

export function parseSettings(raw: string | null): Settings {
  if (!raw) return DEFAULT_SETTINGS;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return DEFAULT_SETTINGS;
    const stored = value as Record<string, unknown>;
    const settings = { ...DEFAULT_SETTINGS };
    for (const key of Object.keys(SETTING_CHECKS) as (keyof Settings)[]) {
      if (SETTING_CHECKS[key](stored[key])) Object.assign(settings, { [key]: stored[key] });
    }
    // Direction always follows the language (docs/product/specification.md section 4).
    return { ...settings, themeDirection: settings.language === 'ar' ? 'rtl' : 'ltr' };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export interface SettingsStore {
  getSnapshot(): Settings;
  subscribe(listener: () => void): () => void;
  update(patch: Partial<Settings>): void;
  reset(): void;
}

/** A store over localStorage that also follows other tabs through the `storage` event. */
export function createSettingsStore(storage: Storage = localStorage, events: Window | null = window): SettingsStore {
  let snapshot = parseSettings(storage.getItem(SETTINGS_STORAGE_KEY));
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const handleStorage = (event: StorageEvent) => {
    if (event.key !== SETTINGS_STORAGE_KEY && event.key !== null) return;
    snapshot = parseSettings(storage.getItem(SETTINGS_STORAGE_KEY));
    notify();
  };

  const write = (next: Settings) => {
    snapshot = next;
    try {
      storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // storage full or disabled: the settings still apply to this tab
    }
    notify();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      if (listeners.size === 0) events?.addEventListener('storage', handleStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events?.removeEventListener('storage', handleStorage);
      };
    },
    update(patch) {
      const merged = { ...snapshot, ...patch };
      if (patch.language) merged.themeDirection = patch.language === 'ar' ? 'rtl' : 'ltr';
      write(merged);
    },
    reset() {
      write(DEFAULT_SETTINGS);
    },
  };
}

export const settingsStore = createSettingsStore();

export function useSettings(): Settings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.getSnapshot, settingsStore.getSnapshot);
}

export const updateSettings = (patch: Partial<Settings>) => settingsStore.update(patch);
export const resetSettings = () => settingsStore.reset();
