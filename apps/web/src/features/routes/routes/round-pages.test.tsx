import type { RouteBuilding, RouteCustomer, RouteStop } from '@meterline/contract/routes';
import type { Counter } from '@meterline/contract/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch, type FetchHandler } from '../../../shared/lib/test-render';
import { RoundBuildingPage } from './round-building-page';
import { RoundPage } from './round-page';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const progress = {
  customers: 2,
  done: 0,
  to_read: 2,
  read: 0,
  to_collect: 1,
  paid: 0,
  partly_paid: 0,
  absent: 0,
  refused: 0,
  amount_due: '40.00',
};
const stop = (building: number, name: string, extra: Partial<RouteStop['progress']> = {}): RouteStop => ({
  building,
  building_name: name,
  street: 2,
  street_name: 'Sassine Street',
  region: 1,
  region_name: 'Achrafieh',
  progress: { ...progress, ...extra },
});
const customerRow = (extra: Partial<RouteCustomer>): RouteCustomer => ({
  customer: 5,
  customer_code: 'C-000005',
  customer_name: 'Fadi Fares',
  phone: '',
  floor: '3',
  apartment: '5C',
  subscription: 8,
  counter: '2059.439',
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
const fadi = customerRow({});
const rima = customerRow({
  customer: 6,
  customer_code: 'C-000006',
  customer_name: 'Rima Haddad',
  floor: '4',
  apartment: '1',
  subscription: 9,
  balance: '40.00',
  to_collect: true,
});
const buildingOf = (customers: RouteCustomer[], extra: Partial<RouteBuilding['progress']> = {}): RouteBuilding => ({
  ...stop(3, 'Rizk Tower', extra),
  date: '2026-11-24',
  collector: 4,
  customers,
});
const meter = (id: number, name: string): Counter => ({
  id,
  customer: id === 8 ? 5 : 6,
  customer_name: name,
  customer_code: 'C-00000' + String(id - 3),
  customer_phone: '',
  region: 1,
  region_name: 'Achrafieh',
  street: 2,
  street_name: 'Sassine Street',
  building: 3,
  building_name: 'Rizk Tower',
  floor: '3',
  apartment: '5C',
  station: null,
  station_name: null,
  bundle: 2,
  bundle_name: '5 A',
  previous_counter: null,
  counter: '2059.439',
  counter_updated_at: null,
  counter_updated_by: null,
  counter_updated_by_name: null,
  consumption: '0.000',
  photo_url: null,
});
const page = <T,>(results: T[]) => ({ count: results.length, count_capped: false, next: null, previous: null, results });

function renderBuilding(
  buildings: RouteBuilding[],
  handler: FetchHandler = () => undefined,
  { language = 'en' as 'en' | 'ar', role = 'collector' } = {},
) {
  let reads = 0;
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
    if (url.startsWith('/api/services/1/routes/buildings/3/')) {
      const answer = buildings[Math.min(reads, buildings.length - 1)];
      reads += 1;
      return jsonResponse(200, answer);
    }
    if (url.startsWith('/api/services/1/subscriptions/counters/'))
      return jsonResponse(200, page([meter(8, 'Fadi Fares'), meter(9, 'Rima Haddad')]));
    return handler(url, init);
  });
  const result = renderWithProviders(<RoundBuildingPage />, {
    path: '/round/3',
    routePath: '/round/:buildingId',
    role,
    language,
    routes: [{ path: '/collect/:customerId', element: <h1>Collect screen</h1> }],
  });
  return { ...result, fetchMock };
}

