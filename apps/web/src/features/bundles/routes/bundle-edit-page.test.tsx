import type { Bundle } from '@meterline/contract/bundles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { BundleCreatePage } from './bundle-create-page';
import { BundleEditPage } from './bundle-edit-page';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const bundle: Bundle = {
  id: 7,
  service: 1,
  name: '10 A',
  description: '',
  amperage: '10.00',
  price: '25.00',
  unit_price: '0.150000',
  is_active: true,
  subscriptions_count: 12,
  created_at: '2026-01-01T00:00:00Z',
};

function renderEdit(role: string, handler: Parameters<typeof stubFetch>[0] = () => undefined) {
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
    if (url === '/api/services/1/bundles/7/' && init.method === 'GET') return jsonResponse(200, bundle);
    return handler(url, init);
  });
  const result = renderWithProviders(<BundleEditPage />, {
    path: '/bundles/7',
    routePath: '/bundles/:bundleId',
    role,
    routes: [{ path: '/bundles', element: <p>Bundle list</p> }],
  });
  return { ...result, fetchMock };
}

// Whole pages with the data grid: slow on a machine shared by several engineers.
describe('bundle pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an accountant the bundle read-only, without save or delete', async () => {
    renderEdit('accountant');
    // A name that is a quantity: one left-to-right run, number first (docs/web.md, "Digits").
    expect(await screen.findByLabelText(/Name/)).toHaveValue('\u206610\u00a0A\u2069');
    expect(screen.getByLabelText(/Name/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete bundle' })).not.toBeInTheDocument();
  });

  it('saves changes with PUT and a toast', async () => {
    const { fetchMock } = renderEdit('admin', (url, init) =>
      init.method === 'PUT' ? jsonResponse(200, { ...bundle, ...JSON.parse(String(init.body)) }) : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const price = await screen.findByLabelText(/Monthly fee/);
    await userEvent.clear(price);
    await userEvent.type(price, '٣٠');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Bundle "10 A" saved.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ name: '10 A', price: '30', amperage: '10.00', is_active: true });
  });

  it('keeps Delete at the end of the page, after the form and its Save, in a section of its own', async () => {
    renderEdit('admin');
    const remove = await screen.findByRole('button', { name: 'Delete bundle' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save.compareDocumentPosition(remove) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Cannot be undone' })).getByRole('button', { name: 'Delete bundle' })).toBe(remove);
  });

  it('explains a refused delete (409 protected) and stays', async () => {
    renderEdit('admin', (_url, init) =>
      init.method === 'DELETE'
        ? jsonResponse(409, { detail: 'This bundle has subscriptions and cannot be deleted.', code: 'protected' })
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete bundle' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/"10 A" will be removed/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete bundle' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Deactivate it instead');
    expect(screen.queryByText('Bundle list')).not.toBeInTheDocument();
  });

  it('puts a 400 on its field when creating', async () => {
    stubFetch((url, init) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url === '/api/services/1/bundles/' && init.method === 'POST')
        return jsonResponse(400, {
          name: ['Ensure this field has no more than 200 characters.'],
          code: 'max_length',
          params: { max: 200 },
          errors: [
            { field: 'name', code: 'max_length', message: 'Ensure this field has no more than 200 characters.', params: { max: 200 } },
          ],
        });
      return undefined;
    });
    renderWithProviders(<BundleCreatePage />, { path: '/bundles/create' });
    const input = await screen.findByLabelText(/Name/);
    await userEvent.type(input, 'Big');
    await userEvent.click(screen.getByRole('button', { name: 'Create bundle' }));
    expect(await screen.findByText('Use at most 200 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).toHaveAccessibleDescription('Use at most 200 characters.');
  });
});
