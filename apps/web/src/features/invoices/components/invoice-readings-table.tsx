import type { Reading } from '@meterline/contract/subscriptions';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useSession } from '../../../shared/lib/session';
import { DecimalText } from '../../../shared/ui/decimal-text';
import { ReadingPhotoThumb } from '../../../shared/ui/reading-photo-thumb';
import { ResponsiveTable } from './responsive-table';

/** The readings an invoice billed: when, the value, reading or reset, by whom, and the meter's photo. */
export function InvoiceReadingsTable({ readings }: { readings: Reading[] }) {
  const { t, i18n } = useTranslation();
  const timeZone = useSession().user?.tenant?.timezone;
  return (
    <ResponsiveTable
      label={t('invoices.details.readings')}
      headers={(['takenAt', 'value', 'kind', 'takenBy', 'photo'] as const).map((key) => t(`invoices.readings.${key}`))}
      numericColumns={[1]}
      rows={readings.map((reading) => ({
        key: reading.id,
        cells: [
          formatDateTime(reading.taken_at, i18n.language, timeZone),
          <DecimalText key="value" value={reading.value} />,
          reading.kind === 'reset' ? t('invoices.readings.reset') : t('invoices.readings.reading'),
          <bdi key="by">{reading.taken_by_name ?? '—'}</bdi>,
          <ReadingPhotoThumb key="photo" url={reading.photo_url} />,
        ],
      }))}
    />
  );
}
