import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { InvoiceStatusSummary } from './invoice-status-summary';

const byStatus = [
  { status: 'paid', count: 120, total: '9000.00' },
  { status: 'partially_paid', count: 4, total: '300.00' },
  { status: 'unpaid', count: 30, total: '2000.00' },
  { status: 'overdue', count: 41, total: '2500.00' },
  { status: 'cancelled', count: 2, total: '80.00' },
];

describe('invoice status summary', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("counts as the dashboard does (its own figures, overdue apart) for the list's dates, each status linking to its invoices", async () => {
    const fetch = stubFetch((url) => (url.startsWith('/api/statistics/stats3/') ? jsonResponse(200, byStatus) : undefined));
    renderWithProviders(<InvoiceStatusSummary serviceId={3} dateFrom="2026-06-01" dateTo="2026-06-30" />);
    const overdue = await screen.findByRole('link', { name: /Overdue\s*41/ });
    expect(overdue.getAttribute('href')).toBe('/invoices?status=overdue&date_from=2026-06-01&date_to=2026-06-30');
    expect(screen.getByRole('link', { name: /^Unpaid\s*30/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(5);
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/statistics/stats3/?service=3&date_from=2026-06-01&date_to=2026-06-30',
    ]);
  });
});
