import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { BillingRunDialog } from './billing-run-dialog';

type Handler = Parameters<typeof stubFetch>[0];

const JOB = {
  id: 7,
  kind: 'billing_run',
  error: null,
  created_by: { id: 1, name: 'Admin' },
  created_at: '2026-11-21T10:00:00Z',
};

/**
 * The real run is a job (docs/billing.md, "Jobs"): its POST answers 202 `{job}` and `GET /api/jobs/7/` the job,
 * done with the report the handler gives for the run (what the run itself answered before).
 */
function stubFetchWithJobs(handler: Handler, progress: { done: number; total: number }[] = []) {
  let report: unknown = null;
  const steps = [...progress];
  return stubFetch(async (url, init) => {
    if (url === '/api/jobs/7/') {
      const step = steps.shift();
      if (step) return jsonResponse(200, { ...JOB, state: 'running', progress: step, result: null, finished_at: null });
      return jsonResponse(200, {
        ...JOB,
        state: 'done',
        progress: { done: 1, total: 1 },
        result: report,
        finished_at: '2026-11-21T10:01:00Z',
      });
    }
    const answer = await handler(url, init);
    if (answer && url === '/api/services/1/invoices/generate/') {
      report = await answer.json();
      return jsonResponse(202, { job: { ...JOB, state: 'queued', progress: { done: 0, total: 0 }, result: null, finished_at: null } });
    }
    return answer ?? jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
}

/** The report fields of a run with nothing to warn about. */
const report = { amount: '0.00', month_in_progress: false, unread: [], by_station: [], skipped_details: [] };

describe('billing run dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how many meters it will bill (a dry run), runs, shows what was created and skipped, and refreshes the figures', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    const calls: { url: string; body: unknown }[] = [];
    stubFetchWithJobs((url, init) => {
      if (url.startsWith('/api/services/1/stations/'))
        return jsonResponse(200, {
          count: 1,
          count_capped: false,
          next: null,
          previous: null,
          results: [{ id: 5, name: 'Hamra generator' }],
        });
      if (url === '/api/regions/') return jsonResponse(200, [{ id: 2, name: 'Hamra' }]);
      if (url.startsWith('/api/services/1/invoices/generate/')) {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        if (url.includes('dry_run=true')) return jsonResponse(200, { ...report, created: 74, skipped: 3, errors: [], invoices: [] });
        return jsonResponse(200, {
          ...report,
          created: 73,
          skipped: 3,
          errors: [{ subscription: 9, customer: 12, detail: '{"subscription":["This subscription is closed."]}' }],
          invoices: [],
        });
      }
      return undefined;
    });
    const onShowPeriod = vi.fn();
    const { queryClient } = renderWithProviders(
      <BillingRunDialog isOpen serviceId={1} onClose={() => undefined} onShowPeriod={onShowPeriod} />,
    );
    queryClient.setQueryData(['statistics', 'stats1', { service: 1 }], { collected_this_month: '1.00' });
    const dialog = await screen.findByRole('dialog', { name: 'Billing run' });
    // The month that just ended is proposed.
    expect(await within(dialog).findByRole('group', { name: /Month to bill/ })).toHaveTextContent('October 2026');
    await waitFor(() => expect(dialog).toHaveTextContent(/Meters to bill for October 2026: \W*74\W*\. Already billed and skipped: \W*3/));
    expect(calls[0]).toEqual({
      url: '/api/services/1/invoices/generate/?dry_run=true',
      body: { period_start: '2026-10-01', period_end: '2026-10-31' },
    });

    await userEvent.click(within(dialog).getByRole('button', { name: /Bill\W*74\W*meters/ }));
    expect(await within(dialog).findByText(/Invoices created for October 2026: \W*73/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/Skipped, already billed for this month: \W*3/);
    expect(within(dialog).getByRole('link', { name: /Customer/ })).toHaveAttribute('href', '/customers/12');
    expect(calls.filter((call) => !call.url.includes('dry_run'))).toEqual([
      { url: '/api/services/1/invoices/generate/', body: { period_start: '2026-10-01', period_end: '2026-10-31' } },
    ]);
    // The dashboard's figures are stale now: asked again when shown.
    expect(queryClient.getQueryState(['statistics', 'stats1', { service: 1 }])?.isInvalidated).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: "Show the month's invoices" }));
    expect(onShowPeriod).toHaveBeenCalledWith({ start: '2026-10-01', end: '2026-10-31' });
    vi.useRealTimers();
  });

  it('groups the meters left out by reason, in the dry run and after the run', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    const skipped_details = [
      { subscription: 1, customer: 11, customer_name: 'Rania Khoury', reason: 'customer_disconnected' },
      { subscription: 2, customer: 12, customer_name: 'Fadi Fares', reason: 'customer_disconnected' },
      { subscription: 3, customer: 13, customer_name: 'Nour Haddad', reason: 'bundle_inactive' },
    ];
    stubFetchWithJobs((url) => {
      if (url.startsWith('/api/services/1/stations/'))
        return jsonResponse(200, { count: 0, count_capped: false, next: null, previous: null, results: [] });
      if (url === '/api/regions/') return jsonResponse(200, []);
      if (url.startsWith('/api/services/1/invoices/generate/'))
        return jsonResponse(200, { ...report, created: 5, skipped: 3, skipped_details, errors: [], invoices: [] });
      return undefined;
    });
    renderWithProviders(<BillingRunDialog isOpen serviceId={1} onClose={() => undefined} onShowPeriod={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Billing run' });
    const preview = await within(dialog).findByTestId('billing-run-skips');
    expect(preview).toHaveTextContent(/Customer disconnected: \W*2\W* · Rania Khoury, Fadi Fares/);
    expect(preview).toHaveTextContent(/Bundle no longer active: \W*1\W* · Nour Haddad/);
    expect(within(preview).getByRole('link', { name: 'Nour Haddad' })).toHaveAttribute('href', '/customers/13');
    await userEvent.click(within(dialog).getByRole('button', { name: /Bill\W*5\W*meters/ }));
    await within(dialog).findByText(/Invoices created for October 2026/);
    expect(within(dialog).getByTestId('billing-run-skips')).toHaveTextContent(/Customer disconnected: \W*2/);
    vi.useRealTimers();
  });

  it('warns of a month not over and of meters not read since their last invoice, lets them be skipped, shows amounts per station, and prints all', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    const bodies: unknown[] = [];
    const unread = [
      { subscription: 4, customer: 14, customer_name: 'Salim Aoun', last_reading_at: '2026-09-30T10:00:00Z' },
      { subscription: 5, customer: 15, customer_name: 'Maya Saad', last_reading_at: null },
    ];
    const byStation = [
      { station: 5, station_name: 'Hamra generator', invoices: 3, amount: '120.50' },
      { station: null, station_name: null, invoices: 1, amount: '10.00' },
    ];
    const fetchMock = stubFetchWithJobs((url, init) => {
      if (url.startsWith('/api/services/1/stations/'))
        return jsonResponse(200, { count: 0, count_capped: false, next: null, previous: null, results: [] });
      if (url === '/api/regions/') return jsonResponse(200, []);
      if (url.startsWith('/api/services/1/invoices/print/'))
        return new Response(new Blob(['%PDF'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        });
      if (url.startsWith('/api/services/1/invoices/generate/')) {
        const body = JSON.parse(String(init.body)) as { unread?: string };
        bodies.push(body);
        const skipping = body.unread === 'skip';
        return jsonResponse(200, {
          ...report,
          created: skipping ? 2 : 4,
          skipped: skipping ? 2 : 0,
          skipped_details: skipping
            ? unread.map(({ subscription, customer, customer_name }) => ({ subscription, customer, customer_name, reason: 'not_read' }))
            : [],
          amount: skipping ? '110.50' : '130.50',
          month_in_progress: true,
          unread,
          by_station: byStation,
          errors: [],
          invoices: [],
        });
      }
      return undefined;
    });
    const open = vi.fn(() => ({ closed: false, opener: null, location: { href: '' } }));
    vi.stubGlobal('open', open);
    renderWithProviders(<BillingRunDialog isOpen serviceId={1} onClose={() => undefined} onShowPeriod={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Billing run' });
    await waitFor(() => expect(dialog).toHaveTextContent(/To be billed: \W*\$?130\.50/));
    expect(dialog).toHaveTextContent(/is not over yet/);
    const warning = within(dialog).getByTestId('billing-run-unread');
    expect(warning).toHaveTextContent(/Not read since their last invoice: \W*2/);
    expect(warning).toHaveTextContent(/Salim Aoun \(last read .*2026\)/);
    expect(warning).toHaveTextContent(/Maya Saad \(never read\)/);
    expect(within(warning).getByRole('link', { name: 'Read them first' })).toHaveAttribute('href', '/counters');
    const stations = within(dialog).getByRole('table', { name: 'Per station' });
    expect(stations).toHaveTextContent(/Hamra generator\W*3\W*\$?120\.50/);
    expect(stations).toHaveTextContent(/No station\W*1\W*\$?10\.00/);

    await userEvent.click(within(warning).getByRole('radio', { name: 'Skip them until they are read' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ period_start: '2026-10-01', period_end: '2026-10-31', unread: 'skip' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: /Bill\W*2\W*meters/ }));
    expect(await within(dialog).findByText(/Invoices created for October 2026/)).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ period_start: '2026-10-01', period_end: '2026-10-31', unread: 'skip' });
    expect(dialog).toHaveTextContent(/Billed: \W*\$?110\.50/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print all' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => String(url) === '/api/services/1/invoices/print/?period_start=2026-10-01&period_end=2026-10-31&lang=en',
        ),
      ).toBe(true),
    );
    expect(open).toHaveBeenCalledWith('', '_blank');
    vi.useRealTimers();
  });
});

