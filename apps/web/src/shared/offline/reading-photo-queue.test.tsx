import { dehydrate, hydrate, onlineManager } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { only } from '@meterline/contract/invariant';
import { createAppQueryClient } from '../../app/providers';
import { jsonResponse, renderWithProviders, stubFetch } from '../lib/test-render';
import { fieldDehydrateOptions } from './field-data-store';
import { FieldWritesBanner } from './field-writes-banner';
import { submitFieldWrite, type ReadingWrite } from './offline-writes';

/** A meter's photo as the dialog holds it: base64 of a (here tiny) JPEG. */
const PHOTO = btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4));

const reading: ReadingWrite = {
  kind: 'reading',
  serviceId: 1,
  subscriptionId: 8,
  input: { counter: '2100', taken_at: '2026-11-20T08:15:00.000Z', photo: PHOTO },
  idempotencyKey: 'reading-with-photo-1',
  label: { customer: 'Fadi Fares', unit: 'kWh', previous: '2000' },
};

const READING_URL = '/api/services/1/subscriptions/8/update-counter/';

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

const putsOf = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('a reading with its photo in the field-write queue', () => {
  it('keeps the photo in the queued body on the device and sends it once, with the reading’s key, when back online', async () => {
    const fetchMock = stubFetch((url, init) =>
      url === READING_URL && init.method === 'PUT' ? jsonResponse(200, { id: 8, counter: '2100.000' }) : undefined,
    );
    const { queryClient } = renderWithProviders(<FieldWritesBanner />);
    act(() => onlineManager.setOnline(false));
    await expect(submitFieldWrite(queryClient, reading)).resolves.toEqual({ status: 'queued' });

    // What is written to IndexedDB holds the photo with the reading: one write, one key.
    const stored = JSON.parse(JSON.stringify(dehydrate(queryClient, fieldDehydrateOptions))) as ReturnType<typeof dehydrate>;
    expect(only(stored.mutations).state.variables).toMatchObject({ idempotencyKey: 'reading-with-photo-1', input: { photo: PHOTO } });
    expect(putsOf(fetchMock)).toHaveLength(0);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(putsOf(fetchMock)).toHaveLength(1));
    const [, init] = only(putsOf(fetchMock));
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBe('reading-with-photo-1');
    expect(JSON.parse(String(init?.body))).toEqual({ counter: '2100', taken_at: '2026-11-20T08:15:00.000Z', photo: PHOTO });
  });

  it('a reading and its photo restored after the app was closed are sent together', async () => {
    const fetchMock = stubFetch((url, init) =>
      url === READING_URL && init.method === 'PUT' ? jsonResponse(200, { id: 8, counter: '2100.000' }) : undefined,
    );
    const { queryClient } = renderWithProviders(<FieldWritesBanner />);
    act(() => onlineManager.setOnline(false));
    await submitFieldWrite(queryClient, reading);
    const saved = JSON.stringify(dehydrate(queryClient, fieldDehydrateOptions));
    queryClient.getMutationCache().clear();

    // The next start: a new client with the writes registered, the stored cache restored, then sent.
    const restarted = createAppQueryClient();
    hydrate(restarted, JSON.parse(saved));
    act(() => onlineManager.setOnline(true));
    await restarted.resumePausedMutations();
    await waitFor(() => expect(putsOf(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(only(putsOf(fetchMock))[1]?.body)).photo).toBe(PHOTO);
  });
});
