import { ERROR_CODES } from '@meterline/contract/errors';
import { CUSTOMER_LANGUAGES, NOTIFICATION_CHANNELS } from '@meterline/contract/notification-kinds';
import type { CustomerImportColumn } from '@meterline/contract/onboarding';
import type { FieldIssue } from '../../lib/http-errors';

/**
 * The row's `language` ('en' or 'ar', any case; empty: the tenant's) and `opted_out_channels` (channels
 * separated by `;` or `|`; empty: none); another value is the row's `invalid_choice` (docs/notifications.md).
 */
export function notificationCells(cells: Record<CustomerImportColumn, string>, issues: FieldIssue[]) {
  const language = cells.language.toLowerCase();
  if (language && !(CUSTOMER_LANGUAGES as readonly string[]).includes(language))
    issues.push({ field: 'language', code: ERROR_CODES.invalidChoice });
  const named = cells.opted_out_channels
    .split(/[;|]/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  if (named.some((channel) => !(NOTIFICATION_CHANNELS as readonly string[]).includes(channel)))
    issues.push({ field: 'opted_out_channels', code: ERROR_CODES.invalidChoice });
  return { language, opted_out_channels: NOTIFICATION_CHANNELS.filter((channel) => named.includes(channel)) };
}