describe('billing run dialog: the run as a job', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the progress (done of total) while the job runs, then the report; closing does not stop the job', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    const fetchMock = stubFetchWithJobs(
      (url) => {
        if (url.startsWith('/api/services/1/stations/'))
          return jsonResponse(200, { count: 0, count_capped: false, next: null, previous: null, results: [] });
        if (url === '/api/regions/') return jsonResponse(200, []);
        if (url.startsWith('/api/services/1/invoices/generate/'))
          return jsonResponse(200, { ...report, created: 74, skipped: 0, errors: [], invoices: [] });
        return undefined;
      },
      [
        { done: 0, total: 74 },
        { done: 25, total: 74 },
      ],
    );
    const onClose = vi.fn();
    renderWithProviders(<BillingRunDialog isOpen serviceId={1} onClose={onClose} onShowPeriod={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Billing run' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Bill\W*74\W*meters/ }));
    const progress = await within(dialog).findByTestId('billing-run-progress');
    await waitFor(() => expect(progress).toHaveTextContent(/25\W* of \W*74/));
    expect(within(progress).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '34');
    expect(within(progress).getByRole('link', { name: 'Follow it on the Jobs page.' })).toHaveAttribute('href', '/jobs');
    // The window may be closed while it runs: nothing is cancelled.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(await within(dialog).findByText(/Invoices created for October 2026: \W*74/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/cancel/'))).toBe(false);
    vi.useRealTimers();
  });
});

