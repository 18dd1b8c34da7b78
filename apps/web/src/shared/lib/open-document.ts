/**
 * Opens a printable document (a PDF, or the printable HTML where the server has no Chromium) in a
 * new tab, where the browser's viewer prints it. The tab is opened at once (inside the click, so
 * no pop-up blocker stops it) and filled when the file has come (the call needs the bearer token,
 * so a plain link cannot fetch it). Without a tab the file is downloaded instead.
 */
export async function openDocument(load: () => Promise<Blob>, filename: string): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const blob = await load();
    const url = URL.createObjectURL(blob);
    if (target && !target.closed) {
      target.opener = null;
      target.location.href = url;
      // The tab keeps what it loaded; the URL itself can go once it has.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return;
    }
    const link = document.createElement('a');
    link.href = url;
    link.download = `${filename}${blob.type.includes('pdf') ? '.pdf' : '.html'}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (error) {
    target?.close();
    throw error;
  }
}

/** The document's language as the API takes it (`lang=`): Arabic or English. */
export const documentLang = (language: string): 'ar' | 'en' => (language === 'ar' ? 'ar' : 'en');
