import { landingPathFor } from '@meterline/contract/roles';
import type { Service } from '@meterline/contract/services';
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../api/get-services';
import { useCan } from '../lib/can';
import { useSession } from '../lib/session';

export const SELECTED_SERVICE_STORAGE_KEY = 'selectedService';

const listeners = new Set<() => void>();

function readStoredServiceId(): number | null {
  const value = Number(localStorage.getItem(SELECTED_SERVICE_STORAGE_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const handleStorage = (event: StorageEvent) => {
    if (event.key === SELECTED_SERVICE_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
}

export function storeSelectedServiceId(id: number): void {
  localStorage.setItem(SELECTED_SERVICE_STORAGE_KEY, String(id));
  listeners.forEach((listener) => listener());
}

/** The stored choice when it still exists, else the first service (docs/product/specification.md section 4). */
export function pickService(services: Service[] | undefined, storedId: number | null): Service | null {
  if (!services || services.length === 0) return null;
  return services.find((service) => service.id === storedId) ?? services[0] ?? null;
}

/**
 * The current service for data screens. The superadmin has no `select service` and never fetches.
 * `selectService` stores the choice (it survives reloads) and goes to the landing path.
 */
export function useSelectedService() {
  const canSelectService = useCan('select', 'service');
  const { user } = useSession();
  const navigate = useNavigate();
  const servicesQuery = useServices({ isEnabled: canSelectService });
  const storedId = useSyncExternalStore(subscribe, readStoredServiceId, readStoredServiceId);
  const service = canSelectService ? pickService(servicesQuery.data, storedId) : null;

  const selectService = useCallback(
    (id: number) => {
      storeSelectedServiceId(id);
      void navigate(landingPathFor(user?.role));
    },
    [navigate, user?.role],
  );

  return {
    service,
    services: servicesQuery.data ?? [],
    isLoading: canSelectService && servicesQuery.isPending,
    isError: servicesQuery.isError,
    canSelectService,
    selectService,
  };
}
