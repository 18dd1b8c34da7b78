import type { Service } from '@meterline/contract/services';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch, type FetchHandler } from '../../../shared/lib/test-render';
import { ServiceCreatePage } from './service-create-page';
import { ServiceEditPage } from './service-edit-page';
import { ServiceListPage } from './service-list-page';

const service = (id: number, name: string, extra: Partial<Service> = {}): Service => ({
  id,
  name,
  name_ar: '',
  unit: '',
  is_metered: true,
  is_active: true,
  position: id,
  max_consumption_per_day: null,
  ...extra,
});
const SERVICES = [
  service(1, 'Electricity', { name_ar: 'الكهرباء', unit: 'kWh' }),
  service(2, 'Water', { name_ar: 'المياه', unit: 'm³' }),
  service(3, 'Internet', { unit: 'GB', is_metered: false, is_active: false }),
];

/** The API as the tests need it: the services as stored, changed by PATCH and reorder like the server does. */
function stubApi(handler: FetchHandler = () => undefined) {
  let stored = SERVICES.map((item) => ({ ...item }));
  return stubFetch((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url === '/api/services/?include_inactive=true') return jsonResponse(200, stored);
    if (url === '/api/services/')
      return jsonResponse(
        200,
        stored.filter((item) => item.is_active),
      );
    if (url === '/api/services/reorder/' && init.method === 'POST') {
      const ids = (JSON.parse(String(init.body)) as { ids: number[] }).ids;
      stored = ids.map((id, index) => ({ ...stored.find((item) => item.id === id)!, position: index + 1 }));
      return jsonResponse(200, stored);
    }
    const one = /^\/api\/services\/(\d+)\/$/.exec(url);
    if (!one) return undefined;
    const id = Number(one[1]);
    if (init.method === 'PATCH') stored = stored.map((item) => (item.id === id ? { ...item, ...JSON.parse(String(init.body)) } : item));
    if (init.method === 'GET' || init.method === 'PATCH')
      return jsonResponse(
        200,
        stored.find((item) => item.id === id),
      );
    return undefined;
  });
}

const bodyOf = (mock: ReturnType<typeof stubFetch>, method: string) => {
  const call = mock.mock.calls.find(([, init]) => init?.method === method);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

const renderEdit = (role = 'admin', id = 2) =>
  renderWithProviders(<ServiceEditPage />, {
    path: `/services/${id}`,
    routePath: '/services/:serviceId',
    role,
    routes: [{ path: '/services', element: <p>Service list</p> }],
  });

describe('the Services screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every service in its order, disabled ones too, and moves one up with the whole order', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<ServiceListPage />, { path: '/services', routePath: '/services' });
    const grid = await screen.findByRole('grid', { name: 'Services' });
    expect(await within(grid).findByText('Electricity')).toBeInTheDocument();
    expect(within(grid).getByText('الكهرباء')).toBeInTheDocument();
    expect(within(grid).getByText('Disabled')).toBeInTheDocument();
    expect(within(grid).getByText('Flat fee')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Electricity up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Internet down' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move Water up' }));
    expect(bodyOf(fetchMock, 'POST')).toEqual({ ids: [2, 1, 3] });
    expect(await screen.findByRole('button', { name: 'Move Water down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Water up' })).toBeDisabled();
  });

  it('filters on the status and then keeps the order buttons off (neighbours are hidden)', async () => {
    stubApi();
    renderWithProviders(<ServiceListPage />, { path: '/services?is_active=false', routePath: '/services' });
    const grid = await screen.findByRole('grid', { name: 'Services' });
    expect(await within(grid).findByText('Internet')).toBeInTheDocument();
    expect(within(grid).queryByText('Electricity')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Internet up' })).toBeDisabled();
  });

  it('adds a flat service with its Arabic name and unit, then opens it', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/services/' && init.method === 'POST'
        ? jsonResponse(201, service(4, 'EV charging', JSON.parse(String(init.body))))
        : undefined,
    );
    renderWithProviders(<ServiceCreatePage />, {
      path: '/services/create',
      routePath: '/services/create',
      routes: [{ path: '/services/:serviceId', element: <p>Service page</p> }],
    });
    await userEvent.type(await screen.findByLabelText(/Name \(English\)/), 'EV charging');
    await userEvent.type(screen.getByLabelText('Name (Arabic)'), 'شحن السيارات');
    await userEvent.type(screen.getByLabelText('Unit'), 'session');
    await userEvent.click(screen.getByLabelText('Flat fee'));
    await userEvent.click(screen.getByRole('button', { name: 'Add service' }));
    expect(await screen.findByText('Service page')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST')).toEqual({ name: 'EV charging', name_ar: 'شحن السيارات', unit: 'session', is_metered: false });
  });

  it('refuses an empty name and a long unit before sending, and shows the server’s refusal on its field, in Arabic', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/services/' && init.method === 'POST'
        ? jsonResponse(400, {
            name: ['Another service already has this name.'],
            code: 'service_name_taken',
            errors: [{ field: 'name', code: 'service_name_taken', message: 'Another service already has this name.' }],
          })
        : undefined,
    );
    renderWithProviders(<ServiceCreatePage />, { path: '/services/create', routePath: '/services/create', language: 'ar' });
    await userEvent.type(await screen.findByLabelText('الوحدة'), 'kilowatt-hours-xx');
    await userEvent.click(screen.getByRole('button', { name: 'إضافة الخدمة' }));
    expect(await screen.findByText('استخدم ١٦ حرفًا على الأكثر.')).toBeInTheDocument();
    expect(screen.getByText('لا يمكن ترك هذا الحقل فارغًا.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await userEvent.clear(screen.getByLabelText('الوحدة'));
    await userEvent.type(screen.getByLabelText(/الاسم \(بالإنجليزية\)/), 'Water');
    await userEvent.click(screen.getByRole('button', { name: 'إضافة الخدمة' }));
    expect(await screen.findByText('توجد خدمة أخرى بهذا الاسم.')).toBeInTheDocument();
  });

  it('renames a service and disables it after asking', async () => {
    const fetchMock = stubApi();
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const arabic = await screen.findByLabelText('Name (Arabic)');
    await userEvent.clear(arabic);
    await userEvent.type(arabic, 'مياه الشفة');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Service Water saved.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH')).toEqual({ name: 'Water', name_ar: 'مياه الشفة', unit: 'm³', is_metered: true });

    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Water?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(/This service is disabled/)).toBeInTheDocument();
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)));
    expect(patches.at(-1)).toEqual({ is_active: false });
    expect(screen.getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });

  it('says to disable a service that holds data instead of deleting it', async () => {
    stubApi((url, init) =>
      init.method === 'DELETE'
        ? jsonResponse(409, { detail: 'This record is in use and cannot be deleted.', code: 'protected' })
        : undefined,
    );
    renderEdit();
    // Disabling and deleting sit at the end of the page, in its "cannot be undone" section.
    const dangerZone = await screen.findByRole('region', { name: 'Cannot be undone' });
    expect(within(dangerZone).getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    await userEvent.click(within(dangerZone).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('disable it instead');
    expect(screen.queryByText('Service list')).not.toBeInTheDocument();
  });

  it('shows an accountant the service read-only: no save, disable, delete or move', async () => {
    stubApi();
    renderEdit('accountant');
    expect(await screen.findByLabelText(/Name \(English\)/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();
  });
});
