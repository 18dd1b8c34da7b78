import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoices } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type * as IdempotencyRepository from '../idempotency/idempotency.repository';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';

/**
 * A retried POST after a time-out must not create a second invoice (docs/billing.md, "Invoices"). The process dies
 * (here: the write of the answer fails) once the invoice is stored: the answer to the key must have
 * committed with the invoice, so the retry is answered, never billed again.
 */
vi.mock('../idempotency/idempotency.repository', async (importOriginal) => {
  const original = await importOriginal<typeof IdempotencyRepository>();
  return {
    ...original,
    // Inside the write's transaction (it has `rollback`) the answer is stored; after it, the process "dies".
    completeIdempotencyKey: async (executor: Executor, ...rest: [{ tenantId: number }, string, number, unknown]) => {
      if (!('rollback' in executor)) throw new Error('the process died after the commit');
      return original.completeIdempotencyKey(executor, ...rest);
    },
  };
});

let context: TestContext;
let fixture: Fixture;
let admin: Client;
const path = (rest: string) => servicePath(fixture.tenantA, rest);

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-28T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
});
afterAll(async () => context?.close());

describe('an invoice whose answer was lost', () => {
  it('is answered to the retry with the same key, and billed once', async () => {
    const customer = (await admin.post(path('customers/'), { full_name: 'Timed Out' })).json();
    const body = {
      customer: customer.id,
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      lines: [{ description: 'Connection', quantity: '1', unit_price: '15' }],
    };
    const key = { 'idempotency-key': 'lost-answer' };
    const first = await admin.post(path('invoices/'), body, key);
    expect(first.statusCode).toBe(201);
    const retry = await admin.post(path('invoices/'), body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ id: first.json().id, number: first.json().number, total: '15.00' });
    expect(await context.db.select().from(invoices).where(eq(invoices.customerId, customer.id))).toHaveLength(1);
  });
});
