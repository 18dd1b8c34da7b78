import type { Customer } from '@meterline/contract/customers';
import type { Invoice } from '@meterline/contract/invoices';
import type { RoundFieldData } from '@meterline/contract/round-field-data';
import type { RouteBuilding, RouteCustomer } from '@meterline/contract/routes';
import type { Counter } from '@meterline/contract/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CollectPage } from '../../cash/routes/collect-page';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { RoundBuildingPage } from './round-building-page';

/*
 * docs/collectors.md, "Save and next", and docs/offline.md, "The round's day on the phone": the
 * building's header counts readings and collections apart; "Save and next" opens the next door's
 * meter, or the door's cash first when it owes, and after the last door says the building is read;
 * the round's day alone (every other call unanswered, as with no network) opens a door's cash.
 */
const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const door = (customer: number, name: string, extra: Partial<RouteCustomer> = {}): RouteCustomer => ({
  customer,
  customer_code: `C-00000${customer}`,
  customer_name: name,
  phone: '',
  floor: String(customer),
  apartment: '1',
  subscription: customer + 10,
  counter: '100.000',
  to_read: true,
  read: false,
  balance: '0.00',
  to_collect: false,
  paid_today: '0.00',
  payment: null,
  outcome: null,
  note: '',
  visited_at: null,
  is_done: false,
  ...extra,
});
const tower = (customers: RouteCustomer[], progress: Partial<RouteBuilding['progress']> = {}): RouteBuilding => ({
  building: 3,
  building_name: 'Rizk Tower',
  street: 2,
  street_name: 'Sassine Street',
  region: 1,
  region_name: 'Achrafieh',
  date: '2026-11-24',
  collector: 4,
  customers,
  progress: {
    customers: customers.length,
    done: 0,
    to_read: customers.filter((row) => row.to_read).length,
    read: 0,
    to_collect: customers.filter((row) => row.to_collect).length,
    paid: 0,
    partly_paid: 0,
    absent: 0,
    refused: 0,
    amount_due: '0.00',
    ...progress,
  },
});
const meterOf = (row: RouteCustomer): Counter => ({
  id: row.subscription ?? 0,
  customer: row.customer,
  customer_name: row.customer_name,
  customer_code: row.customer_code,
  customer_phone: '',
  region: 1,
  region_name: 'Achrafieh',
  street: 2,
  street_name: 'Sassine Street',
  building: 3,
  building_name: 'Rizk Tower',
  floor: row.floor,
  apartment: row.apartment,
  station: null,
  station_name: null,
  bundle: 2,
  bundle_name: '5 A',
  previous_counter: null,
  counter: '100.000',
  counter_updated_at: null,
  counter_updated_by: null,
  counter_updated_by_name: null,
  consumption: '0.000',
  photo_url: null,
});
const page = <T,>(results: T[]) => ({ count: results.length, count_capped: false, next: null, previous: null, results });
const saved = (id: number, counter: string) => ({
  id,
  service: 1,
  customer: id - 10,
  bundle: 2,
  station: null,
  started_on: '2026-01-01',
  ended_on: null,
  counter,
  counter_updated_at: null,
  counter_updated_by: null,
});

const alpha = door(1, 'Alpha Door');
const bravo = door(2, 'Bravo Door', { balance: '40.00', to_collect: true });
const charlie = door(3, 'Charlie Door');

/** The building page over a building whose meters answer and whose readings are saved. */
function renderTower(building: RouteBuilding, language: 'en' | 'ar' = 'en', path = '/round/3', { isSilentAfterFirst = false } = {}) {
  let reads = 0;
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
    if (url.startsWith('/api/services/1/routes/buildings/3/')) {
      reads += 1;
      // No answer after the first: what the phone shows is its own mark (as offline).
      return reads > 1 && isSilentAfterFirst ? new Promise<Response>(() => undefined) : jsonResponse(200, building);
    }
    if (url.startsWith('/api/services/1/subscriptions/counters/')) return jsonResponse(200, page(building.customers.map(meterOf)));
    const reading = /subscriptions\/(\d+)\/update-counter\/$/.exec(url);
    if (reading && init.method === 'PUT')
      return jsonResponse(200, saved(Number(reading[1]), String(JSON.parse(String(init.body)).counter)));
    return undefined;
  });
  const rendered = renderWithProviders(<RoundBuildingPage />, {
    path,
    routePath: '/round/:buildingId',
    role: 'collector',
    language,
    routes: [{ path: '/collect/:customerId', element: <h1>Collect screen</h1> }],
  });
  return { ...rendered, fetchMock };
}

async function readIn(name: string, value: string, button = 'Save and next') {
  const sheet = await screen.findByRole('dialog', { name: new RegExp(name) });
  await userEvent.type(within(sheet).getByLabelText('New reading'), value);
  await userEvent.click(within(sheet).getByRole('button', { name: button }));
}

