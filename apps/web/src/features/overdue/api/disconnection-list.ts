import { apiClient } from '../../../shared/lib/api-client';

interface DisconnectionListOptions {
  /** Empty: the tenant's `disconnection_after_days`. */
  minDays?: string;
  language: string;
  station?: string;
  region?: string;
}

const listQuery = ({ minDays, language, station, region }: DisconnectionListOptions) => ({
  lang: language === 'ar' ? 'ar' : 'en',
  ...(minDays ? { min_days: minDays } : {}),
  ...(station ? { station } : {}),
  ...(region ? { region } : {}),
});

/** The printed disconnection list: a PDF, or the printable HTML where the server has no Chromium. */
export function getDisconnectionList(serviceId: number, options: DisconnectionListOptions): Promise<Blob> {
  return apiClient.getBlob(`services/${serviceId}/overdue/disconnection-list/`, { query: listQuery(options) });
}

/**
 * Opens the list in a new tab, where the browser's viewer prints it (as the printed invoice does:
 * the tab is opened inside the click and filled when the file has come; without a tab the file is
 * downloaded).
 */
export async function openDisconnectionList(serviceId: number, options: DisconnectionListOptions): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const blob = await getDisconnectionList(serviceId, options);
    const url = URL.createObjectURL(blob);
    if (target && !target.closed) {
      target.opener = null;
      target.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return;
    }
    const link = document.createElement('a');
    link.href = url;
    link.download = `disconnection-list${blob.type.includes('pdf') ? '.pdf' : '.html'}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (error) {
    target?.close();
    throw error;
  }
}
