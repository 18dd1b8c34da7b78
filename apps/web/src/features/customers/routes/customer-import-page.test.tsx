import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { CustomerImportPage } from './customer-import-page';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const values = (fullName: string) => ({
  code: '',
  full_name: fullName,
  phone: '',
  email: '',
  national_id: '',
  region: null,
  region_name: '',
  street: null,
  street_name: '',
  building: null,
  building_name: '',
  floor: '',
  apartment: '',
  station: null,
  station_name: '',
  bundle: 3,
  bundle_name: '5 A',
  initial_reading: '3200.000',
  started_on: '2026-11-01',
  status: 'active',
  notes: '',
});
const MIXED = {
  dry_run: true,
  total: 2,
  valid: 1,
  invalid: 1,
  rows: [
    { row: 2, values: values('Rania Khoury'), errors: [] },
    {
      row: 3,
      values: { ...values('Gold Bundle'), bundle: null, bundle_name: 'Gold' },
      errors: [
        { field: 'bundle', code: 'import_name_not_found', message: 'Nothing named "Gold" was found here.', params: { name: 'Gold' } },
        { field: 'started_on', code: 'date_in_future', message: 'This date is in the future.' },
      ],
    },
  ],
};
const CLEAN = { dry_run: true, total: 1, valid: 1, invalid: 0, rows: [MIXED.rows[0]] };
const csvFile = () => new File(['full_name,bundle\nRania Khoury,5 A\n'], 'customers.csv', { type: 'application/vnd.ms-excel' });

describe('customer import page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews the file with each row\u2019s errors and keeps Import off while a row has one', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url === '/api/services/1/customers/import/?dry_run=true' && init.method === 'POST') return jsonResponse(200, MIXED);
      return undefined;
    });
    renderWithProviders(<CustomerImportPage />, { path: '/customers/import' });
    await userEvent.upload(await screen.findByTestId('import-file'), csvFile());
    expect(await screen.findByText('2 rows: 1 ready, 1 with errors')).toBeInTheDocument();
    // Rows with errors only at first, the error next to its column.
    const table = screen.getByRole('table', { name: 'Preview of the file' });
    expect(within(table).getByText('Nothing named "Gold" was found here.')).toBeInTheDocument();
    // The start date (docs/billing.md, "Subscriptions") has its column, its errors name it, and the help lists the new columns.
    expect(within(table).getByText('Start date', { selector: 'th' })).toBeInTheDocument();
    expect(within(table).getByText('1 Nov 2026')).toBeInTheDocument();
    expect(within(table).getByText('Start date:')).toBeInTheDocument();
    expect(screen.getByText(/With a bundle: started_on, the day the subscription starts/)).toHaveTextContent(
      'on a metered service initial_reading, what the meter shows then (required; 0 for a new meter)',
    );
    expect(within(table).queryByText('Rania Khoury')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 1 customer' })).toBeDisabled();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('dry_run'))!;
    // Sent as text/csv whatever type the browser guessed.
    expect((init?.body as Blob).type).toBe('text/csv');
  });

  it('imports a clean file after a confirmation as a job, with an Idempotency-Key: its progress, then its result, then another file', async () => {
    const commits: RequestInit[] = [];
    const job = (state: string, done: number, result: unknown = null) => ({
      id: 41,
      kind: 'customer_import',
      state,
      progress: { done, total: 1 },
      result,
      error: null,
      created_by: { id: 1, name: 'Admin' },
      created_at: '2026-11-03T09:00:00Z',
      finished_at: state === 'done' ? '2026-11-03T09:00:05Z' : null,
    });
    let reads = 0;
    stubFetch((url, init) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url === '/api/services/1/customers/import/?dry_run=true') return jsonResponse(200, CLEAN);
      if (url === '/api/services/1/customers/import/' && init.method === 'POST') {
        commits.push(init);
        return jsonResponse(202, { job: job('running', 0) });
      }
      if (url === '/api/jobs/41/') {
        reads += 1;
        return jsonResponse(200, job('done', 1, { dry_run: false, created: 1, subscriptions: 1 }));
      }
      return undefined;
    });
    renderWithProviders(<CustomerImportPage />, { path: '/customers/import' });
    await userEvent.upload(await screen.findByTestId('import-file'), csvFile());
    expect(await screen.findByText('The one row is ready to import.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 1 customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import 1 customer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    // The job's answer shows its progress at once, then its result once read again.
    expect(await screen.findByText('1 customer imported.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(reads).toBeGreaterThan(0);
    expect(commits).toHaveLength(1);
    expect((first(commits).headers as Record<string, string>)['Idempotency-Key']).toMatch(/.{8,}/);
    // Once the job has finished, another file may be chosen: the page starts over.
    expect(await screen.findByRole('button', { name: 'Choose another file' })).toBeEnabled();
    await userEvent.upload(screen.getByTestId('import-file'), csvFile());
    expect(await screen.findByText('The one row is ready to import.')).toBeInTheDocument();
    expect(screen.queryByText('1 customer imported.')).not.toBeInTheDocument();
  });
});
