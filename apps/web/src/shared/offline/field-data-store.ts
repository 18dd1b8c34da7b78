import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, type DehydrateOptions, type Query, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { forgetRememberedUser } from './remembered-user';

/**
 * Field data on the device (docs/offline.md): TanStack Query's cache of the screens a collector works
 * from, and the writes still waiting, in IndexedDB (idb-keyval) under one key per user. Cleared at
 * sign-out. Money and readings are never guessed from it: it shows what the server last said.
 */
const store = createStore('meterline-offline', 'field-data');
const cacheKeyOf = (userId: number) => `query-cache:${userId}`;

/** A persisted cache older than this is dropped on restore; every change saves it again. */
export const FIELD_DATA_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Queries kept in memory (and so on the device) this long after their screen closed. */
export const FIELD_QUERY_GC_TIME_MS = 24 * 60 * 60 * 1000;

/** Service data (meters, customers, invoices, payments, a collector's round) and the services list. */
export function isFieldQuery(query: Pick<Query, 'queryKey'>): boolean {
  return query.queryKey[0] === 'services';
}

export const fieldDehydrateOptions: DehydrateOptions = {
  shouldDehydrateQuery: (query) => query.state.status === 'success' && isFieldQuery(query),
  // Writes waiting to be sent and refused ones to fix; of the sent ones, payments (their receipt to print).
  shouldDehydrateMutation: (mutation) =>
    mutation.options.mutationKey?.[0] === 'offline-write' &&
    (mutation.state.status === 'pending' ||
      mutation.state.status === 'error' ||
      (mutation.state.status === 'success' && mutation.options.mutationKey[1] === 'payment')),
};

/**
 * A write that was sending when the page closed is stored as paused, so `resumePausedMutations`
 * sends it again after a reload (with its Idempotency-Key, the server answers it once).
 */
function pauseWaitingWrites(client: PersistedClient): PersistedClient {
  const mutations = client.clientState.mutations.map((mutation) =>
    mutation.state.status === 'pending' ? { ...mutation, state: { ...mutation.state, isPaused: true } } : mutation,
  );
  return { ...client, clientState: { ...client.clientState, mutations } };
}

const serialize = (client: PersistedClient) => JSON.stringify(pauseWaitingWrites(client));

/** The user whose field data is restored and kept (FieldDataProvider), or null. */
let activeUserId: number | null = null;

export function setActiveFieldDataUser(userId: number | null): void {
  activeUserId = userId;
}

export function fieldDataPersister(userId: number): Persister {
  return createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key, store),
      // A save throttled before sign-out must not write this user's data back after it was deleted.
      setItem: (key, value: string) => (activeUserId === userId ? set(key, value, store) : Promise.resolve()),
      removeItem: (key) => del(key, store),
    },
    key: cacheKeyOf(userId),
    throttleTime: 250,
    serialize,
  });
}

/** Writes the cache now, unthrottled: a write is "saved on this phone" only once this resolves. */
export async function saveFieldDataNow(queryClient: QueryClient): Promise<void> {
  if (activeUserId === null || typeof indexedDB === 'undefined') return;
  const client: PersistedClient = { buster: '', timestamp: Date.now(), clientState: dehydrate(queryClient, fieldDehydrateOptions) };
  await set(cacheKeyOf(activeUserId), serialize(client), store);
}

/** Sign-out: nothing of this user stays on the device. */
export async function clearFieldData(userId: number | null): Promise<void> {
  forgetRememberedUser();
  activeUserId = null;
  if (userId === null || typeof indexedDB === 'undefined') return;
  await del(cacheKeyOf(userId), store).catch((error: unknown) =>
    console.error('The field data on this device could not be deleted.', error),
  );
}
