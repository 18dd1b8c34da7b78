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

/** After a save, the changes within this time are saved together (one save, reading the cache when it runs). */
export const FIELD_DATA_SAVE_THROTTLE_MS = 250;

/**
 * Every save of the field data goes through this one chain and reads the cache when its turn comes,
 * never earlier: a save made later can never be overwritten by an older picture of the cache still
 * on its way to IndexedDB (a write shown as "saved on this phone" and lost at a reload).
 */
let saves: Promise<void> = Promise.resolve();

function saveInTurn(queryClient: QueryClient, userId: number): Promise<void> {
  const save = saves.then(async () => {
    // A save throttled before sign-out must not write this user's data back after it was deleted.
    if (activeUserId !== userId) return;
    const client: PersistedClient = { buster: '', timestamp: Date.now(), clientState: dehydrate(queryClient, fieldDehydrateOptions) };
    await set(cacheKeyOf(userId), serialize(client), store);
  });
  saves = save.catch(() => undefined);
  return save;
}

/**
 * TanStack Query's persister for one user (persistQueryClientSubscribe calls `persistClient` at
 * every change): a change is saved at once (after any save on its way), and the changes of the next
 * 250 ms by one more save; each takes the cache as it is when it runs. The picture handed to
 * `persistClient` is not kept; it may already be old.
 */
export function fieldDataPersister(userId: number, queryClient: QueryClient): Persister {
  let isCoolingDown = false;
  let hasChangedSince = false;
  const save = () => {
    isCoolingDown = true;
    hasChangedSince = false;
    saveInTurn(queryClient, userId)
      .catch((error: unknown) => console.error('The field data on this device could not be saved.', error))
      .finally(() =>
        setTimeout(() => {
          isCoolingDown = false;
          if (hasChangedSince) save();
        }, FIELD_DATA_SAVE_THROTTLE_MS),
      );
  };
  return {
    persistClient: () => {
      if (isCoolingDown) hasChangedSince = true;
      else save();
    },
    restoreClient: async () => {
      const stored = await get<string>(cacheKeyOf(userId), store);
      return stored ? (JSON.parse(stored) as PersistedClient) : undefined;
    },
    removeClient: () => del(cacheKeyOf(userId), store),
  };
}

/** Writes the cache now, after any save on its way: a write is "saved on this phone" only once this resolves. */
export async function saveFieldDataNow(queryClient: QueryClient): Promise<void> {
  if (activeUserId === null || typeof indexedDB === 'undefined') return;
  await saveInTurn(queryClient, activeUserId);
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
