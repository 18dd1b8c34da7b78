import type { Tariff } from '@meterline/contract/tariffs';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { TariffListPage } from './tariff-list-page';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const tariffOf = (id: number, name: string, from: string, to: string | null): Tariff => ({
  id,
  service: 1,
  name,
  effective_from: from,
  effective_to: to,
  unit_price: '0.250000',
  tiers: [],
  uplift_percent: '0.000',
  bundles: [],
  is_in_use: true,
  created_at: '2026-01-01T00:00:00Z',
});
const TARIFFS = [
  tariffOf(1, 'One month', '2026-10', '2026-10'),
  tariffOf(2, 'A year', '2026-09', '2027-08'),
  tariffOf(3, 'Open', '2026-12', null),
];

// A whole page with the data grid.
describe('tariff list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names a one-month tariff by its month ("October 2026", not "October 2026 to October 2026") and wraps a range', async () => {
    stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url.startsWith('/api/services/1/tariffs/'))
        return jsonResponse(200, { count: 3, count_capped: false, next: null, previous: null, results: TARIFFS });
      return undefined;
    });
    renderWithProviders(<TariffListPage />, { path: '/tariffs', routePath: '/tariffs' });
    const grid = await screen.findByRole('grid', { name: 'Tariffs' });
    const monthsOf = async (name: string) => {
      const row = await within(grid).findByRole('row', { name: new RegExp(name) });
      return row.querySelector('[data-field="effective_from"]')?.textContent;
    };
    expect(await monthsOf('One month')).toBe('October 2026');
    expect(await monthsOf('A year')).toBe('September 2026 to August 2027');
    expect(await monthsOf('Open')).toBe('From December 2026');
    // On two lines rather than cut by the cell's ellipsis (docs/web.md, "Tables fit").
    const cell = (await within(grid).findByRole('row', { name: /A year/ })).querySelector('[data-field="effective_from"] p');
    expect(cell).toHaveStyle({ whiteSpace: 'normal' });
  });
});
