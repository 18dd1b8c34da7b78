import { landingPathFor } from '@meterline/contract/roles';
import { hasCounters, serviceNameIn } from '@meterline/contract/service-names';
import type { Service } from '@meterline/contract/services';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType, type NavigationType } from 'react-router';
import { paths } from '../lib/paths';
import { useServices } from '../api/get-services';
import { useCan } from '../lib/can';
import { useSession } from '../lib/session';

export const SELECTED_SERVICE_STORAGE_KEY = 'selectedService';
/** Whether the service last shown was metered ('1' or '0'): the menu's Counters entry before the list arrives. */
export const SELECTED_SERVICE_METERED_STORAGE_KEY = 'selectedServiceIsMetered';

const METERED = { is_metered: true } as const;
const FLAT = { is_metered: false } as const;

/**
 * What the menu assumes while the services load: the last service's flag, else metered (what an
 * operator mostly sells: electricity, water), so a first visit draws Counters in its place too.
 */
function readRememberedMetered(): Pick<Service, 'is_metered'> {
  return localStorage.getItem(SELECTED_SERVICE_METERED_STORAGE_KEY) === '0' ? FLAT : METERED;
}

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

/** The query parameter naming a screen's service (the receipt's QR code uses it too). */
export const SERVICE_PARAM = 'service';
/**
 * Sections whose screens show one service's data: their address names the service, so a link shows
 * a colleague what it showed its sender (docs/web.md, "Services").
 */
const SERVICE_SECTIONS = new Set([
  'dashboard',
  'bundles',
  'tariffs',
  'exchange-rates',
  'stations',
  'counters',
  'round',
  'rounds',
  'customers',
  'payments',
  'invoices',
  'overdue',
  'transactions',
  'collect',
  'cash',
]);

/** Whether `address` (a path, with or without its query) is a service's screen. */
export function isServicePath(address: string): boolean {
  const [section] = (address.split('?')[0] ?? '').split('/').filter(Boolean);
  return section !== undefined && SERVICE_SECTIONS.has(section);
}

/**
 * The service a screen shows. On a service's screen the address decides: `?service=N` names it, and an
 * address without it that was opened as such (a link, a bookmark, a reload, back or forward: the
 * router's POP) is the first service's. The app's own links carry no parameter: they stay in the
 * chosen service (the stored one), and the layout then writes it into the address.
 */
export function serviceForLocation(
  location: { pathname: string; search: string },
  navigationType: NavigationType,
  services: Service[] | undefined,
  storedId: number | null,
): Service | null {
  if (!services || services.length === 0) return null;
  if (isServicePath(location.pathname)) {
    const named = Number(new URLSearchParams(location.search).get(SERVICE_PARAM));
    const fromAddress = services.find((service) => service.id === named);
    if (fromAddress) return fromAddress;
    if (navigationType === 'POP') return services[0] ?? null;
  }
  return pickService(services, storedId);
}

/** `address` naming `service`: the first service by no parameter (its old links stay as they were). */
export function addressWithService(address: string, service: Pick<Service, 'id'>, services: Pick<Service, 'id'>[]): string {
  const [pathname = '', search = ''] = address.split('?');
  const params = new URLSearchParams(search);
  if (service.id === services[0]?.id) params.delete(SERVICE_PARAM);
  else params.set(SERVICE_PARAM, String(service.id));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Screens that are the tenant's, not a service's: switching the service leaves them as they are. */
const TENANT_SECTIONS = new Set(['users', 'settings', 'services', 'tenants']);
/** The lists a record or a form of a section falls back to ('/customers' for '/customers/12'). */
const LIST_PATHS = new Set<string>(Object.values(paths).filter((path) => /^\/[a-z-]+$/.test(path)));

/**
 * Where switching to `service` leads from `location` (docs/web.md, "Services"): the same screen with its filters
 * when the other service has it; from a record or a form (which belongs to the old service) its
 * list; from Counters to a flat service, or anywhere without a list, the role's landing path.
 */
export function pathAfterServiceSwitch(
  location: { pathname: string; search: string },
  service: Pick<Service, 'is_metered'> | undefined,
  landingPath: string,
): string {
  const [section, ...rest] = location.pathname.split('/').filter(Boolean);
  if (!section) return landingPath;
  if (TENANT_SECTIONS.has(section)) return `${location.pathname}${location.search}`;
  if (`/${section}` === paths.counters && !hasCounters(service)) return landingPath;
  if (rest.length === 0) return LIST_PATHS.has(`/${section}`) ? `${location.pathname}${location.search}` : landingPath;
  return LIST_PATHS.has(`/${section}`) ? `/${section}` : landingPath;
}

/**
 * The current service for data screens. The superadmin has no `select service` and never fetches.
 * `selectService` stores the choice (it survives reloads) and keeps the user on the same screen
 * when it exists for that service (`pathAfterServiceSwitch`). `serviceName` is the current one's
 * name in the UI's language.
 */
export function useSelectedService() {
  const canSelectService = useCan('select', 'service');
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const { i18n } = useTranslation();
  const servicesQuery = useServices({ isEnabled: canSelectService });
  const storedId = useSyncExternalStore(subscribe, readStoredServiceId, readStoredServiceId);
  const service = canSelectService ? serviceForLocation(location, navigationType, servicesQuery.data, storedId) : null;
  const isLoading = canSelectService && servicesQuery.isPending;
  useEffect(() => {
    if (service) localStorage.setItem(SELECTED_SERVICE_METERED_STORAGE_KEY, service.is_metered ? '1' : '0');
  }, [service]);

  const selectService = useCallback(
    (id: number) => {
      storeSelectedServiceId(id);
      const services = servicesQuery.data ?? [];
      const next = services.find((option) => option.id === id);
      const path = pathAfterServiceSwitch(location, next, landingPathFor(user?.role));
      const target = next && isServicePath(path) ? addressWithService(path, next, services) : path;
      if (target !== `${location.pathname}${location.search}`) void navigate(target);
    },
    [navigate, location, servicesQuery.data, user?.role],
  );

  return {
    service,
    serviceName: service ? serviceNameIn(service, i18n.language) : undefined,
    services: servicesQuery.data ?? [],
    // While the list loads, what the menu knows of the last service shown (its metered flag), so
    // Counters is in its place from the first frame instead of pushing the entries below it down.
    menuService: isLoading ? readRememberedMetered() : service,
    isLoading,
    isError: servicesQuery.isError,
    canSelectService,
    selectService,
  };
}

/**
 * Called once, by the signed-in layout, with what its `useSelectedService` chose: on a service's
 * screen, the service shown becomes the chosen one (a colleague's link switches the selector too) and
 * the address is written to name it, replacing the history entry, so copying it, reloading it or going back shows the same service's data.
 */
export function useServiceInAddress(service: Service | null, services: Service[]): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!service || !isServicePath(location.pathname)) return;
    if (readStoredServiceId() !== service.id) storeSelectedServiceId(service.id);
    const address = `${location.pathname}${location.search}`;
    const named = addressWithService(address, service, services);
    if (named !== address) void navigate(`${named}${location.hash}`, { replace: true, state: location.state });
  }, [service, services, location, navigate]);
}
