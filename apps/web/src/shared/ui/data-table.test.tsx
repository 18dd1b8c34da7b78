import type { Paginated } from '@meterline/contract/pagination';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { first } from '@meterline/contract/invariant';
import type { ReactNode } from 'react';
import { useListUrlState } from '../hooks/use-list-url-state';
import { apiClient } from '../lib/api-client';
import { jsonResponse, renderWithProviders, stubFetch } from '../lib/test-render';
import { DataTable } from './data-table';

interface Thing {
  id: number;
  name: string;
  kind: string;
}

const spec = { ordering: ['name', 'id'], filters: ['kind'], defaultOrdering: 'name' } as const;

function ThingsPage({ renderCard = (row: Thing) => <span>{row.name}</span> }: { renderCard?(row: Thing): ReactNode }) {
  const listState = useListUrlState(spec);
  const query = useQuery({
    queryKey: ['things', listState.query],
    queryFn: () => apiClient.get<Paginated<Thing>>('things/', { query: listState.query }),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable<Thing>
      label="Things"
      columns={[
        { field: 'name', headerName: 'Name', flex: 1 },
        { field: 'kind', headerName: 'Kind', flex: 1 },
      ]}
      listState={listState}
      query={query}
      errorMessage="Failed to fetch things."
      orderingFields={spec.ordering}
      getRowHref={(row) => `/things/${row.id}`}
      renderCard={renderCard}
      exportCsv={{ path: 'things/', filename: 'things' }}
    />
  );
}

const page = (results: Thing[], count = results.length, countCapped = false): Paginated<Thing> => ({
  count,
  count_capped: countCapped,
  next: null,
  previous: null,
  results,
});

describe('DataTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the API with the URL state and shows rows and the count', async () => {
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/things/') ? jsonResponse(200, page([{ id: 1, name: 'Alpha', kind: 'a' }], 31)) : undefined,
    );
    renderWithProviders(<ThingsPage />, { path: '/things?page=2&page_size=10&ordering=-name&search=al&kind=a' });
    expect(await screen.findByText('Alpha')).toBeInTheDocument();
    expect(String(first(fetchMock.mock.calls)[0])).toBe('/api/things/?kind=a&ordering=-name&search=al&page=2&page_size=10');
    expect(screen.getByText(/11.*20.*of.*31/)).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('al');
  });

  it('shows "100,000+" when the count is capped', async () => {
    stubFetch(() => jsonResponse(200, page([{ id: 1, name: 'Alpha', kind: 'a' }], 100_000, true)));
    renderWithProviders(<ThingsPage />, { path: '/things' });
    expect(await screen.findByText(/of\W*100,000\W*\+/)).toBeInTheDocument();
  });

  it('sorts through the URL when a header is clicked', async () => {
    stubFetch(() => jsonResponse(200, page([{ id: 1, name: 'Alpha', kind: 'a' }])));
    const { router } = renderWithProviders(<ThingsPage />, { path: '/things' });
    await screen.findByText('Alpha');
    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?ordering=-name'));
    // Kind is not an ordering field of the API: not sortable.
    expect(screen.getByRole('columnheader', { name: /Kind/ })).not.toHaveClass('MuiDataGrid-columnHeader--sortable');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveClass('MuiDataGrid-columnHeader--sortable');
  });

  it('writes the search to the URL after a pause and goes back to page 1', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, page([{ id: 1, name: 'Alpha', kind: 'a' }], 60)));
    const { router } = renderWithProviders(<ThingsPage />, { path: '/things?page=2' });
    await screen.findByText('Alpha');
    await userEvent.type(screen.getByLabelText('Search'), 'be');
    await waitFor(() => expect(router.state.location.search).toBe('?search=be'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('search=be&page=1'))).toBe(true));
  });

  it('opens a row when it is clicked', async () => {
    stubFetch(() => jsonResponse(200, page([{ id: 7, name: 'Alpha', kind: 'a' }])));
    const { router } = renderWithProviders(<ThingsPage />, { path: '/things' });
    await userEvent.click(await screen.findByText('Alpha'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/things/7'));
  });

  it('shows the failure text with a retry', async () => {
    stubFetch(() => jsonResponse(500));
    renderWithProviders(<ThingsPage />, { path: '/things' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch things.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the empty text', async () => {
    stubFetch(() => jsonResponse(200, page([])));
    renderWithProviders(<ThingsPage />, { path: '/things' });
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
  });

  it('exports the current filters as CSV with the bearer token', async () => {
    localStorage.setItem('serviceToken', 'token-1');
    const fetchMock = stubFetch((url) =>
      url.includes('format=csv')
        ? new Response('id,name\n1,Alpha\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })
        : jsonResponse(200, page([{ id: 1, name: 'Alpha', kind: 'a' }])),
    );
    URL.createObjectURL = vi.fn(() => 'blob:things');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<ThingsPage />, { path: '/things?kind=a&page=3' });
    await screen.findByText('Alpha');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([called]) => String(called).includes('format=csv'))!;
    expect(url).toBe('/api/things/?kind=a&ordering=name&format=csv');
    expect((init as RequestInit).headers).toMatchObject({ Authorization: 'Bearer token-1' });
  });

  it('speaks Arabic, right to left', async () => {
    stubFetch(() => jsonResponse(200, page([{ id: 1, name: 'Alpha', kind: 'a' }], 31)));
    renderWithProviders(<ThingsPage />, { path: '/things', language: 'ar' });
    await screen.findByText('Alpha');
    expect(screen.getByText(/من/)).toHaveTextContent('٣١');
    expect(screen.getByRole('button', { name: 'تصدير CSV' })).toBeInTheDocument();
  });
  it('leaves the URL alone when the list is ordered by a field it shows no column for (no render loop)', async () => {
    // Readings are ordered by `-id` and show no id column: the grid drops that sort and reports it
    // during render; answering with a navigation re-rendered the grid, forever, once a dialog opened.
    function ById() {
      const listState = useListUrlState({ ordering: ['id', 'name'], defaultOrdering: '-id' });
      const query = useQuery({
        queryKey: ['by-id', listState.query],
        queryFn: () => apiClient.get<Paginated<Thing>>('things/', { query: listState.query }),
      });
      return (
        <DataTable<Thing>
          label="Things"
          columns={[{ field: 'name', headerName: 'Name', flex: 1 }]}
          listState={listState}
          query={query}
          errorMessage="Failed."
        />
      );
    }
    stubFetch(() => jsonResponse(200, page([{ id: 1, name: 'Alpha', kind: 'a' }])));
    const { router } = renderWithProviders(<ById />, { path: '/things' });
    const navigations: string[] = [];
    const unsubscribe = router.subscribe((state) => navigations.push(state.location.search));
    await screen.findByText('Alpha');
    await new Promise((resolve) => setTimeout(resolve, 50));
    unsubscribe();
    expect(navigations).toEqual([]);
  });
  it('on a phone shows the first screenful of cards at once and the rest of the page just after', async () => {
    // A 390 px phone: the list shows cards (theme.breakpoints.down('sm')).
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: /max-width:\s*599/.test(media),
      media,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    const rows = Array.from({ length: 25 }, (_, index) => ({ id: index + 1, name: `Thing ${index + 1}`, kind: 'a' }));
    stubFetch(() => jsonResponse(200, page(rows)));
    const rendered: number[] = [];
    renderWithProviders(
      <ThingsPage
        renderCard={(row) => {
          rendered.push(row.id);
          return <span>{row.name}</span>;
        }}
      />,
      { path: '/things' },
    );
    expect(await screen.findByText('Thing 25')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem')).toHaveLength(25);
    // The first render holds six cards; the whole page follows in a render of its own.
    expect(rendered.slice(0, 7)).toEqual([1, 2, 3, 4, 5, 6, 1]);
  });
});
