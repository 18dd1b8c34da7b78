import { onlineManager, type DehydratedState } from '@tanstack/react-query';
import { persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppQueryClient } from '../../app/providers';
import { FIELD_DATA_SAVE_THROTTLE_MS, fieldDataPersister, fieldDehydrateOptions, setActiveFieldDataUser } from './field-data-store';
import { submitFieldWrite, type PaymentWrite, type ReadingWrite } from './offline-writes';

/** IndexedDB as idb-keyval uses it: each write lands one turn after it is asked for, in the order asked. */
const device = vi.hoisted(() => new Map<string, string>());
vi.mock('idb-keyval', () => ({
  createStore: () => 'field-data',
  get: (key: string) => Promise.resolve(device.get(key)),
  set: (key: string, value: string) =>
    Promise.resolve().then(() => {
      device.set(key, value);
    }),
  del: (key: string) =>
    Promise.resolve().then(() => {
      device.delete(key);
    }),
}));

const USER = 7;
const reading: ReadingWrite = {
  kind: 'reading',
  serviceId: 1,
  subscriptionId: 8,
  input: { counter: '2100', taken_at: '2026-11-20T08:15:00.000Z' },
  idempotencyKey: 'door-1-reading',
  label: { customer: 'Fadi Fares', unit: 'kWh', previous: '2000' },
};
const payment: PaymentWrite = {
  kind: 'payment',
  serviceId: 1,
  invoiceId: 31,
  input: { amount: '25.00', method: 'cash', paid_at: '2026-11-20T08:16:00.000Z' },
  idempotencyKey: 'door-1-cash-31',
  label: { customer: 'Fadi Fares', invoiceNumber: 'INV-0031', currency: 'USD', balanceBefore: '25.00', amount: '25.00' },
};

/** What a reload would find on the device now: the keys of the writes waiting. */
function keysOnTheDevice(): string[] {
  const stored = device.get(`query-cache:${USER}`);
  if (stored === undefined) return [];
  const { clientState } = JSON.parse(stored) as { clientState: DehydratedState };
  return clientState.mutations.map((mutation) => (mutation.state.variables as { idempotencyKey: string }).idempotencyKey);
}

const afterTheThrottledSaves = () => new Promise((resolve) => setTimeout(resolve, FIELD_DATA_SAVE_THROTTLE_MS * 4));

afterEach(() => {
  onlineManager.setOnline(true);
  setActiveFieldDataUser(null);
  device.clear();
  vi.unstubAllGlobals();
});

describe('field data on the device', () => {
  it('a write answered "queued" is on the device at once and stays there: no older save lands after it', async () => {
    vi.stubGlobal('indexedDB', {});
    const queryClient = createAppQueryClient();
    setActiveFieldDataUser(USER);
    const stop = persistQueryClientSubscribe({
      queryClient,
      persister: fieldDataPersister(USER, queryClient),
      dehydrateOptions: fieldDehydrateOptions,
    });
    onlineManager.setOnline(false);

    await expect(submitFieldWrite(queryClient, reading)).resolves.toEqual({ status: 'queued' });
    expect(keysOnTheDevice()).toEqual(['door-1-reading']);
    await expect(submitFieldWrite(queryClient, payment)).resolves.toEqual({ status: 'queued' });
    // A reload right now finds both, in the order taken...
    expect(keysOnTheDevice()).toEqual(['door-1-reading', 'door-1-cash-31']);
    // ...and so does a reload after the throttled saves of every change have run.
    await afterTheThrottledSaves();
    expect(keysOnTheDevice()).toEqual(['door-1-reading', 'door-1-cash-31']);
    stop();
  });

  it('a save scheduled before sign-out writes nothing of that user back', async () => {
    vi.stubGlobal('indexedDB', {});
    const queryClient = createAppQueryClient();
    setActiveFieldDataUser(USER);
    const stop = persistQueryClientSubscribe({
      queryClient,
      persister: fieldDataPersister(USER, queryClient),
      dehydrateOptions: fieldDehydrateOptions,
    });
    queryClient.setQueryData(['services', 1, 'customers', 'detail', 4], { id: 4 });
    setActiveFieldDataUser(null);
    await afterTheThrottledSaves();
    expect(device.has(`query-cache:${USER}`)).toBe(false);
    stop();
  });
});
