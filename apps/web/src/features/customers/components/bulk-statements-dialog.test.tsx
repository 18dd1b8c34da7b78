import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch, typeDate } from '../../../shared/lib/test-render';
import { BulkStatementsDialog } from './bulk-statements-dialog';

describe('bulk statements dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("starts the statements of every customer of the station chosen as a job, in the user's language unless changed, and goes to the Jobs page", async () => {
    const posts: { url: string; body: unknown }[] = [];
    stubFetch((url, init) => {
      if (url.startsWith('/api/services/1/stations/'))
        return jsonResponse(200, {
          count: 1,
          count_capped: false,
          next: null,
          previous: null,
          results: [{ id: 5, name: 'Hamra generator' }],
        });
      if (url === '/api/regions/') return jsonResponse(200, [{ id: 2, name: 'Hamra' }]);
      if (url === '/api/services/1/statements/' && init.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return jsonResponse(202, {
          job: {
            id: 4,
            kind: 'statements',
            state: 'queued',
            progress: { done: 0, total: 0 },
            result: null,
            error: null,
            created_by: { id: 1, name: 'Accountant' },
            created_at: '2026-11-21T10:00:00Z',
            finished_at: null,
          },
        });
      }
      return undefined;
    });
    const onClose = vi.fn();
    renderWithProviders(<BulkStatementsDialog isOpen serviceId={1} onClose={onClose} />, {
      role: 'accountant',
      language: 'ar',
      routes: [{ path: '/jobs', element: <p>jobs page</p> }],
    });
    const dialog = await screen.findByRole('dialog', { name: 'كشوف حساب لعدة مشتركين' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'المحطة' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hamra generator' }));
    await typeDate(await within(dialog).findByRole('group', { name: 'من' }), '2026-10-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'طباعة' }));
    expect(await screen.findByText('jobs page')).toBeInTheDocument();
    expect(posts).toEqual([{ url: '/api/services/1/statements/', body: { date_from: '2026-10-01', lang: 'ar', station: 5 } }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the statements could not be started, and stays open', async () => {
    stubFetch((url) => {
      if (url.startsWith('/api/services/1/stations/'))
        return jsonResponse(200, { count: 0, count_capped: false, next: null, previous: null, results: [] });
      if (url === '/api/regions/') return jsonResponse(200, []);
      if (url.startsWith('/api/services/1/statements/'))
        return jsonResponse(400, { station: ['Ensure this field has no more than 1000 elements.'] });
      return undefined;
    });
    const onClose = vi.fn();
    renderWithProviders(<BulkStatementsDialog isOpen serviceId={1} onClose={onClose} />, { role: 'admin' });
    const dialog = await screen.findByRole('dialog', { name: 'Statements for many customers' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('The statement could not be printed. Try again.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
