import type { Counter } from '@meterline/contract/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nth } from '@meterline/contract/invariant';
import { jsonResponse, renderWithProviders, stubFetch, type FetchHandler } from '../../../shared/lib/test-render';
import { CounterListPage } from './counter-list-page';

// The browser's shrinking (canvas, createImageBitmap) is tested in shrink-photo.test.ts; jsdom has no canvas.
vi.mock('../../../shared/lib/shrink-photo', () => ({ shrinkPhoto: vi.fn(async () => '/9j/SHRUNK') }));

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const meter: Counter = {
  id: 8,
  customer: 5,
  customer_name: 'Fadi Fares',
  customer_code: 'C-000005',
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
  previous_counter: '1900.000',
  counter: '2059.439',
  counter_updated_at: '2026-10-01T08:00:00Z',
  counter_updated_by: 4,
  counter_updated_by_name: 'Karim Aoun',
  consumption: '159.439',
  photo_url: null,
};
const subscription = (counter: string) => ({
  id: 8,
  service: 1,
  customer: 5,
  bundle: 2,
  station: null,
  started_on: '2026-01-01',
  ended_on: null,
  counter,
  counter_updated_at: null,
  counter_updated_by: null,
});

function renderCounters(role: string, handler: FetchHandler = () => undefined, { language = 'en' as 'en' | 'ar' } = {}) {
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
    if (url.startsWith('/api/services/1/subscriptions/counters/'))
      return jsonResponse(200, { count: 1, count_capped: false, next: null, previous: null, results: [meter] });
    if (url.startsWith('/api/regions/') || url.startsWith('/api/services/1/stations/'))
      return jsonResponse(200, url.includes('stations') ? { count: 0, count_capped: false, next: null, previous: null, results: [] } : []);
    return handler(url, init);
  });
  const result = renderWithProviders(<CounterListPage />, { path: '/counters?meter=8', role, language });
  return { ...result, fetchMock };
}

