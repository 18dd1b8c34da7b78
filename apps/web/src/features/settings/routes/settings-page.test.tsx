import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { SettingsPage } from './settings-page';
import { config } from './settings-test-data';

const SERVICES = [
  { id: 1, name: 'Electricity', unit: 'kWh', is_metered: true, max_consumption_per_day: null },
  { id: 2, name: 'Internet', unit: '', is_metered: false, max_consumption_per_day: null },
];

function answerAddresses(url: string) {
  if (url === '/api/services/') return jsonResponse(200, SERVICES);
  if (url === '/api/regions/') return jsonResponse(200, [{ id: 1, name: 'Hamra' }]);
  if (url === '/api/regions/1/streets/') return jsonResponse(200, []);
  // The Messages section at the page's end (its own tests: components/messages-settings.test.tsx).
  if (url === '/api/notifications/channels/' || url === '/api/notifications/templates/') return jsonResponse(200, { results: [] });
  return undefined;
}

describe('settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "Failed to fetch settings." when they cannot be read', async () => {
    stubFetch((url) => answerAddresses(url) ?? (url === '/api/config/' ? jsonResponse(500) : undefined));
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    expect(await screen.findByText('Failed to fetch settings.')).toBeInTheDocument();
  });

  it('saves as JSON without the logo, Arabic-Indic digits normalised', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/config/') return jsonResponse(200, config);
      if (url === '/api/config/5/' && init.method === 'PUT') return jsonResponse(200, { ...config, invoice_due_days: 30 });
      return answerAddresses(url);
    });
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    const dueDays = await screen.findByRole('textbox', { name: 'Days to pay' });
    await userEvent.clear(dueDays);
    await userEvent.type(dueDays, '٣٠');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')!;
    expect(init!.headers).toMatchObject({ 'Content-Type': 'application/json' });
    const body = JSON.parse(String(init!.body));
    expect(body).toMatchObject({ invoice_due_days: 30, tax_rate: '11.000', timezone: 'Asia/Beirut' });
    expect(body).not.toHaveProperty('logo');
  });

  it('saves the readings and billing rules: voltage, backdating window, proration', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/config/') return jsonResponse(200, config);
      if (url === '/api/config/5/' && init.method === 'PUT')
        return jsonResponse(200, { ...config, voltage: 110, backdate_days: 7, prorate_partial_months: false });
      return answerAddresses(url);
    });
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    const voltage = await screen.findByRole('textbox', { name: 'Voltage' });
    await userEvent.clear(voltage);
    await userEvent.type(voltage, '110');
    const backdate = screen.getByRole('textbox', { name: 'Days a reading or payment may be backdated' });
    await userEvent.clear(backdate);
    await userEvent.type(backdate, '7');
    await userEvent.click(screen.getByRole('switch', { name: 'Prorate partial months' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')![1]!.body));
    expect(body).toMatchObject({ voltage: 110, backdate_days: 7, prorate_partial_months: false });
  });

  it('sets a second currency and the cash step of each currency (issue 14)', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/config/') return jsonResponse(200, { ...config, cash_rounding: { USD: '0.05' } });
      if (url === '/api/config/5/' && init.method === 'PUT')
        return jsonResponse(200, {
          ...config,
          second_currency: 'LBP',
          second_currency_decimals: 0,
          cash_rounding: { USD: '0.05', LBP: '1000' },
        });
      return answerAddresses(url);
    });
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    expect(await screen.findByRole('textbox', { name: 'Cash step in USD' })).toHaveValue('0.05');
    // No second currency yet: no step for it.
    expect(screen.queryByRole('textbox', { name: /Cash step in LBP/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Second currency' }));
    const listbox = await screen.findByRole('listbox');
    // The billing currency cannot be its own second currency.
    expect(within(listbox).queryByRole('option', { name: 'USD' })).not.toBeInTheDocument();
    await userEvent.click(within(listbox).getByRole('option', { name: 'LBP' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Cash step in LBP' }), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')![1]!.body));
    expect(body).toMatchObject({ second_currency: 'LBP', cash_rounding: { USD: '0.05', LBP: '1000' } });
  });

  it("saves a service's daily consumption limit through PATCH /services/{id}/ (issue 11), in Arabic", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/config/') return jsonResponse(200, config);
      if (url === '/api/services/1/' && init.method === 'PATCH')
        return jsonResponse(200, { ...SERVICES[0], max_consumption_per_day: '40.000' });
      return answerAddresses(url);
    });
    renderWithProviders(<SettingsPage />, { path: '/settings', language: 'ar' });
    const limit = await screen.findByRole('textbox', { name: 'Electricity: أقصى استهلاك للعداد في اليوم' });
    expect(limit).toHaveAccessibleDescription(/يُستخدم حيث لا أمبير للاشتراك/);
    // Only metered services have a limit.
    expect(screen.queryByRole('textbox', { name: /Internet/ })).not.toBeInTheDocument();
    await userEvent.type(limit, '٤٠');
    await userEvent.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/services/1/' && init?.method === 'PATCH')).toBe(true),
    );
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/services/1/' && init?.method === 'PATCH')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ max_consumption_per_day: '40.000' });
    // Nothing else changed: the tenant's settings are not sent again.
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/config/5/' && init?.method === 'PUT')).toBe(false);
    // In the reader's digits, as every numeric input (docs/web.md, "Digits").
    await waitFor(() => expect(limit).toHaveValue('٤٠٫٠٠٠'));
  });

  it('shows a refused daily limit on its field', async () => {
    stubFetch((url, init) => {
      if (url === '/api/config/') return jsonResponse(200, config);
      if (url === '/api/services/1/' && init.method === 'PATCH')
        return jsonResponse(400, {
          max_consumption_per_day: ['Enter a number.'],
          code: 'invalid_number',
          errors: [{ field: 'max_consumption_per_day', code: 'invalid_number', message: 'Enter a number.' }],
        });
      return answerAddresses(url);
    });
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    const limit = await screen.findByRole('textbox', { name: 'Electricity: Most a meter may use per day' });
    await userEvent.type(limit, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(limit).toHaveAccessibleDescription('Enter a number.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends multipart with the file when a new logo is chosen', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:logo');
    URL.revokeObjectURL = vi.fn();
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/config/') return jsonResponse(200, config);
      if (url === '/api/config/5/' && init.method === 'PUT') return jsonResponse(200, { ...config, logo: '/api/media/1-new.png' });
      return answerAddresses(url);
    });
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await screen.findByRole('textbox', { name: 'Company name' });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('logo-input'), file);
    expect(screen.getByText('logo.png will be uploaded when you save.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const body = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('logo') as File).name).toBe('logo.png');
    expect(body.get('company_name')).toBe('Nour Power');
  });

  it('explains a locked currency', async () => {
    stubFetch((url, init) => {
      if (url === '/api/config/') return jsonResponse(200, config);
      if (url === '/api/config/5/' && init.method === 'PUT')
        return jsonResponse(409, {
          detail: 'The currency cannot change once invoices, payments or transactions exist.',
          code: 'currency_locked',
        });
      return answerAddresses(url);
    });
    renderWithProviders(<SettingsPage />, { path: '/settings', language: 'ar' });
    const currency = await screen.findByRole('combobox', { name: 'العملة' });
    await userEvent.click(currency);
    await userEvent.click(await screen.findByRole('option', { name: 'JOD' }));
    await userEvent.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('لا يمكن تغيير العملة');
  });

  it('removes the logo after a confirmation', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/config/') return jsonResponse(200, config);
      if (url === '/api/config/logo/' && init.method === 'DELETE') return new Response(null, { status: 204 });
      return answerAddresses(url);
    });
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove logo' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove the logo?' })).getByRole('button', { name: 'Remove logo' }),
    );
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/config/logo/' && init?.method === 'DELETE')).toBe(true);
  });

  it('says clearly that an address in use cannot be removed (409 protected)', async () => {
    stubFetch((url, init) => {
      if (url === '/api/config/') return jsonResponse(200, config);
      if (url === '/api/regions/1/' && init.method === 'DELETE')
        return jsonResponse(409, { detail: 'Cannot delete: it is in use.', code: 'protected' });
      return answerAddresses(url);
    });
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Hamra' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Hamra?' })).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('It is still in use, so it cannot be removed. Remove or change what uses it first.'),
    ).toBeInTheDocument();
  });

  it('adds a street to the chosen region', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/config/') return jsonResponse(200, config);
      if (url === '/api/regions/1/streets/' && init.method === 'POST') return jsonResponse(201, { id: 9, name: 'Bliss', region_id: 1 });
      return answerAddresses(url);
    });
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Hamra' }));
    expect(await screen.findByText('No street yet. Add the first one.')).toBeInTheDocument();
    const streets = screen.getByRole('region', { name: 'Streets of Hamra' });
    await userEvent.click(within(streets).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a street' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Bliss');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/regions/1/streets/' && init?.method === 'POST')).toBe(true),
    );
  });
});
