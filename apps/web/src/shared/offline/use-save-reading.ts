import type { Counter, Subscription, UpdateCounterInput } from '@meterline/contract/subscriptions';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../hooks/use-toast';
import { formatDecimal, isolateLtr } from '../lib/format-number';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { submitFieldWrite } from './offline-writes';

/**
 * Saves a meter reading through the field-write queue (docs/offline.md): sent now when the network
 * answers, else kept on this phone with its Idempotency-Key and the time it was taken, and sent
 * later. Resolves with the saved subscription, or null when the reading waits on the device;
 * `announceSaved` then says which of the two happened.
 */
export function useSaveReading(serviceId: number, unit: string) {
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation();
  const { showToast } = useToast();
  const [isSaving, setSaving] = useState(false);
  const queuedValue = useRef('');
  const saveReading = async (row: Counter, input: UpdateCounterInput): Promise<Subscription | null> => {
    setSaving(true);
    try {
      const outcome = await submitFieldWrite<Subscription>(queryClient, {
        kind: 'reading',
        serviceId,
        subscriptionId: row.id,
        input: { ...input, taken_at: input.taken_at ?? new Date().toISOString() },
        idempotencyKey: newIdempotencyKey(),
        label: { customer: row.customer_name, code: row.customer_code, unit, previous: row.counter },
      });
      if (outcome.status === 'sent') return outcome.data;
      queuedValue.current = String(input.counter);
      return null;
    } finally {
      setSaving(false);
    }
  };
  /** A reading with its unit, in the user's digits. */
  const formatReading = (value: string) => isolateLtr(formatDecimal(value, i18n.language) + (unit ? ` ${unit}` : ''));
  /** The toast after `saveReading`: saved (the new counter), or kept on this phone (what was typed). */
  const announceSaved = (row: Counter, subscription: Subscription | null) => {
    if (subscription)
      showToast(t('counters.messages.saved', { name: row.customer_name, value: formatReading(subscription.counter) }), {
        variant: 'success',
      });
    else showToast(t('offline.saved.reading', { name: row.customer_name, value: formatReading(queuedValue.current) }), { variant: 'info' });
  };
  return { saveReading, isSaving, announceSaved, formatReading };
}