describe('round pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the collector's buildings in the API's order with their progress, each opening its screen", async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url.startsWith('/api/services/1/routes/'))
        return jsonResponse(
          200,
          page([stop(3, 'Rizk Tower'), stop(4, 'Building 10', { done: 2, to_read: 0, read: 2, to_collect: 0, paid: 1 })]),
        );
      return undefined;
    });
    renderWithProviders(<RoundPage />, { path: '/round', role: 'collector' });
    const list = await screen.findByRole('list', { name: "Today's round" });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/round/3', '/round/4']);
    expect(links[0]).toHaveTextContent('Rizk Tower');
    expect(links[0]).toHaveTextContent('0 of 2 done');
    expect(links[0]).toHaveTextContent('To read: 2');
    expect(links[1]).toHaveTextContent('2 of 2 done');
    expect(links[1]).toHaveTextContent('Paid: 1');
    // The whole round counts readings and collections apart: 2 of 4 meters read, 1 door paid.
    expect(screen.getAllByTestId('round-progress')[0]).toHaveTextContent('2 of 4 read, 1 paid');
    // A collector's own round: no collector in the query.
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/services/1/routes/'));
    expect(String(call?.[0])).not.toContain('collector=');
  });

  it('asks the office to choose a collector before showing a round', async () => {
    stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url.startsWith('/api/auth/users/'))
        return jsonResponse(
          200,
          page([{ id: 4, username: 'karim', first_name: 'Karim', last_name: 'Aoun', role: 'collector', is_active: true }]),
        );
      return undefined;
    });
    renderWithProviders(<RoundPage />, { path: '/round', role: 'admin' });
    expect(await screen.findByText('Choose a collector to see their round.')).toBeInTheDocument();
  });

  it('marks a customer absent and shows the progress the API answers next', async () => {
    const { fetchMock } = renderBuilding(
      [buildingOf([fadi, rima]), buildingOf([customerRow({ outcome: 'absent', is_done: true }), rima], { done: 1, absent: 1 })],
      (url, init) =>
        url === '/api/services/1/routes/visits/' && init.method === 'POST'
          ? jsonResponse(201, {
              id: 1,
              customer: 5,
              outcome: 'absent',
              note: '',
              visited_on: '2026-11-24',
              visited_at: '2026-11-24T09:00:00Z',
              visited_by: 4,
              visited_by_name: 'Karim',
            })
          : undefined,
    );
    const card = await screen.findByRole('region', { name: 'Fadi Fares' });
    expect(within(card).getByTestId('round-customer-status')).toHaveTextContent('To read');
    expect(screen.getByTestId('round-progress')).toHaveTextContent('0 of 2 read, 0 paid');
    await userEvent.click(within(card).getByRole('button', { name: 'Absent' }));
    expect(await screen.findByText('Fadi Fares: Absent')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/services/1/routes/visits/' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ customer: 5, outcome: 'absent' });
    await waitFor(() => expect(screen.getByTestId('round-progress').parentElement).toHaveTextContent('Absent: 1'));
    expect(within(screen.getByRole('region', { name: 'Fadi Fares' })).getByTestId('round-customer-status')).toHaveTextContent('Absent');
  });

  it("reads a meter in the counters screen's form and refreshes the building", async () => {
    const subscription = {
      id: 8,
      service: 1,
      customer: 5,
      bundle: 2,
      station: null,
      started_on: '2026-01-01',
      ended_on: null,
      counter: '2100',
      counter_updated_at: null,
      counter_updated_by: null,
    };
    const { fetchMock } = renderBuilding(
      [
        buildingOf([fadi, rima]),
        buildingOf([customerRow({ to_read: false, read: true, is_done: true, counter: '2100.000' }), rima], {
          done: 1,
          to_read: 1,
          read: 1,
        }),
      ],
      (url, init) =>
        url === '/api/services/1/subscriptions/8/update-counter/' && init.method === 'PUT' ? jsonResponse(200, subscription) : undefined,
    );
    const card = await screen.findByRole('region', { name: 'Fadi Fares' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Read meter' }));
    const sheet = await screen.findByRole('dialog', { name: /Fadi Fares/ });
    await userEvent.type(within(sheet).getByLabelText('New reading'), '2100');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save reading' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ counter: '2100', taken_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    await waitFor(() => expect(screen.getByTestId('round-progress')).toHaveTextContent('1 of 2 read, 0 paid'));
    expect(within(screen.getByRole('region', { name: 'Fadi Fares' })).getByTestId('round-customer-status')).toHaveTextContent('Read');
  });

  it('links a customer who owes to the collect screen, and none who owes nothing', async () => {
    const { router } = renderBuilding([buildingOf([fadi, rima])]);
    const rimaCard = await screen.findByRole('region', { name: 'Rima Haddad' });
    expect(within(screen.getByRole('region', { name: 'Fadi Fares' })).queryByRole('link', { name: 'Collect' })).not.toBeInTheDocument();
    expect(within(rimaCard).getByText(/Owes/)).toHaveTextContent('Owes $40.00');
    await userEvent.click(within(rimaCard).getByRole('link', { name: 'Collect' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collect/6'));
  });

  it('speaks Arabic: targets, statuses and progress', async () => {
    renderBuilding([buildingOf([fadi, rima])], () => undefined, { language: 'ar' });
    const card = await screen.findByRole('region', { name: 'Rima Haddad' });
    expect(within(card).getByRole('button', { name: 'غائب' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'رفض' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'تحصيل' })).toBeInTheDocument();
    expect(within(card).getByTestId('round-customer-status')).toHaveTextContent('للتحصيل');
    expect(screen.getByTestId('round-progress')).toHaveTextContent('قُرئ ٠ من ٢، ودفع ٠');
    expect(await within(card).findByRole('button', { name: 'قراءة العداد' })).toBeInTheDocument();
  });
});
