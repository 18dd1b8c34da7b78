import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELECTED_SERVICE_STORAGE_KEY } from '../../shared/hooks/use-selected-service';
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
    expect(screen.getByTestId('location')).toHaveTextContent('/customers?status=active');
    expect(localStorage.getItem(SELECTED_SERVICE_STORAGE_KEY)).toBe('2');
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveTextContent('Water');
  });

  it('keeps Counters for another metered service, and leaves it for a flat one', async () => {
    render('/counters?search=E-1');
    await switchTo('Water');
    expect(screen.getByTestId('location')).toHaveTextContent('/counters?search=E-1');
    await switchTo('Internet');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it('goes from a record of the old service to the list of the new one', async () => {
    render('/customers/12?tab=history');
    await switchTo('Internet');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/customers$/);
  });

  it("sends a collector from Counters to their round, the collector's landing page", async () => {
    render('/counters', { role: 'collector' });
    await switchTo('Internet');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/round$/);
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