// Whole pages with the data grid: slow on a machine shared by several engineers.
describe('counters', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('records a reading typed in Arabic-Indic digits and closes the sheet', async () => {
    const { fetchMock, router } = renderCounters('collector', (url, init) =>
      url === '/api/services/1/subscriptions/8/update-counter/' && init.method === 'PUT'
        ? jsonResponse(200, subscription('2100'))
        : undefined,
    );
    const sheet = await screen.findByRole('dialog', { name: /Fadi Fares/ });
    // The reading form is a chunk loaded with the sheet.
    expect(await within(sheet).findByTestId('last-reading')).toHaveTextContent('2,059.439 kWh');
    // A collector records readings but does not reset meters.
    expect(within(sheet).queryByRole('button', { name: 'Reset meter' })).not.toBeInTheDocument();
    const input = within(sheet).getByLabelText('New reading');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(input, '٢١٠٠');
    expect(within(sheet).getByText(/Adds/)).toHaveTextContent('Adds 40.561 kWh');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save reading' }));
    expect(await screen.findByText(/Reading .*2,100 kWh.* saved for Fadi Fares\./)).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    // With the time it was taken (a reading kept offline is sent later with that time).
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ counter: '2100', taken_at: expect.any(String) });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('sends the date the collector chose for a reading written down earlier (issue 11)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:30:00Z'));
    try {
      const { fetchMock } = renderCounters('collector', (url, init) =>
        url === '/api/services/1/subscriptions/8/update-counter/' && init.method === 'PUT'
          ? jsonResponse(200, subscription('2100'))
          : undefined,
      );
      const sheet = await screen.findByRole('dialog', { name: /Fadi Fares/ });
      await userEvent.type(await within(sheet).findByLabelText('New reading'), '2100');
      // The date field shows now (the tenant's zone is UTC here; its picker is a chunk loaded with
      // the form); one day back with the keyboard.
      const day = await within(sheet).findByRole('spinbutton', { name: 'Day' });
      expect(day).toHaveTextContent('24');
      await userEvent.click(day);
      await userEvent.keyboard('{ArrowDown}');
      expect(day).toHaveTextContent('23');
      await userEvent.click(within(sheet).getByRole('button', { name: 'Save reading' }));
      expect(await screen.findByText(/saved for Fadi Fares\./)).toBeInTheDocument();
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ counter: '2100', taken_at: '2026-11-23T10:30:00.000Z' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the date in Arabic digits and month names, and sends the one chosen', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:30:00Z'));
    try {
      const { fetchMock } = renderCounters(
        'collector',
        (url, init) =>
          url === '/api/services/1/subscriptions/8/update-counter/' && init.method === 'PUT'
            ? jsonResponse(200, subscription('2100'))
            : undefined,
        { language: 'ar' },
      );
      const sheet = await screen.findByRole('dialog', { name: /Fadi Fares/ });
      await userEvent.type(await within(sheet).findByLabelText('القراءة الجديدة'), '2100');
      // Day, month, year, hours, minutes (in right-to-left order): the locale's digits and month name.
      const sections = await within(sheet).findAllByRole('spinbutton');
      expect(sections.map((section) => section.textContent)).toEqual(['١٠', '٣٠', '٢٠٢٦', 'نوفمبر', '٢٤']);
      const day = nth(sections, 4);
      expect(day).toHaveAccessibleName('اليوم');
      await userEvent.click(day);
      await userEvent.keyboard('{ArrowDown}');
      expect(day).toHaveTextContent('٢٣');
      await userEvent.click(within(sheet).getByRole('button', { name: 'حفظ القراءة' }));
      await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ counter: '2100', taken_at: '2026-11-23T10:30:00.000Z' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the refusal of a lower reading on the field, in Arabic too', async () => {
    renderCounters(
      'collector',
      (_url, init) =>
        init.method === 'PUT'
          ? jsonResponse(400, {
              counter: ['The new reading (2000) is lower than the previous reading (2059.439).'],
              code: 'lower_reading',
              errors: [
                {
                  field: 'counter',
                  code: 'lower_reading',
                  message: 'The new reading (2000) is lower than the previous reading (2059.439).',
                  params: { value: '2000', previous: '2059.439' },
                },
              ],
            })
          : undefined,
      { language: 'ar' },
    );
    const sheet = await screen.findByRole('dialog');
    const input = await within(sheet).findByLabelText('القراءة الجديدة');
    await userEvent.type(input, '2000');
    await userEvent.click(within(sheet).getByRole('button', { name: 'حفظ القراءة' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/القراءة الجديدة \(٢٠٠٠\) أقل من آخر قراءة \(٢٠٥٩٫٤٣٩\)/));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks for a second look at an implausible reading, then saves it confirmed', async () => {
    const { fetchMock } = renderCounters('collector', (url, init) => {
      if (url !== '/api/services/1/subscriptions/8/update-counter/' || init.method !== 'PUT') return undefined;
      const body = JSON.parse(String(init.body));
      if (body.confirm_unusual) return jsonResponse(200, subscription('99999'));
      return jsonResponse(400, {
        counter: [
          'This reading means a consumption of 97939.561 kWh, more than the meter can draw since the previous reading (2.53 kWh). Check it, or confirm it is unusual.',
        ],
        code: 'reading_implausible',
        params: { consumption: '97939.561', limit: '2.53', unit: 'kWh' },
      });
    });
    const sheet = await screen.findByRole('dialog', { name: /Fadi Fares/ });
    await userEvent.type(await within(sheet).findByLabelText('New reading'), '99999');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save reading' }));
    const warning = await within(sheet).findByText(/more than this meter can draw since the previous reading \(2.53 kWh\)/);
    expect(warning).toHaveTextContent('This reading means 97939.561 kWh');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText(/saved for Fadi Fares\./)).toBeInTheDocument();
    const bodies = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([
      { counter: '99999', taken_at: expect.any(String) },
      { counter: '99999', confirm_unusual: true, taken_at: expect.any(String) },
    ]);
  });

  it('takes the meter’s photo with the back camera and sends it with the reading; an unusual one recommends a photo', async () => {
    const { fetchMock } = renderCounters('collector', (url, init) => {
      if (url !== '/api/services/1/subscriptions/8/update-counter/' || init.method !== 'PUT') return undefined;
      if (JSON.parse(String(init.body)).confirm_unusual) return jsonResponse(200, subscription('99999'));
      return jsonResponse(400, {
        counter: ['Unusual.'],
        code: 'reading_implausible',
        params: { consumption: '97939.561', limit: '2.53', unit: 'kWh' },
      });
    });
    const sheet = await screen.findByRole('dialog', { name: /Fadi Fares/ });
    const camera = await within(sheet).findByTestId('reading-photo-input');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    await userEvent.type(within(sheet).getByLabelText('New reading'), '99999');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save reading' }));
    await within(sheet).findByText(/more than this meter can draw/);
    expect(within(sheet).getAllByText('A photo of the meter is recommended for an unusual reading.').length).toBeGreaterThan(0);
    expect(within(sheet).getByRole('button', { name: 'Add a photo' })).toBeInTheDocument();

    await userEvent.upload(camera, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'meter.jpg', { type: 'image/jpeg' }));
    expect(await within(sheet).findByRole('img', { name: 'Photo of the meter' })).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,/9j/SHRUNK',
    );
    expect(within(sheet).queryByRole('button', { name: 'Add a photo' })).not.toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText(/saved for Fadi Fares\./)).toBeInTheDocument();
    const bodies = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([
      { counter: '99999', taken_at: expect.any(String) },
      { counter: '99999', confirm_unusual: true, photo: '/9j/SHRUNK', taken_at: expect.any(String) },
    ]);
  });

  it('lets an accountant reset a meter after a confirmation', async () => {
    const { fetchMock } = renderCounters('accountant', (url, init) =>
      url === '/api/services/1/subscriptions/8/reset-counter/' && init.method === 'POST' ? jsonResponse(200, subscription('0')) : undefined,
    );
    const sheet = await screen.findByRole('dialog', { name: /Fadi Fares/ });
    await userEvent.click(await within(sheet).findByRole('button', { name: 'Reset meter' }));
    // The reset form is a chunk loaded when asked for.
    await userEvent.type(await within(sheet).findByLabelText('Final reading of the old meter'), '2100.5');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Reset meter' }));
    // The reason is required before anything is sent.
    expect(await within(sheet).findByText('This field may not be blank.')).toBeInTheDocument();
    await userEvent.type(within(sheet).getByLabelText(/Reason/), 'Meter replaced');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Reset meter' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset this meter?' });
    expect(confirm).toHaveTextContent('Final reading of the old meter: 2,100.5 kWh (Adds 41.061 kWh)');
    expect(confirm).toHaveTextContent('The new meter starts at 0 kWh');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset the meter' }));
    expect(await screen.findByText(/Meter of Fadi Fares reset/)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ final_counter: '2100.5', counter: '0', reason: 'Meter replaced' });
  });
});
