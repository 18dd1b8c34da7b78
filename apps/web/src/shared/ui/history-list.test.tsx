import type { AuditEntry } from '@meterline/contract/audit';
import { AUDIT_FIELDS, type AuditFieldKind, type HistoryEntity } from '@meterline/contract/audit-fields';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ar } from '../../i18n/ar';
import { en } from '../../i18n/en';
import { i18next } from '../../i18n/index';
import { setDigitSystem } from '../lib/format-number';
import { jsonResponse, renderWithProviders, stubFetch } from '../lib/test-render';
import { describeEntry, HistoryList, type HistoryFormat } from './history-list';

/** Bidi isolates and marks are invisible: the words are compared without them. */
const plain = (text: string) => text.replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '');

const rows: AuditEntry[] = [
  {
    id: 2,
    at: '2026-11-20T10:00:00Z',
    actor: { id: 4, name: 'Rania Khoury' },
    actor_role: 'admin',
    action: 'update',
    entity: 'customer',
    entity_id: '9',
    changes: [{ field: 'bundleId', before: 1, after: 2, before_name: '5 A', after_name: '10 A' }],
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
const page = (results: AuditEntry[]) =>
  jsonResponse(200, { count: results.length, count_capped: false, next: null, previous: null, results });
const matchPlain = (expected: string) => (_content: string, element: Element | null) =>
  element?.tagName === 'SPAN' && element.children.length === 0 && plain(element.textContent ?? '') === expected;

afterEach(() => {
  vi.unstubAllGlobals();
  setDigitSystem('arab');
});

describe('HistoryList', () => {
  it('tells the changes in plain words, asking the history of one record', async () => {
    const fetchMock = stubFetch((url) => (url.startsWith('/api/audit/') ? page(rows) : undefined));
    renderWithProviders(<HistoryList entity="customer" entityId={9} />, { role: 'admin' });
    expect(await screen.findByText(matchPlain('Rania Khoury changed the bundle from 5 A to 10 A'))).toBeInTheDocument();
    expect(screen.getByText(matchPlain('Rania Khoury created it'))).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/audit/?entity=customer&entity_id=9&page_size=100');
  });

  it('speaks Arabic, in Arabic-Indic digits', async () => {
    setDigitSystem('arab');
    stubFetch((url) => (url.startsWith('/api/audit/') ? page(rows) : undefined));
    renderWithProviders(<HistoryList entity="customer" entityId={9} />, { role: 'admin', language: 'ar' });
    expect(await screen.findByText(matchPlain('غيّر Rania Khoury الباقة من ٥ A إلى ١٠ A'))).toBeInTheDocument();
  });

  it("asks a meter's readings by the meter, and tells a reading with its values and time", async () => {
    const reading: AuditEntry = {
      id: 3,
      at: '2026-11-20T10:00:00Z',
      actor: { id: 4, name: 'Rania Khoury' },
      actor_role: 'collector',
      action: 'update_counter',
      entity: 'reading',
      entity_id: '41',
      changes: [
        { field: 'counter', before: '1000.000', after: '1250.500' },
        { field: 'takenAt', before: '2026-10-20T09:00:00.000Z', after: '2026-11-20T09:30:00.000Z' },
      ],
    };
    const fetchMock = stubFetch((url) => (url.startsWith('/api/audit/') ? page([reading]) : undefined));
    renderWithProviders(<HistoryList entity="reading" subscription={7} unit="kWh" />, {
      role: 'admin',
      tenant: { timezone: 'Asia/Beirut' },
    });
    expect(await screen.findByText(matchPlain('Rania Khoury: recorded a reading'))).toBeInTheDocument();
    expect(screen.getByText(matchPlain('reading from 1,000 kWh to 1,250.5 kWh'))).toBeInTheDocument();
    // In the tenant's zone (Beirut, UTC+2 in winter): 11:00 and 11:30.
    expect(screen.getByText(matchPlain('time of reading from 20 Oct 2026, 12:00 to 20 Nov 2026, 11:30'))).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/audit/?entity=reading&subscription=7&page_size=100');
  });
});

/** Two values of each kind, as the API answers them (references with their names). */
const SAMPLES: Record<AuditFieldKind, { before: unknown; after: unknown; names?: [string, string] }> = {
  text: { before: 'Gate code 12', after: 'Gate code 13' },
  verbatim: { before: 'rania@example.com', after: 'rania.k@example.com' },
  code: { before: '+961 3 000001', after: 'C-000002' },
  money: { before: '1250', after: '-300' },
  amount: { before: '12.50', after: '20.00' },
  quantity: { before: '1000.000', after: '1250.500' },
  date: { before: '2026-07-01', after: '2026-08-02' },
  datetime: { before: '2026-08-01T09:00:00.000Z', after: '2026-08-02T10:00:00.000Z' },
  count: { before: 7, after: 1200 },
  boolean: { before: true, after: false },
  customer_status: { before: 'active', after: 'suspended' },
  invoice_status: { before: 'unpaid', after: 'cancelled' },
  language: { before: 'en', after: 'ar' },
  channel: { before: 'sms:provider', after: 'outbox' },
  bundle: { before: 1, after: 2, names: ['5 A', '10 A'] },
  station: { before: 1, after: 2, names: ['North 1', 'South 2'] },
  region: { before: 1, after: 2, names: ['Hamra 1', 'Hamra 2'] },
  street: { before: 1, after: 2, names: ['Bliss 1', 'Bliss 2'] },
  building: { before: 1, after: 2, names: ['Tower 1', 'Tower 2'] },
  hidden: { before: 1, after: [{ id: 2 }] },
};

const FIELDS = Object.entries(AUDIT_FIELDS).flatMap(([entity, fields]) =>
  Object.entries(fields as Record<string, AuditFieldKind>).map(([field, kind]) => ({ entity: entity as HistoryEntity, field, kind })),
);
const SHOWN = FIELDS.filter(({ kind }) => kind !== 'hidden');
const LANGUAGES = [
  { language: 'en', digits: 'latn', catalogue: en },
  { language: 'ar', digits: 'arab', catalogue: ar },
  { language: 'ar', digits: 'latn', catalogue: ar },
] as const;

function entryOf(entity: HistoryEntity, field: string, kind: AuditFieldKind, action: string, withBefore = true): AuditEntry {
  const sample = SAMPLES[kind];
  return {
    id: 1,
    at: '2026-08-02T10:00:00Z',
    actor: { id: 4, name: 'Rania Khoury' },
    actor_role: 'admin',
    action,
    entity,
    entity_id: '9',
    changes: [
      {
        field,
        before: withBefore ? sample.before : null,
        after: sample.after,
        ...(sample.names ? { before_name: withBefore ? sample.names[0] : null, after_name: sample.names[1] } : {}),
      },
    ],
  };
}

/** What no screen may show: a column's name (camelCase or snake_case), JSON, the other digit system. */
function problemsOf(text: string, { digits, kind }: { digits: string; kind: AuditFieldKind }): string[] {
  const problems: string[] = [];
  const raw = /\b[a-z]+(?:[A-Z][a-z]*|_[a-z]+)+\b/.exec(text);
  if (raw) problems.push(`a raw name "${raw[0]}"`);
  if (/[{}[\]"]/.test(text)) problems.push('JSON');
  if (text.includes('undefined') || text.includes('null') || text.includes('NaN')) problems.push('an empty value written out');
  // A message is shown as it was sent, and a code (a number, a phone) as it is stored: their own digits.
  if (kind !== 'verbatim' && kind !== 'code') {
    if (digits === 'arab' && /[0-9]/.test(text)) problems.push('Western digits on an Arabic-Indic screen');
    if (digits === 'latn' && /[\u0660-\u0669]/.test(text)) problems.push('Arabic-Indic digits on a Western screen');
  }
  return problems;
}

describe('describeEntry', () => {
  it('has a label for every field the History tabs can show, in English and in Arabic', () => {
    const missing = SHOWN.flatMap(({ entity, field }) =>
      LANGUAGES.flatMap(({ language, catalogue }) => {
        const label = (catalogue.history.fields as Record<string, string | undefined>)[field];
        return label?.trim() ? [] : [`${entity}.${field} (${language})`];
      }),
    );
    expect(missing).toEqual([]);
    expect(SHOWN.length).toBeGreaterThan(40);
  });

  it.each(LANGUAGES)('writes every field of every entity as the screens do ($language, $digits digits)', ({ language, digits }) => {
    setDigitSystem(digits);
    const t = i18next.getFixedT(language);
    const format: HistoryFormat = { language, currency: 'USD', timeZone: 'Asia/Beirut' };
    const problems: string[] = [];
    for (const { entity, field, kind } of SHOWN) {
      const label = t(`history.fields.${field}` as 'history.nothing');
      for (const [action, withBefore] of [
        ['update', true],
        ['update', false],
        ['cancel', true],
        ['send_invoice', false],
      ] as const) {
        const sentences = describeEntry(entryOf(entity, field, kind, action, withBefore), t, format);
        const text = plain(sentences.join(' | '));
        const where = `${entity}.${field} (${action}${withBefore ? '' : ', no before'}): ${text}`;
        if (!text.includes(label)) problems.push(`${where}: no label "${label}"`);
        if (action !== 'update' && sentences.length < 2) problems.push(`${where}: the detail is missing`);
        for (const problem of problemsOf(text, { digits, kind })) problems.push(`${where}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names ids, formats amounts in the currency and dates in the tenant zone', () => {
    setDigitSystem('arab');
    const format = (language: string): HistoryFormat => ({ language, currency: 'USD', timeZone: 'Asia/Beirut' });
    const sentence = (language: string, entity: HistoryEntity, field: string, kind: AuditFieldKind) =>
      plain(describeEntry(entryOf(entity, field, kind, 'update'), i18next.getFixedT(language), format(language)).join());
    expect(sentence('en', 'customer', 'bundleId', 'bundle')).toBe('Rania Khoury changed the bundle from 5 A to 10 A');
    expect(sentence('en', 'invoice', 'total', 'money')).toBe('Rania Khoury changed the total from $12.50 to -$3.00');
    expect(sentence('en', 'customer', 'overdue_amount', 'amount')).toBe('Rania Khoury changed the amount overdue from $12.50 to $20.00');
    expect(sentence('en', 'customer', 'startedOn', 'date')).toBe(
      'Rania Khoury changed the subscription start from 1 Jul 2026 to 2 Aug 2026',
    );
    expect(sentence('en', 'invoice', 'cancelledAt', 'datetime')).toBe(
      'Rania Khoury changed the cancelled on from 1 Aug 2026, 12:00 to 2 Aug 2026, 13:00',
    );
    expect(sentence('en', 'customer', 'status', 'customer_status')).toBe('Rania Khoury changed the status from Active to Suspended');
    expect(sentence('ar', 'customer', 'bundleId', 'bundle')).toBe('غيّر Rania Khoury الباقة من ٥ A إلى ١٠ A');
    expect(sentence('ar', 'invoice', 'status', 'invoice_status')).toBe('غيّر Rania Khoury الحالة من غير مدفوعة إلى ملغاة');
  });

  it('tells an edit of several fields as one line per field under who changed it, in the catalogue order', () => {
    const t = i18next.getFixedT('en');
    const format: HistoryFormat = { language: 'en', currency: 'USD' };
    const entry: AuditEntry = {
      ...rows[0]!,
      changes: [
        { field: 'notes', before: 'gate', after: '' },
        { field: 'updatedAt', before: null, after: '2026-08-02T10:00:00.000Z' },
        { field: 'phone', before: '', after: '+961 3 975805' },
        { field: 'bundleId', before: 1, after: 2, before_name: '15 A', after_name: '10 A' },
      ],
    };
    expect(describeEntry(entry, t, format).map(plain)).toEqual([
      'Rania Khoury changed it',
      'bundle from 15 A to 10 A',
      'phone: +961 3 975805',
      'notes cleared (was gate)',
    ]);
    // Two moments of the same minute read the same: no change to show.
    const reading: AuditEntry = {
      ...rows[0]!,
      action: 'update_counter',
      entity: 'reading',
      changes: [
        { field: 'takenAt', before: '2026-08-02T10:00:05.000Z', after: '2026-08-02T10:00:40.000Z' },
        { field: 'counter', before: '1.000', after: '2.000' },
      ],
    };
    expect(describeEntry(reading, t, format).map(plain)).toEqual(['Rania Khoury: recorded a reading', 'reading from 1 to 2']);
  });

  it('shows no bookkeeping and no field the catalogue does not know', () => {
    const t = i18next.getFixedT('en');
    const format: HistoryFormat = { language: 'en', currency: 'USD' };
    const entry = (changes: AuditEntry['changes'], action = 'update'): AuditEntry => ({ ...rows[0]!, action, changes });
    const said = (changes: AuditEntry['changes'], action?: string) => describeEntry(entry(changes, action), t, format).map(plain);
    expect(said([{ field: 'serviceId', before: 1, after: 2 }])).toEqual(['Rania Khoury changed it']);
    expect(said([{ field: 'someNewColumn', before: 1, after: 2 }])).toEqual(['Rania Khoury changed it']);
    expect(said([{ field: 'reading_ids', before: null, after: [3] }], 'some_new_action')).toEqual(['Rania Khoury: made a change']);
    const deleted = describeEntry(entry([{ field: 'stationId', before: 1, after: 2, before_name: null, after_name: 'South' }]), t, format);
    expect(deleted.map(plain)).toEqual(['Rania Khoury changed the station from a record since deleted to South']);
  });
});
