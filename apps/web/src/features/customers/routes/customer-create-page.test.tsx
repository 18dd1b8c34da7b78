import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { first } from '@meterline/contract/invariant';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { SELECTED_SERVICE_STORAGE_KEY } from '../../../shared/hooks/use-selected-service';
import { customer } from '../test-customer';
import { CustomerCreatePage } from './customer-create-page';

const SERVICES = [
  { id: 1, name: 'Electricity', unit: 'kWh', is_metered: true },
  { id: 2, name: 'Hosting', unit: 'month', is_metered: false },
];
const page = (results: unknown[]) => ({ count: results.length, count_capped: false, next: null, previous: null, results });
const REQUIRED = {
  code: 'required',
  initial_reading: ['This field is required.'],
  errors: [{ field: 'initial_reading', code: 'required', message: 'This field is required.' }],
};

/** A new customer's subscription starts on a date (today by default) and, on a meter, at its opening reading. */
function renderCreate(serviceId: number, language: 'en' | 'ar' = 'en') {
  const posts: Record<string, unknown>[] = [];
  stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, SERVICES);
    if (url.includes('/bundles/')) return jsonResponse(200, page([{ id: 2, name: '5 A' }]));
    if (url.includes('/stations/')) return jsonResponse(200, page([]));
    if (url.startsWith('/api/regions/')) return jsonResponse(200, []);
    if (url === `/api/services/${serviceId}/customers/` && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posts.push(body);
      if (serviceId === 1 && !body.initial_reading) return jsonResponse(400, REQUIRED);
      return jsonResponse(201, { ...customer, service: serviceId });
    }
    return undefined;
  });
  localStorage.setItem(SELECTED_SERVICE_STORAGE_KEY, String(serviceId));
  renderWithProviders(<CustomerCreatePage />, {
    path: `/customers/new?service=${serviceId}`,
    routePath: '/customers/new',
    language,
    tenant: { timezone: 'Asia/Beirut' },
    routes: [{ path: '/customers/:customerId', element: <p>Customer page</p> }],
  });
  return posts;
}

async function chooseBundle() {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Bundle' }));
  await userEvent.click(await screen.findByRole('option', { name: /^5\sA$/ }));
}

describe('a new customer', () => {
  beforeEach(() => {
    // 23:30 UTC on the 27th is already the 28th in Beirut: the tenant's today, not the browser's.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T23:30:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('on a meter asks for the opening reading (the server refusal lands on it) and starts on the tenant’s today', async () => {
    const posts = renderCreate(1);
    await userEvent.type(await screen.findByLabelText(/Full name/), 'Moved In');
    // Both wait for a bundle: they start its subscription.
    expect(screen.getByLabelText(/Opening reading/)).toBeDisabled();
    await chooseBundle();
    const reading = screen.getByLabelText(/Opening reading/);
    expect(reading).toBeEnabled();
    expect(reading).toBeRequired();
    expect(
      await screen.findByText('Invoices and the monthly fee count from this day: today, or up to 12 months back.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create customer' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(first(posts)).toMatchObject({ bundle: 2, started_on: '2026-11-28' });

    await userEvent.type(reading, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create customer' }));
    expect(await screen.findByText('Customer page')).toBeInTheDocument();
    // 0 is an answer, sent as such.
    expect(posts[1]).toMatchObject({ bundle: 2, initial_reading: '0', started_on: '2026-11-28' });
  });

  it('on a flat service asks for the start date only, and sends neither without a bundle', async () => {
    const posts = renderCreate(2);
    await userEvent.type(await screen.findByLabelText(/Full name/), 'No Bundle');
    expect(screen.queryByLabelText(/Opening reading/)).not.toBeInTheDocument();
    // The picker waits for a bundle too (it loads with the field).
    expect(await screen.findByText('Choose a bundle first: the date starts its subscription.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create customer' }));
    expect(await screen.findByText('Customer page')).toBeInTheDocument();
    expect(first(posts)).not.toHaveProperty('started_on');
    expect(first(posts)).not.toHaveProperty('initial_reading');
  });

  it('says it in Arabic', async () => {
    renderCreate(1, 'ar');
    const supply = await screen.findByRole('heading', { name: 'التغذية' });
    expect(supply).toBeInTheDocument();
    expect(within(document.body).getByLabelText(/القراءة الافتتاحية/)).toBeInTheDocument();
    expect((await screen.findAllByText('تاريخ البدء')).length).toBeGreaterThan(0);
  });

  it('writes to the customer in the company’s language unless another is chosen, and leaves out the channels they refuse', async () => {
    const posts = renderCreate(2);
    await userEvent.type(await screen.findByLabelText(/Full name/), 'Quiet Neighbour');
    const language = screen.getByRole('combobox', { name: 'Language of messages' });
    // The choice names the tenant's language (the session's `customer_language`).
    expect(language).toHaveTextContent('The company’s language (English)');
    expect(screen.getByRole('combobox', { name: 'Opt-outs' })).toHaveTextContent('None (any channel may be used)');
    await userEvent.click(screen.getByRole('button', { name: 'Create customer' }));
    expect(await screen.findByText('Customer page')).toBeInTheDocument();
    // null: none of its own, the customer follows the tenant's language whatever it becomes.
    expect(first(posts)).toHaveProperty('language', null);
    expect(first(posts)).toMatchObject({ opted_out_channels: [] });
  });

  it('sends the language chosen and the channels ticked', async () => {
    const posts = renderCreate(2);
    await userEvent.type(await screen.findByLabelText(/Full name/), 'Arabic Reader');
    await userEvent.click(screen.getByRole('combobox', { name: 'Language of messages' }));
    await userEvent.click(await screen.findByRole('option', { name: 'العربية' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Opt-outs' }));
    await userEvent.click(await screen.findByRole('option', { name: 'No SMS' }));
    await userEvent.click(screen.getByRole('option', { name: 'No e-mail' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: 'Opt-outs' })).toHaveTextContent('No SMS, No e-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Create customer' }));
    expect(await screen.findByText('Customer page')).toBeInTheDocument();
    expect(first(posts)).toMatchObject({ language: 'ar', opted_out_channels: ['email', 'sms'] });
  });
});