describe('billing run dialog: send all', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The run creates invoices 101–103; sending them is a `send_bills` job (8): running, then done. */
  function stubRun(sends: unknown[]) {
    const sendSteps = [{ done: 1, total: 3 }];
    const sendJob = { ...JOB, id: 8, kind: 'send_bills' };
    stubFetchWithJobs((url, init) => {
      if (url.startsWith('/api/services/1/stations/'))
        return jsonResponse(200, { count: 0, count_capped: false, next: null, previous: null, results: [] });
      if (url === '/api/regions/') return jsonResponse(200, []);
      if (url.startsWith('/api/services/1/invoices/generate/'))
        return jsonResponse(200, { ...report, created: 3, skipped: 0, errors: [], invoices: [101, 102, 103] });
      if (url === '/api/services/1/invoices/send/' && init.method === 'POST') {
        sends.push(JSON.parse(String(init.body)));
        return jsonResponse(202, {
          job: { ...sendJob, state: 'queued', progress: { done: 0, total: 0 }, result: null, finished_at: null },
        });
      }
      if (url === '/api/jobs/8/') {
        const step = sendSteps.shift();
        if (step) return jsonResponse(200, { ...sendJob, state: 'running', progress: step, result: null, finished_at: null });
        return jsonResponse(200, {
          ...sendJob,
          state: 'done',
          progress: { done: 3, total: 3 },
          result: { queued: 2, skipped: 1 },
          finished_at: '2026-11-21T10:02:00Z',
        });
      }
      return undefined;
    });
  }

  it('sends the run’s new invoices after a confirmation, shows the job’s progress, then what it queued and skipped', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    const sends: unknown[] = [];
    stubRun(sends);
    renderWithProviders(<BillingRunDialog isOpen serviceId={1} onClose={() => undefined} onShowPeriod={() => undefined} />, {
      role: 'accountant',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Billing run' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Bill\W*3\W*meters/ }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send all bills' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send the bills?' });
    expect(confirm).toHaveTextContent(/The \W*3\W* new bills go to their customers/);
    // Nothing is sent before the confirmation; cancelling sends nothing.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send the bills?' })).not.toBeInTheDocument());
    expect(sends).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send all bills' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Send the bills?' })).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByTestId('send-bills-progress')).toBeInTheDocument();
    expect(await within(dialog).findByText(/Queued: \W*2\W*\. Skipped: \W*1\W*\./, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(sends).toEqual([{ invoice_ids: [101, 102, 103] }]);
    expect(within(dialog).queryByRole('button', { name: 'Send all bills' })).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('offers no "Send all bills" to a role that may not follow the sending job (manage invoices)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    stubRun([]);
    renderWithProviders(<BillingRunDialog isOpen serviceId={1} onClose={() => undefined} onShowPeriod={() => undefined} />, {
      role: 'support',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Billing run' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Bill\W*3\W*meters/ }));
    expect(await within(dialog).findByRole('button', { name: 'Print all' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send all bills' })).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it.each([
    ['2026-08', /October 2026 has no LBP rate: invoices take that of August 2026\. Set it under Exchange rates first\./],
    [null, /No LBP rate for October 2026 or earlier: invoices get no LBP amount\./],
  ])('warns before billing a month without an exchange rate (earlier rate %s)', async (fallback, text) => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    stubFetchWithJobs((url) => {
      if (url.startsWith('/api/services/1/stations/'))
        return jsonResponse(200, { count: 0, count_capped: false, next: null, previous: null, results: [] });
      if (url === '/api/regions/') return jsonResponse(200, []);
      if (url.startsWith('/api/services/1/invoices/generate/'))
        return jsonResponse(200, {
          ...report,
          created: 3,
          skipped: 0,
          errors: [],
          invoices: [],
          missing_exchange_rate: { month: '2026-10', currency: 'LBP', fallback_month: fallback },
        });
      return undefined;
    });
    renderWithProviders(<BillingRunDialog isOpen serviceId={1} onClose={() => undefined} onShowPeriod={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Billing run' });
    // Shown with the dry run's counts, before the user confirms.
    expect(await within(dialog).findByTestId('missing-rate')).toHaveTextContent(text);
    expect(within(dialog).getByRole('button', { name: /Bill\W*3\W*meters/ })).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('says nothing of rates when the month has one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    stubFetchWithJobs((url) => {
      if (url.startsWith('/api/services/1/stations/'))
        return jsonResponse(200, { count: 0, count_capped: false, next: null, previous: null, results: [] });
      if (url === '/api/regions/') return jsonResponse(200, []);
      if (url.startsWith('/api/services/1/invoices/generate/'))
        return jsonResponse(200, { ...report, created: 3, skipped: 0, errors: [], invoices: [], missing_exchange_rate: null });
      return undefined;
    });
    renderWithProviders(<BillingRunDialog isOpen serviceId={1} onClose={() => undefined} onShowPeriod={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Billing run' });
    expect(await within(dialog).findByRole('button', { name: /Bill\W*3\W*meters/ })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('missing-rate')).not.toBeInTheDocument();
    vi.useRealTimers();
  });
});
