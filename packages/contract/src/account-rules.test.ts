import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageBalances, ageingBucketOf, allocatePayment, buildLedger, type LedgerMovement, type OpenInvoice } from './account-rules';

const invoice = (id: number, dueOn: string, balanceDue: bigint, issuedOn = dueOn): OpenInvoice => ({ id, issuedOn, dueOn, balanceDue });
const open = [invoice(3, '2026-09-15', 3000n), invoice(1, '2026-08-15', 2500n), invoice(2, '2026-10-15', 4000n)];

describe('allocatePayment', () => {
  it('pays the oldest invoices first and keeps the rest as credit', () => {
    expect(allocatePayment(10_000n, open)).toEqual({
      ok: true,
      allocations: [
        { invoiceId: 1, amount: 2500n },
        { invoiceId: 3, amount: 3000n },
        { invoiceId: 2, amount: 4000n },
      ],
      credit: 500n,
    });
  });

  it('pays part of the next invoice when the money runs out', () => {
    expect(allocatePayment(4000n, open)).toEqual({
      ok: true,
      allocations: [
        { invoiceId: 1, amount: 2500n },
        { invoiceId: 3, amount: 1500n },
      ],
      credit: 0n,
    });
  });

  it('orders invoices due the same day by issue date, then id', () => {
    const sameDay = [
      invoice(8, '2026-10-15', 100n, '2026-10-01'),
      invoice(7, '2026-10-15', 100n, '2026-10-01'),
      invoice(9, '2026-10-15', 100n, '2026-09-30'),
    ];
    const result = allocatePayment(300n, sameDay);
    expect(result.ok && result.allocations.map((a) => a.invoiceId)).toEqual([9, 7, 8]);
  });

  it('follows the invoices the cashier named, the rest as credit', () => {
    expect(allocatePayment(5000n, open, [{ invoiceId: 2, amount: 4000n }])).toEqual({
      ok: true,
      allocations: [{ invoiceId: 2, amount: 4000n }],
      credit: 1000n,
    });
  });

  it.each([
    [[{ invoiceId: 99, amount: 1n }], 'allocation_unknown_invoice'],
    [
      [
        { invoiceId: 2, amount: 1n },
        { invoiceId: 2, amount: 1n },
      ],
      'allocation_duplicate_invoice',
    ],
    [[{ invoiceId: 2, amount: 0n }], 'allocation_not_positive'],
    [[{ invoiceId: 1, amount: 2501n }], 'allocation_exceeds_balance'],
    [
      [
        { invoiceId: 1, amount: 2500n },
        { invoiceId: 2, amount: 4000n },
      ],
      'allocations_exceed_amount',
    ],
  ])('refuses a bad allocation list (%#)', (requested, code) => {
    const result = allocatePayment(6000n, open, requested);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem.code).toBe(code);
  });

  it('never pays an invoice more than its balance, and allocated + credit = amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.record({ due: fc.integer({ min: 0, max: 400 }), balance: fc.bigInt({ min: 0n, max: 10n ** 10n }) }), { maxLength: 12 }),
        (amount, raw) => {
          const invoices = raw.map((r, index) =>
            invoice(index + 1, new Date(Date.UTC(2026, 0, 1 + r.due)).toISOString().slice(0, 10), r.balance),
          );
          const result = allocatePayment(amount, invoices);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const allocated = result.allocations.reduce((sum, a) => sum + a.amount, 0n);
          expect(allocated + result.credit).toBe(amount);
          expect(result.credit >= 0n).toBe(true);
          for (const a of result.allocations) {
            expect(a.amount > 0n && a.amount <= invoices.find((i) => i.id === a.invoiceId)!.balanceDue).toBe(true);
          }
          // Credit is left only once every invoice is paid in full.
          const owed = invoices.reduce((sum, i) => sum + i.balanceDue, 0n);
          expect(result.credit).toBe(amount > owed ? amount - owed : 0n);
        },
      ),
    );
  });
});

