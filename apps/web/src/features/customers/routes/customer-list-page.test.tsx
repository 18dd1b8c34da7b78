import type { Customer } from '@meterline/contract/customers';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { customer } from '../test-customer';
import { CustomerListPage } from './customer-list-page';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const page = (results: Customer[]) => ({ count: results.length, count_capped: false, next: null, previous: null, results });

// Whole pages with the data grid: slow on a machine shared by several engineers.
describe('customer list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets a collector find customers without office filters or a create button', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url.startsWith('/api/services/1/customers/')) return jsonResponse(200, page([customer]));
      if (url === '/api/regions/') return jsonResponse(200, []);
      return undefined;
    });
    renderWithProviders(<CustomerListPage />, { path: '/customers?status=active', role: 'collector' });
    expect(await screen.findByText('Fadi Fares')).toBeInTheDocument();
    expect(screen.getByText('$36.52')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New customer' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Station')).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/services/1/customers/?status=active&ordering=full_name&page=1&page_size=25&totals=true');
    expect(urls.some((url) => url.includes('stations') || url.includes('bundles'))).toBe(false);
  });
});
