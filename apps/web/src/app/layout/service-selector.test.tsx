import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELECTED_SERVICE_STORAGE_KEY, useSelectedService, useServiceInAddress } from '../../shared/hooks/use-selected-service';
import { jsonResponse, renderWithProviders, stubFetch } from '../../shared/lib/test-render';
import { ServiceSelector } from './service-selector';

const SERVICES = [
  { id: 1, name: 'Electricity', name_ar: 'الكهرباء', unit: 'kWh', is_metered: true, is_active: true, position: 1 },
  { id: 2, name: 'Water', name_ar: 'المياه', unit: 'm³', is_metered: true, is_active: true, position: 2 },
  { id: 3, name: 'Internet', name_ar: '', unit: 'GB', is_metered: false, is_active: true, position: 3 },
];

/** The selector beside where the router is, as the app bar sits beside the page. */
function SelectorAndLocation() {
  const location = useLocation();
  return (
    <>
      <ServiceSelector />
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
    </>
  );
}

async function switchTo(name: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: /Service|الخدمة/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

const render = (path: string, options: { role?: string; language?: 'en' | 'ar' } = {}) =>
  renderWithProviders(<SelectorAndLocation />, { path, routePath: '*', ...options });

describe('switching the service (issue 17)', () => {
  beforeEach(() => {
    localStorage.setItem(SELECTED_SERVICE_STORAGE_KEY, '1');
    stubFetch((url) => (url === '/api/services/' ? jsonResponse(200, SERVICES) : undefined));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.removeItem(SELECTED_SERVICE_STORAGE_KEY);
  });

  it('keeps the user on the same list with its filters', async () => {
    render('/customers?status=active');
    await switchTo('Water');
    // The address names the service it shows (the first one by no parameter).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/customers\?status=active&service=2$/));
    expect(localStorage.getItem(SELECTED_SERVICE_STORAGE_KEY)).toBe('2');
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveTextContent('Water');
    await switchTo('Electricity');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/customers\?status=active$/));
  });

  it('keeps Counters for another metered service, and leaves it for a flat one', async () => {
    render('/counters?search=E-1');
    await switchTo('Water');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/counters\?search=E-1&service=2$/));
    await switchTo('Internet');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\?service=3$/));
  });

  it('goes from a record of the old service to the list of the new one', async () => {
    render('/customers/12?tab=history');
    await switchTo('Internet');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/customers\?service=3$/));
  });

  it("sends a collector from Counters to their round, the collector's landing page", async () => {
    render('/counters', { role: 'collector' });
    await switchTo('Internet');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/round\?service=3$/));
  });

  it('names the services in Arabic when they have an Arabic name', async () => {
    render('/customers', { language: 'ar' });
    await userEvent.click(await screen.findByRole('combobox', { name: 'الخدمة' }));
    expect(await screen.findByRole('option', { name: 'الكهرباء' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'المياه' })).toBeInTheDocument();
    // No Arabic name: the English one.
    expect(screen.getByRole('option', { name: 'Internet' })).toBeInTheDocument();
  });
});

/** The layout's part: the address names the service; with a link of the app's own menu. */
function LayoutAndLocation() {
  const { service, services } = useSelectedService();
  useServiceInAddress(service, services);
  return (
    <>
      <SelectorAndLocation />
      <Link to="/customers">Customers</Link>
    </>
  );
}

describe('the address names the service', () => {
  const open = (path: string) => renderWithProviders(<LayoutAndLocation />, { path, routePath: '*' });
  const selector = () => screen.getByRole('combobox', { name: 'Service' });
  const location = () => screen.getByTestId('location');
  beforeEach(() => stubFetch((url) => (url === '/api/services/' ? jsonResponse(200, SERVICES) : undefined)));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.removeItem(SELECTED_SERVICE_STORAGE_KEY);
  });

  it("opens a colleague's link in the service it names, whatever this browser chose last", async () => {
    localStorage.setItem(SELECTED_SERVICE_STORAGE_KEY, '1');
    open('/invoices/12?service=2');
    await waitFor(() => expect(selector()).toHaveTextContent('Water'));
    expect(location()).toHaveTextContent(/^\/invoices\/12\?service=2$/);
    expect(localStorage.getItem(SELECTED_SERVICE_STORAGE_KEY)).toBe('2');
  });

  it('opens an address without the parameter in the first service (its links never carry one)', async () => {
    localStorage.setItem(SELECTED_SERVICE_STORAGE_KEY, '2');
    open('/invoices/12');
    await waitFor(() => expect(selector()).toHaveTextContent('Electricity'));
    expect(location()).toHaveTextContent(/^\/invoices\/12$/);
    await waitFor(() => expect(localStorage.getItem(SELECTED_SERVICE_STORAGE_KEY)).toBe('1'));
  });

  it("keeps the app's own links in the chosen service and writes it into their address", async () => {
    localStorage.setItem(SELECTED_SERVICE_STORAGE_KEY, '1');
    open('/invoices/12?service=2');
    await waitFor(() => expect(selector()).toHaveTextContent('Water'));
    await userEvent.click(screen.getByRole('link', { name: 'Customers' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/customers\?service=2$/));
    expect(selector()).toHaveTextContent('Water');
  });

  it("leaves the tenant's screens as they are, in the chosen service", async () => {
    localStorage.setItem(SELECTED_SERVICE_STORAGE_KEY, '2');
    open('/settings');
    await waitFor(() => expect(selector()).toHaveTextContent('Water'));
    expect(location()).toHaveTextContent(/^\/settings$/);
  });
});