describe('buildLedger', () => {
  const movements: LedgerMovement[] = [
    { date: '2026-09-01', kind: 'invoice', reference: 'INV-1', amount: 2500n, sequence: 1 },
    { date: '2026-10-01', kind: 'invoice', reference: 'INV-2', amount: 3000n, sequence: 3 },
    { date: '2026-09-20', kind: 'payment', reference: 'P-1', amount: -2500n, sequence: 2 },
    { date: '2026-10-05', kind: 'payment', reference: 'P-2', amount: -4000n, sequence: 4 },
    { date: '2026-11-01', kind: 'credit_applied', reference: 'INV-3', amount: 0n, sequence: 6 },
    { date: '2026-11-01', kind: 'invoice', reference: 'INV-3', amount: 2000n, sequence: 5 },
  ];

  it('runs the balance in date order; credit shows as a negative balance', () => {
    const ledger = buildLedger(movements);
    expect(ledger.entries.map((e) => [e.reference, e.balance])).toEqual([
      ['INV-1', 2500n],
      ['P-1', 0n],
      ['INV-2', 3000n],
      ['P-2', -1000n],
      ['INV-3', 1000n],
      ['INV-3', 1000n],
    ]);
    expect(ledger.openingBalance).toBe(0n);
    expect(ledger.closingBalance).toBe(1000n);
  });

  it('opens with the balance before the period and closes at its end', () => {
    const ledger = buildLedger(movements, '2026-10-01', '2026-10-31');
    expect(ledger.openingBalance).toBe(0n);
    expect(ledger.entries.map((e) => e.reference)).toEqual(['INV-2', 'P-2']);
    expect(ledger.closingBalance).toBe(-1000n);
    expect(buildLedger(movements, '2026-10-02').openingBalance).toBe(3000n);
  });

  it('closing = opening + the period’s movements, and the last running balance is the closing one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ day: fc.integer({ min: 0, max: 90 }), amount: fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }) }), {
          maxLength: 30,
        }),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 0, max: 90 }),
        (raw, a, b) => {
          const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
          const list: LedgerMovement[] = raw.map((r, i) => ({
            date: day(r.day),
            kind: r.amount >= 0n ? 'invoice' : 'payment',
            reference: `R${i}`,
            amount: r.amount,
            sequence: i,
          }));
          const [from, to] = a <= b ? [day(a), day(b)] : [day(b), day(a)];
          const ledger = buildLedger(list, from, to);
          const inPeriod = ledger.entries.reduce((sum, e) => sum + e.amount, 0n);
          expect(ledger.closingBalance).toBe(ledger.openingBalance + inPeriod);
          if (ledger.entries.length > 0) expect(ledger.entries[ledger.entries.length - 1]!.balance).toBe(ledger.closingBalance);
        },
      ),
    );
  });
});

describe('ageing', () => {
  it.each([
    ['2026-11-24', 'current'],
    ['2026-11-23', 'days_1_30'],
    ['2026-10-25', 'days_1_30'],
    ['2026-10-24', 'days_31_60'],
    ['2026-09-25', 'days_31_60'],
    ['2026-09-24', 'days_61_90'],
    ['2026-08-26', 'days_61_90'],
    ['2026-08-25', 'days_over_90'],
  ])('due %s is %s on 2026-11-24', (dueOn, bucket) => {
    expect(ageingBucketOf(dueOn, '2026-11-24')).toBe(bucket);
  });

  it('adds up balances per bucket', () => {
    expect(
      ageBalances(
        [invoice(1, '2026-12-01', 100n), invoice(2, '2026-11-01', 200n), invoice(3, '2026-01-01', 300n), invoice(4, '2026-11-20', 0n)],
        '2026-11-24',
      ),
    ).toEqual({
      current: 100n,
      days_1_30: 200n,
      days_31_60: 0n,
      days_61_90: 0n,
      days_over_90: 300n,
    });
  });
});
