import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch, typeDate } from '../../../shared/lib/test-render';
import { BulkStatementsDialog } from './bulk-statements-dialog';

describe('bulk statements dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("prints every customer of the station chosen into one document, in the user's language unless changed", async () => {
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const urls: string[] = [];
    stubFetch((url) => {
      if (url.startsWith('/api/services/1/stations/'))
        return jsonResponse(200, {
          count: 1,
          count_capped: false,
          next: null,
          previous: null,
          results: [{ id: 5, name: 'Hamra generator' }],
        });
      if (url === '/api/regions/') return jsonResponse(200, [{ id: 2, name: 'Hamra' }]);
      if (url.startsWith('/api/services/1/statements/')) {
        urls.push(url);
        return new Response(new Blob(['%PDF'], { type: 'application/pdf' }), { status: 200 });
      }
      return undefined;
    });
    const onClose = vi.fn();
    renderWithProviders(<BulkStatementsDialog isOpen serviceId={1} onClose={onClose} />, { role: 'accountant', language: 'ar' });
    const dialog = await screen.findByRole('dialog', { name: 'كشوف حساب لعدة مشتركين' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'المحطة' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hamra generator' }));
    await typeDate(await within(dialog).findByRole('group', { name: 'من' }), '2026-10-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'طباعة' }));
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:/));
    expect(urls).toEqual(['/api/services/1/statements/?date_from=2026-10-01&lang=ar&station=5']);
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the document could not be printed, and stays open', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
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
