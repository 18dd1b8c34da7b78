import { IsRestoringProvider, onlineManager, useQueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../lib/session';
import { FIELD_DATA_MAX_AGE_MS, fieldDataPersister, fieldDehydrateOptions, setActiveFieldDataUser } from './field-data-store';

/** Browsers have IndexedDB; a test DOM may not (then nothing is kept, nothing waits for it). */
const CAN_PERSIST = typeof indexedDB !== 'undefined';

/**
 * Restores the signed-in user's field data from IndexedDB (TanStack Query's persist-client), then
 * keeps it saved; queries wait for the restore (`IsRestoringProvider`) so they start from what
 * the device knows. Writes that waited are sent once restored when the network is there; later,
 * TanStack Query resumes them itself when the browser comes back online.
 */
export function FieldDataProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  const [restoredFor, setRestoredFor] = useState<number | null>(null);

  useEffect(() => {
    if (userId === null || !CAN_PERSIST) return;
    let isCancelled = false;
    let unsubscribe = () => {};
    const persister = fieldDataPersister(userId, queryClient);
    void persistQueryClientRestore({ queryClient, persister, maxAge: FIELD_DATA_MAX_AGE_MS })
      .catch((error: unknown) => console.error('The field data on this device could not be read.', error))
      .then(() => {
        if (isCancelled) return;
        unsubscribe = persistQueryClientSubscribe({ queryClient, persister, dehydrateOptions: fieldDehydrateOptions });
        setActiveFieldDataUser(userId);
        setRestoredFor(userId);
        if (!onlineManager.isOnline()) return;
        void queryClient.resumePausedMutations();
        // What the device kept shows first; online, every screen then asks the server again (the
        // services list, kept with staleTime Infinity, would otherwise miss a service added just
        // before the reload until something else refreshed it).
        void queryClient.invalidateQueries();
      });
    return () => {
      isCancelled = true;
      setActiveFieldDataUser(null);
      unsubscribe();
    };
  }, [queryClient, userId]);

  return <IsRestoringProvider value={CAN_PERSIST && userId !== null && restoredFor !== userId}>{children}</IsRestoringProvider>;
}
