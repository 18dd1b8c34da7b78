import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Job } from '@meterline/contract/jobs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../lib/test-render';
import { ExportCsvButton, serviceListExport } from './export-csv-button';

const job = (state: Job['state'], done: number): Job => ({
  id: 41,
  kind: 'export',
  state,
  progress: { done, total: 3 },
  result: state === 'done' ? { rows: 3, filename: 'customers.csv' } : null,
  error: null,
  created_by: { id: 1, name: 'Admin' },
  created_at: '2026-11-03T09:00:00Z',
  finished_at: null,
});

describe('ExportCsvButton of a service\'s list (docs/billing.md, "Exports")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts the export job with the filters, shows its progress, then saves the file under the list’s name', async () => {
    let reads = 0;
    const saved: string[] = [];
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/services/7/exports/' && init.method === 'POST') return jsonResponse(202, { job: job('queued', 0) });
      if (url === '/api/services/7/exports/41/') return jsonResponse(200, (reads += 1) < 2 ? job('running', 1) : job('done', 3));
      if (url === '/api/services/7/exports/41/download/')
        return new Response('\uFEFFid,full_name\n1,Ama\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:customers');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithProviders(<ExportCsvButton exportCsv={serviceListExport(7, 'customers')!} query={{ search: 'Ama', ordering: '-id' }} />, {
      path: '/customers',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('dialog', { name: 'Exporting…' })).toBeInTheDocument();
    await waitFor(() => expect(saved).toEqual(['customers.csv']));
    const start = fetchMock.mock.calls.find(([url]) => String(url) === '/api/services/7/exports/')!;
    expect(JSON.parse(String((start[1] as RequestInit).body))).toEqual({ list: 'customers', query: { search: 'Ama', ordering: '-id' } });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('format=csv'))).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    click.mockRestore();
  });

  it('tells a failed export and saves nothing', async () => {
    stubFetch((url, init) => {
      if (url === '/api/services/7/exports/' && init.method === 'POST') return jsonResponse(202, { job: job('queued', 0) });
      if (url === '/api/services/7/exports/41/') return jsonResponse(200, { ...job('failed', 0), error: 'boom' });
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:customers');
    renderWithProviders(<ExportCsvButton exportCsv={serviceListExport(7, 'customers')!} query={{}} />, { path: '/customers' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export failed. Please try again.')).toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
