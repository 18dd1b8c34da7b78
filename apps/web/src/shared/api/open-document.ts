import { apiClient } from '../lib/api-client';

type Query = Record<string, string | number | undefined>;

/** The document's language for the API: its labels, digits and direction. */
export const documentLang = (language: string): 'ar' | 'en' => (language === 'ar' ? 'ar' : 'en');

/** Saves a fetched document under `name` (.pdf, or .html where the server printed no PDF). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}${blob.type.includes('pdf') ? '.pdf' : '.html'}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Opens a printable document of the API (invoice, receipt, statement, list) in a new tab, where the
 * browser's viewer prints it. The tab is opened at once (inside the click, so no pop-up blocker
 * stops it) and filled when the file has come (the call needs the bearer token, so a plain link
 * cannot fetch it). Without a tab the file is downloaded under `filename` instead.
 */
export async function openDocument(path: string, query: Query, filename: string): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const blob = await apiClient.getBlob(path, { query });
    if (target && !target.closed) {
      const url = URL.createObjectURL(blob);
      target.opener = null;
      target.location.href = url;
      // The tab keeps what it loaded; the URL itself can go once it has.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return;
    }
    saveBlob(blob, filename);
  } catch (error) {
    target?.close();
    throw error;
  }
}
