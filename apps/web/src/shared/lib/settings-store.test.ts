import { describe, expect, it, vi } from 'vitest';
import { createSettingsStore, DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY } from './settings-store';

describe('settings store', () => {
  it('starts from the spec defaults', () => {
    const store = createSettingsStore(localStorage, window);
    expect(store.getSnapshot()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      menuOrientation: 'vertical',
      miniDrawer: false,
      fontFamily: "'Montserrat Variable', sans-serif",
      borderRadius: 8,
      outlinedFilled: true,
      mode: 'light',
      presetColor: 'default',
      language: 'en',
      themeDirection: 'ltr',
    });
  });

  it('persists changes in localStorage and notifies subscribers', () => {
    const store = createSettingsStore(localStorage, window);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.update({ mode: 'dark', borderRadius: 12 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!)).toMatchObject({ mode: 'dark', borderRadius: 12 });
    expect(createSettingsStore(localStorage, null).getSnapshot()).toMatchObject({ mode: 'dark', borderRadius: 12 });
    unsubscribe();
  });

  it('sets right-to-left for Arabic and left-to-right otherwise', () => {
    const store = createSettingsStore(localStorage, null);
    store.update({ language: 'ar' });
    expect(store.getSnapshot().themeDirection).toBe('rtl');
    store.update({ language: 'en' });
    expect(store.getSnapshot().themeDirection).toBe('ltr');
  });

  it('follows changes made in another tab (storage event)', () => {
    const store = createSettingsStore(localStorage, window);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ ...DEFAULT_SETTINGS, language: 'ar', mode: 'dark' }));
    window.dispatchEvent(new StorageEvent('storage', { key: SETTINGS_STORAGE_KEY }));
    expect(listener).toHaveBeenCalled();
    expect(store.getSnapshot()).toMatchObject({ language: 'ar', themeDirection: 'rtl', mode: 'dark' });
    unsubscribe();
  });

  it('resets to defaults', () => {
    const store = createSettingsStore(localStorage, null);
    store.update({ mode: 'dark', menuOrientation: 'horizontal', miniDrawer: true, language: 'ar' });
    store.reset();
    expect(store.getSnapshot()).toEqual(DEFAULT_SETTINGS);
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!)).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps the good fields of a damaged stored value', () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ mode: 'dark', borderRadius: 'huge', presetColor: 'nope' }));
    expect(createSettingsStore(localStorage, null).getSnapshot()).toMatchObject({ mode: 'dark', borderRadius: 8, presetColor: 'default' });
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(createSettingsStore(localStorage, null).getSnapshot()).toEqual(DEFAULT_SETTINGS);
  });
});