describe('save and next on a building of the round', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts readings and collections apart in the header', async () => {
    const building = tower([alpha, bravo, charlie], { read: 1, to_read: 2, paid: 1, partly_paid: 1 });
    renderTower(building);
    expect(await screen.findByTestId('round-progress')).toHaveTextContent('1 of 3 read, 2 paid');
  });

  it('counts them apart in Arabic digits and words', async () => {
    renderTower(tower([alpha, bravo, charlie], { read: 1, to_read: 2, paid: 1, partly_paid: 1 }), 'ar');
    expect(await screen.findByTestId('round-progress')).toHaveTextContent('قُرئ ١ من ٣، ودفع ٢');
  });

  it('opens the next door’s meter after a reading, and the header counts it at once', async () => {
    const { fetchMock } = renderTower(tower([alpha, charlie]), 'en', '/round/3', { isSilentAfterFirst: true });
    await userEvent.click(
      await within(await screen.findByRole('region', { name: 'Alpha Door' })).findByRole('button', { name: 'Read meter' }),
    );
    await readIn('Alpha Door', '150');
    // The next door's sheet, with nothing to tap in between.
    expect(await screen.findByRole('dialog', { name: /Charlie Door/ })).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toContain('/subscriptions/11/update-counter/');
    await waitFor(() => expect(screen.getByTestId('round-progress')).toHaveTextContent('1 of 2 read, 0 paid'));
  });

  it('asks for the cash of a door that owes, with the way back to the next door', async () => {
    const { router } = renderTower(tower([bravo, charlie]));
    await userEvent.click(
      await within(await screen.findByRole('region', { name: 'Bravo Door' })).findByRole('button', { name: 'Read meter' }),
    );
    await readIn('Bravo Door', '150');
    await waitFor(() => expect(router.state.location.pathname).toBe('/collect/2'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/round/3?door=3');
  });

  it('after the last door, closes the sheet and says the building is read', async () => {
    renderTower(tower([alpha]));
    await userEvent.click(
      await within(await screen.findByRole('region', { name: 'Alpha Door' })).findByRole('button', { name: 'Read meter' }),
    );
    await readIn('Alpha Door', '150');
    expect(await screen.findByText('Every meter of Rizk Tower is read.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps plain "Save reading" closing the sheet without going on', async () => {
    renderTower(tower([alpha, charlie]));
    await userEvent.click(
      await within(await screen.findByRole('region', { name: 'Alpha Door' })).findByRole('button', { name: 'Read meter' }),
    );
    await readIn('Alpha Door', '150', 'Save reading');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the meter of `?door=` (the way back from the door screen)', async () => {
    const { router } = renderTower(tower([alpha, charlie]), 'en', '/round/3?door=3');
    expect(await screen.findByRole('dialog', { name: /Charlie Door/ })).toBeInTheDocument();
    // Once: the address loses `door`, so a reload does not open it again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe("the round's day on the phone", () => {
  afterEach(() => vi.unstubAllGlobals());

  const customer = { id: 2, full_name: 'Bravo Door', code: 'C-000002', balance: '40.00', service: 1 } as unknown as Customer;
  const invoice = {
    id: 70,
    number: 'INV-2026-000070',
    customer: 2,
    issued_on: '2026-11-01',
    status: 'unpaid',
    currency: 'USD',
    total: '40.00',
    balance_due: '40.00',
    exchange_rate: null,
    exchange_rate_base: null,
    second_currency: null,
  } as unknown as Invoice;
  const day: RoundFieldData = {
    date: '2026-11-24',
    collector: 4,
    buildings: [tower([alpha, bravo])],
    customers: [customer],
    open_invoices: [invoice],
    counters: [meterOf(alpha), meterOf(bravo)],
  };

  it('opens a door’s cash from the day alone, every other call left unanswered as with no network', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url.startsWith('/api/services/1/routes/field-data/')) return jsonResponse(200, day);
      return new Promise<Response>(() => undefined);
    });
    renderWithProviders(<RoundBuildingPage />, {
      path: '/round/3',
      routePath: '/round/:buildingId',
      role: 'collector',
      routes: [{ path: '/collect/:customerId', element: <CollectPage /> }],
    });
    const card = await screen.findByRole('region', { name: 'Bravo Door' });
    expect(within(card).getByRole('button', { name: 'Read meter' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('link', { name: 'Collect' }));
    expect(await screen.findByTestId('collect-total')).toHaveTextContent('$40.00');
    expect(screen.getByTestId('collect-invoice')).toHaveTextContent('INV-2026-000070');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/field-data/'))).toHaveLength(1);
  });
});
