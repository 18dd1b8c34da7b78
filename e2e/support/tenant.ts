import { randomBytes } from 'node:crypto';
import { apiClientFor, checkedCalls, demoCredentials, type ApiCalls, type ApiClient, type Credentials } from './session';

export const TENANT_ROLES = ['admin', 'accountant', 'support', 'collector'] as const;
export type TenantRole = (typeof TENANT_ROLES)[number];

export interface JourneyUser extends Credentials {
  id: number;
}

interface Named {
  id: number;
  name: string;
}

/**
 * A client of its own for one journey: made through the superadmin API (`POST /api/tenants/`
 * provisions its settings and its Electricity and Water services), with one user per role. What
 * a journey writes here no other journey reads, so journeys run in parallel without sharing money.
 */
export interface JourneyTenant {
  id: number;
  name: string;
  slug: string;
  users: Record<TenantRole, JourneyUser>;
  /** Service ids, as `GET /api/services/` lists them. */
  electricity: number;
  water: number;
  /** API calls as one of the tenant's users (signed in on first use; disposed by `dispose`). */
  api(role: TenantRole): Promise<ApiCalls>;
  dispose(): Promise<void>;
}

/** A short tag no other journey or run uses (journeys run in parallel, runs may share a data directory). */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** A generated password that any strength rule accepts. */
function journeyPassword(): string {
  return `Jr-${randomBytes(12).toString('base64url')}-9`;
}

const FIRST_NAMES: Record<TenantRole, string> = { admin: 'Rania', accountant: 'Omar', support: 'Lina', collector: 'Karim' };

export async function createJourneyTenant(baseURL: string, label: string): Promise<JourneyTenant> {
  const tag = uniqueTag();
  const superadminClient = await apiClientFor(baseURL, demoCredentials('superadmin'));
  const clients: ApiClient[] = [];
  try {
    const superadmin = checkedCalls(superadminClient);
    const name = `Journey ${label} ${tag}`;
    const tenant = await superadmin.post<{ id: number; slug: string }>('tenants/', { name, slug: `journey-${tag}` });
    const users = {} as Record<TenantRole, JourneyUser>;
    for (const role of TENANT_ROLES) {
      const credentials = { username: `${role}-${tag}`, password: journeyPassword() };
      const user = await superadmin.post<{ id: number }>(`tenants/${tenant.id}/users/`, {
        ...credentials,
        role,
        first_name: FIRST_NAMES[role],
        last_name: 'Journey',
      });
      users[role] = { ...credentials, id: user.id };
    }
    const calls = new Map<TenantRole, Promise<ApiCalls>>();
    const api = (role: TenantRole) => {
      let made = calls.get(role);
      if (!made) {
        made = apiClientFor(baseURL, users[role]).then((client) => {
          clients.push(client);
          return checkedCalls(client);
        });
        calls.set(role, made);
      }
      return made;
    };
    const services = await (await api('admin')).get<Named[]>('services/');
    const serviceId = (serviceName: string) => {
      const service = services.find((row) => row.name === serviceName);
      if (!service) throw new Error(`The new client has no ${serviceName} service`);
      return service.id;
    };
    return {
      id: tenant.id,
      name,
      slug: tenant.slug,
      users,
      electricity: serviceId('Electricity'),
      water: serviceId('Water'),
      api,
      dispose: async () => {
        await Promise.all(clients.map((client) => client.dispose()));
      },
    };
  } finally {
    await superadminClient.dispose();
  }
}

/** Test data a journey sets up through the API when the set-up is not its point. */
export interface MeteredCustomer {
  id: number;
  code: string;
  full_name: string;
  subscription: { id: number; counter: string };
}

export async function createBundle(
  admin: ApiCalls,
  serviceId: number,
  data: { name: string; price: string; unit_price: string; amperage?: string },
) {
  return admin.post<Named>(`services/${serviceId}/bundles/`, data);
}

export async function createStation(admin: ApiCalls, serviceId: number, name: string) {
  return admin.post<Named>(`services/${serviceId}/stations/`, { name });
}

/** A region with one street and one building. */
export async function createAddress(admin: ApiCalls, names: { region: string; street: string; building: string }) {
  const region = await admin.post<Named>('regions/', { name: names.region });
  const street = await admin.post<Named>(`regions/${region.id}/streets/`, { name: names.street });
  const building = await admin.post<Named>(`regions/${region.id}/streets/${street.id}/buildings/`, { name: names.building });
  return { region, street, building };
}

/** A customer on a bundle, its meter opened today at 0 (a new meter) unless `initial_reading` says otherwise. */
export async function createMeteredCustomer(
  admin: ApiCalls,
  serviceId: number,
  data: {
    full_name: string;
    bundle: number;
    station?: number;
    region?: number;
    street?: number;
    building?: number;
    floor?: string;
    apartment?: string;
    initial_reading?: string;
  },
): Promise<MeteredCustomer> {
  const customer = await admin.post<MeteredCustomer | (Omit<MeteredCustomer, 'subscription'> & { subscription: null })>(
    `services/${serviceId}/customers/`,
    { initial_reading: '0', ...data },
  );
  if (!customer.subscription) throw new Error(`${data.full_name} was created without a meter`);
  return customer as MeteredCustomer;
}

/**
 * A paid invoice of this month, from today, for `subscription`: background for journeys whose
 * lists and totals must hold more than the row they look for (a search has something to leave
 * out). From today: the subscription was opened today, and a period may not start before it (the
 * journeys' clients keep the default UTC zone).
 */
export async function createPaidInvoice(admin: ApiCalls, accountant: ApiCalls, serviceId: number, subscription: number) {
  const now = new Date();
  const start = now;
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const invoice = await admin.post<{ id: number; number: string; total: string }>(`services/${serviceId}/invoices/`, {
    subscription,
    period_start: day(start),
    period_end: day(end),
  });
  await accountant.put(`services/${serviceId}/invoices/${invoice.id}/create_payment/`, {});
  return invoice;
}
