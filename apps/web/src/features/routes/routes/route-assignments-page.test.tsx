import type { RouteAssignment } from '@meterline/contract/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { jsonResponse, renderWithProviders, stubFetch, type FetchHandler } from '../../../shared/lib/test-render';
import { RouteAssignmentsPage } from './route-assignments-page';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const page = <T,>(results: T[]) => ({ count: results.length, count_capped: false, next: null, previous: null, results });
const assignment: RouteAssignment = {
  id: 7,
  service: 1,
  collector: 4,
  collector_name: 'Karim Aoun',
  region: 1,
  region_name: 'Achrafieh',
  station: null,
  station_name: null,
  created_at: '2026-11-01T08:00:00Z',
};
const staff = [
  { id: 4, username: 'karim', first_name: 'Karim', last_name: 'Aoun', role: 'collector', is_active: true },
  { id: 5, username: 'omar', first_name: 'Omar', last_name: 'Saleh', role: 'accountant', is_active: true },
];

function renderAssignments(role: string, handler: FetchHandler = () => undefined) {
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
    if (url.startsWith('/api/auth/users/')) return jsonResponse(200, page(staff));
    if (url.startsWith('/api/regions/'))
      return jsonResponse(200, [
        { id: 1, name: 'Achrafieh' },
        { id: 2, name: 'Hamra' },
      ]);
    if (url.startsWith('/api/services/1/stations/')) return jsonResponse(200, page([{ id: 3, name: 'Sassine generator' }]));
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/services/1/routes/assignments/') && init.method === 'GET') return jsonResponse(200, page([assignment]));
    return undefined;
  });
  const result = renderWithProviders(<RouteAssignmentsPage />, { path: '/rounds', role });
  return { ...result, fetchMock };
}

// Whole pages with the data grid and selects: slow on a machine shared by several engineers.
describe('rounds screen', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('assigns a region to a collector, offering collectors only', async () => {
    const { fetchMock } = renderAssignments('admin', (url, init) =>
      url === '/api/services/1/routes/assignments/' && init.method === 'POST'
        ? jsonResponse(201, { ...assignment, id: 8, region: 2, region_name: 'Hamra' })
        : undefined,
    );
    expect(await screen.findAllByText('Karim Aoun')).not.toHaveLength(0);
    const form = screen.getByRole('heading', { name: 'Assign a region or a station' }).parentElement!;
    await userEvent.click(within(form).getByRole('combobox', { name: 'Collector' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Karim Aoun']);
    await userEvent.click(first(options));
    await userEvent.click(within(form).getByRole('combobox', { name: 'Region' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hamra' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Assigned.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ collector: 4, region: 2, station: null });
  });

  it('shows the refusal of a second assignment of the same region', async () => {
    renderAssignments('admin', (url, init) =>
      init.method === 'POST'
        ? jsonResponse(409, { detail: 'This collector already has this region or station.', code: 'route_already_assigned' })
        : undefined,
    );
    await screen.findAllByText('Karim Aoun');
    const form = screen.getByRole('heading', { name: 'Assign a region or a station' }).parentElement!;
    await userEvent.click(within(form).getByRole('combobox', { name: 'Collector' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Karim Aoun' }));
    await userEvent.click(within(form).getByRole('combobox', { name: 'Region' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Achrafieh' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This collector already has this region or station.');
  });

  it('lets an accountant read the assignments and open a round, without assigning or taking back', async () => {
    renderAssignments('accountant');
    await screen.findAllByText('Karim Aoun');
    expect(screen.queryByRole('heading', { name: 'Assign a region or a station' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Open round' })[0]).toHaveAttribute('href', '/round?collector=4'));
    expect(screen.queryByRole('button', { name: 'Take back' })).not.toBeInTheDocument();
  });
});
