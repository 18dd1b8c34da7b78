import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { StationCreatePage } from './station-create-page';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];

// Whole pages with the data grid: slow on a machine shared by several engineers.
describe('station create page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the name before sending anything', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/services/' ? jsonResponse(200, ELECTRICITY) : url === '/api/regions/' ? jsonResponse(200, []) : undefined,
    );
    renderWithProviders(<StationCreatePage />, { path: '/stations/create' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create station' }));
    expect(await screen.findByText('This field may not be blank.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('creates with the address and normalised digits, then opens the station', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url === '/api/regions/') return jsonResponse(200, [{ id: 4, name: 'Hamra' }]);
      if (url === '/api/regions/4/streets/') return jsonResponse(200, []);
      if (url === '/api/services/1/stations/' && init.method === 'POST')
        return jsonResponse(201, { id: 9, name: 'North', ...JSON.parse(String(init.body)) });
      return undefined;
    });
    const { router } = renderWithProviders(<StationCreatePage />, {
      path: '/stations/create',
      routePath: '/stations/create',
      routes: [{ path: '/stations/:stationId', element: <p>Station page</p> }],
    });
    await userEvent.type(await screen.findByLabelText(/Name/), 'North');
    await userEvent.type(screen.getByLabelText('Capacity'), '١٥٠');
    await userEvent.click(screen.getByRole('combobox', { name: 'Region' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hamra' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create station' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stations/9'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      name: 'North',
      capacity: '150',
      region: 4,
      street: null,
      building: null,
      status: 'active',
    });
    expect(JSON.parse(String(post?.[1]?.body))).not.toHaveProperty('code');
  });
});
