import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { JobListPage } from './job-list-page';

const job = (id: number, fields: Record<string, unknown>) => ({
  id,
  kind: 'billing_run',
  state: 'done',
  progress: { done: 0, total: 0 },
  result: null,
  error: null,
  created_by: { id: 1, name: 'Rania Admin' },
  created_at: '2026-11-21T10:00:00Z',
  finished_at: null,
  ...fields,
});

const report = {
  created: 5,
  skipped: 1,
  skipped_details: [{ subscription: 3, customer: 13, customer_name: 'Nour Haddad', reason: 'already_billed' }],
  errors: [],
  invoices: [1, 2, 3, 4, 5],
  amount: '50.00',
  month_in_progress: false,
  unread: [],
  by_station: [],
};

describe('jobs page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the tenant's jobs with their state and progress, cancels a running one after a confirmation, and shows a run's report", async () => {
    let isCancelled = false;
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/jobs/?'))
        return jsonResponse(200, {
          count: 3,
          count_capped: false,
          next: null,
          previous: null,
          results: [
            job(3, { state: isCancelled ? 'cancelled' : 'running', progress: { done: 10, total: 40 } }),
            job(2, { kind: 'statements', state: 'done', progress: { done: 12, total: 12 }, result: { count: 12, language: 'en' } }),
            job(1, { state: 'done', progress: { done: 6, total: 6 }, result: report, finished_at: '2026-11-21T10:02:00Z' }),
          ],
        });
      if (url === '/api/jobs/3/cancel/' && init.method === 'POST') {
        isCancelled = true;
        return jsonResponse(200, job(3, { state: 'cancelled', progress: { done: 10, total: 40 } }));
      }
      return undefined;
    });
    renderWithProviders(<JobListPage />, { path: '/jobs', routePath: '/jobs' });
    const grid = await screen.findByRole('grid', { name: 'Jobs' });
    const running = (await within(grid).findByText(/10\W* of \W*40/)).closest('[role="row"]') as HTMLElement;
    expect(running).toHaveTextContent('Billing run');
    expect(running).toHaveTextContent('Running');
    expect(running).toHaveTextContent('Rania Admin');
    expect(within(running).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(grid).toHaveTextContent('Bulk statements');

    await userEvent.click(within(running).getByRole('button', { name: 'Actions for Billing run 3' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this job?' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/cancel/'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel the job' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/jobs/3/cancel/' && init?.method === 'POST')).toBe(true),
    );
    await waitFor(() => expect(within(grid).getByText('Cancelled')).toBeInTheDocument());

    await userEvent.click(within(grid).getByRole('button', { name: 'Actions for Billing run 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Show report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing run report' });
    expect(dialog).toHaveTextContent(/Invoices created: \W*5/);
    expect(within(dialog).getByRole('link', { name: 'Nour Haddad' })).toHaveAttribute('href', '/customers/13');
  });
});
