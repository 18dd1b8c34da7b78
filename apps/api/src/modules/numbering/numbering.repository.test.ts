import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../test/harness';
import { takeCreditNoteNumber, takeInvoiceNumber, takeInvoiceNumbers } from './numbering.repository';

let context: TestContext;
let fixture: Fixture;

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
});

afterAll(async () => {
  await context.close();
});

// Receipts (the same counter statement, stored with their payment) are covered by the cash and payment route tests.
describe('numbering: every gapless number, one way', () => {
  it('gives each series its next numbers in order, each series on its own counter and per tenant', async () => {
    const a = fixture.tenantA.id;
    const b = fixture.tenantB.id;
    const [first] = await takeInvoiceNumbers(context.db, a, '2026', 1);
    const next = Number(first?.slice(-6));
    expect(first).toMatch(/^[A-Z]+-2026-\d{6}$/);
    expect(await takeInvoiceNumbers(context.db, a, '2026', 3)).toEqual(
      [1, 2, 3].map((step) => `${first?.slice(0, -6)}${String(next + step).padStart(6, '0')}`),
    );
    const note = await takeCreditNoteNumber(context.db, a, '2027');
    expect(note).toMatch(/^CN-2027-\d{6}$/);
    expect(await takeCreditNoteNumber(context.db, a, '2027')).toBe(`CN-2027-${String(Number(note.slice(-6)) + 1).padStart(6, '0')}`);
    // Credit notes did not move the invoice counter; another tenant's did not either.
    const otherTenant = await takeInvoiceNumber(context.db, b, '2026');
    expect(await takeInvoiceNumber(context.db, a, '2026')).toBe(`${first?.slice(0, -6)}${String(next + 4).padStart(6, '0')}`);
    expect(Number((await takeInvoiceNumber(context.db, b, '2026')).slice(-6))).toBe(Number(otherTenant.slice(-6)) + 1);
  });

  it('gives the numbers of a rolled-back transaction back: no gap', async () => {
    const tenantId = fixture.tenantA.id;
    const noteBefore = await takeCreditNoteNumber(context.db, tenantId, '2026');
    const invoiceBefore = await takeInvoiceNumber(context.db, tenantId, '2026');
    await expect(
      context.db.transaction(async (tx) => {
        await takeInvoiceNumbers(tx, tenantId, '2026', 5);
        await takeCreditNoteNumber(tx, tenantId, '2026');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(Number((await takeCreditNoteNumber(context.db, tenantId, '2026')).slice(-6))).toBe(Number(noteBefore.slice(-6)) + 1);
    expect(Number((await takeInvoiceNumber(context.db, tenantId, '2026')).slice(-6))).toBe(Number(invoiceBefore.slice(-6)) + 1);
  });

  it('hands out distinct consecutive numbers to concurrent takers', async () => {
    const tenantId = fixture.tenantA.id;
    const start = Number((await takeCreditNoteNumber(context.db, tenantId, '2026')).slice(-6));
    const taken = await Promise.all(
      Array.from({ length: 12 }, () => context.db.transaction((tx) => takeCreditNoteNumber(tx, tenantId, '2026'))),
    );
    expect(taken.map((number) => Number(number.slice(-6))).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 12 }, (_, step) => start + 1 + step),
    );
  });
});
