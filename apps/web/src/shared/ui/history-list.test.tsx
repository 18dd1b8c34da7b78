import type { AuditEntry } from '@meterline/contract/audit';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../lib/test-render';
import { HistoryList } from './history-list';

const rows: AuditEntry[] = [
  {
    id: 2,
    at: '2026-11-20T10:00:00Z',
    actor: { id: 4, name: 'Rania Khoury' },
    actor_role: 'admin',
    action: 'update',
    entity: 'customer',
    entity_id: '9',
    changes: [{ field: 'bundleId', before: 1, after: 2 }],
  },
  {
    id: 1,
    at: '2026-11-19T10:00:00Z',
    actor: { id: 4, name: 'Rania Khoury' },
    actor_role: 'admin',
    action: 'create',
    entity: 'customer',
    entity_id: '9',
    changes: [],
  },
];
const bundleNames: Record<number, string> = { 1: '5 A', 2: '10 A' };
const describeBundle = (field: string, value: unknown) => (field === 'bundleId' ? bundleNames[value as number] : undefined);

afterEach(() => vi.unstubAllGlobals());

describe('HistoryList', () => {
  it('tells the changes in plain words, asking the history of one record', async () => {
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/audit/')
        ? jsonResponse(200, { count: 2, count_capped: false, next: null, previous: null, results: rows })
        : undefined,
    );
    renderWithProviders(<HistoryList entity="customer" entityId={9} describe={describeBundle} />, { role: 'admin' });
    expect(await screen.findByText('Rania Khoury changed the bundle from 5 A to 10 A')).toBeInTheDocument();
    expect(screen.getByText('Rania Khoury created it')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/audit/?entity=customer&entity_id=9&page_size=100');
  });

  it('speaks Arabic', async () => {
    stubFetch((url) =>
      url.startsWith('/api/audit/')
        ? jsonResponse(200, { count: 2, count_capped: false, next: null, previous: null, results: rows })
        : undefined,
    );
    renderWithProviders(<HistoryList entity="customer" entityId={9} describe={describeBundle} />, { role: 'admin', language: 'ar' });
    expect(await screen.findByText('غيّر Rania Khoury الباقة من 5 A إلى 10 A')).toBeInTheDocument();
  });
});
