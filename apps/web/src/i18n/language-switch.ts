import { updateSettings } from '../shared/lib/settings-store';
import { loadLanguage, type Language } from './index';

/** Downloads the language's texts first, so the direction and the words change in the same frame. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  updateSettings({ language });
}
