import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined, nth } from '@meterline/contract/invariant';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';

/**
 * Random door payments in dollars, lira or both, and random counts of random held payments, through
 * the API; after every step the collector's held cash per currency (`GET cash/`) equals what the
 * model adds up: the notes tendered, minus the change given back (in dollars when the dollars
 * handed over cover it, else in lira when the lira do), minus what counts took. Each count expects
 * exactly the model's cash of its payments, and its difference is counted minus expected.
 */
const STEPS_PER_RUN = 12;
const RUNS = Number(process.env.CASH_PROPERTY_RUNS ?? 6);
const SEED = 20261128;
const CURRENCIES = ['USD', 'LBP'] as const;
type Currency = (typeof CURRENCIES)[number];
type Cash = Record<Currency, bigint>;

let context: TestContext;
let fixture: Fixture;
let admin: Client;
let accountant: Client;
let collector: Client;
let collectorId: number;
let customerId: number;

/** The model: each held payment's cash, and the collector's held total per currency. */
const heldPayments = new Map<number, Cash>();
/** What the steps exercised: the test fails if one of these never happened (not vacuous). */
const seen = { changeInDollars: 0, changeInLira: 0, withoutTender: 0, counts: 0, shortages: 0, surpluses: 0 };
const held: Cash = { USD: 0n, LBP: 0n };

const path = (rest: string) => servicePath(fixture.tenantA, rest);
const minor = (currency: string, text: string) => parseMoney(text, currencyDecimals(currency)) ?? 0n;
const shown = (currency: Currency, value: bigint) => formatMoneyAmount(value, currencyDecimals(currency));
const add = (into: Cash, cash: Cash, sign = 1n) => CURRENCIES.forEach((currency) => (into[currency] += sign * cash[currency]));

type Step =
  | { kind: 'pay'; total: number; dollars: number; lira: number; tender: 'usd' | 'lbp' | 'both' | 'none' }
  | { kind: 'count'; picks: number[]; deltas: [number, number] };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      total: fc.integer({ min: 100, max: 6_000 }),
      dollars: fc.integer({ min: 1, max: 80 }),
      lira: fc.integer({ min: 1, max: 6_000 }),
      tender: fc.constantFrom('usd' as const, 'lbp' as const, 'both' as const, 'none' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('count' as const),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
      deltas: fc.tuple(fc.integer({ min: -300, max: 300 }), fc.integer({ min: -3, max: 3 })),
    }),
  },
);

async function pay(step: Extract<Step, { kind: 'pay' }>) {
  const invoice = await admin.post(path('invoices/'), {
    customer: customerId,
    period_start: '2026-10-01',
    period_end: '2026-10-31',
    lines: [{ description: 'Supply', quantity: '1', unit_price: shown('USD', BigInt(step.total)) }],
  });
  expect(invoice.statusCode).toBe(201);
  const parts = [
    ...(step.tender === 'usd' || step.tender === 'both' ? [{ currency: 'USD', amount: String(step.dollars) }] : []),
    ...(step.tender === 'lbp' || step.tender === 'both' ? [{ currency: 'LBP', amount: String(step.lira * 1000) }] : []),
  ];
  const body = parts.length ? { amounts: parts, method: 'cash' } : { method: 'cash' };
  const response = await collector.put(path(`invoices/${invoice.json().id}/create_payment/`), body);
  expect(response.statusCode).toBe(201);
  const payment = response.json() as { id: number; amount: string; change_due: { currency: string; amount: string }[] | null };
  const cash: Cash = { USD: 0n, LBP: 0n };
  if (!parts.length) cash.USD = minor('USD', payment.amount);
  for (const part of parts) cash[part.currency as Currency] += minor(part.currency, part.amount);
  const change = (currency: Currency) => minor(currency, payment.change_due?.find((part) => part.currency === currency)?.amount ?? '0');
  // The change comes out of the dollars when they cover it, else out of the lira when they cover theirs.
  if (!parts.length) seen.withoutTender += 1;
  if (cash.USD >= change('USD')) {
    cash.USD -= change('USD');
    if (change('USD') > 0n) seen.changeInDollars += 1;
  } else if (cash.LBP >= change('LBP')) {
    cash.LBP -= change('LBP');
    seen.changeInLira += 1;
  } else cash.USD -= change('USD');
  heldPayments.set(payment.id, cash);
  add(held, cash);
}

async function count(step: Extract<Step, { kind: 'count' }>) {
  const ids = [...heldPayments.keys()];
  if (!ids.length) return;
  const chosen = [...new Set(step.picks.map((pick) => nth(ids, pick % ids.length)))];
  const expected: Cash = { USD: 0n, LBP: 0n };
  for (const id of chosen) add(expected, defined(heldPayments.get(id), 'a held payment of the model'));
  const counted: Cash = {
    USD: expected.USD + BigInt(step.deltas[0]) < 0n ? 0n : expected.USD + BigInt(step.deltas[0]),
    LBP: expected.LBP + BigInt(step.deltas[1] * 1000) < 0n ? 0n : expected.LBP + BigInt(step.deltas[1] * 1000),
  };
  const response = await accountant.post(path('cash/handovers/'), {
    collector: collectorId,
    payments: chosen,
    counted: CURRENCIES.map((currency) => ({ currency, amount: shown(currency, counted[currency]) })),
    reason: 'random count',
  });
  expect(response.statusCode).toBe(201);
  const answer = response.json() as { expected: unknown; differences: { currency: string; amount: string }[] };
  expect(answer.expected).toEqual(CURRENCIES.map((currency) => ({ currency, amount: shown(currency, expected[currency]) })));
  expect(answer.differences.map((entry) => [entry.currency, entry.amount])).toEqual(
    CURRENCIES.map((currency) => [currency, shown(currency, counted[currency] - expected[currency])]),
  );
  seen.counts += 1;
  if (CURRENCIES.some((currency) => counted[currency] < expected[currency])) seen.shortages += 1;
  if (CURRENCIES.some((currency) => counted[currency] > expected[currency])) seen.surpluses += 1;
  for (const id of chosen) heldPayments.delete(id);
  add(held, expected, -1n);
}

async function expectHeldAsModelled() {
  const rows = (await accountant.get(path('cash/'))).json() as { collector: number; held_cash: unknown }[];
  const row = rows.find((item) => item.collector === collectorId);
  const modelled = CURRENCIES.map((currency) => ({ currency, amount: shown(currency, held[currency]) }));
  expect(row?.held_cash ?? modelled.map((entry) => ({ ...entry, amount: shown(entry.currency, 0n) }))).toEqual(modelled);
  const payments = (await accountant.get(path(`cash/?collector=${collectorId}&state=held`))).json() as { id: number }[];
  expect(payments.map((payment) => payment.id).sort((a, b) => a - b)).toEqual([...heldPayments.keys()].sort((a, b) => a - b));
}

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  accountant = await fixture.as('a.accountant');
  collector = await fixture.as('a.collector');
  collectorId = fixture.tenantA.users.collector;
  context.clock.set(new Date('2026-10-05T09:00:00Z'));
  const settingsId = (await admin.get('/api/config/')).json().id as number;
  expect(
    (await admin.put(`/api/config/${settingsId}/`, { second_currency: 'LBP', cash_rounding: { LBP: '1000', USD: '0.05' } })).statusCode,
  ).toBe(200);
  expect((await accountant.post(path('exchange-rates/'), { month: '2026-10', rate: '89500' })).statusCode).toBe(201);
  customerId = (await admin.post(path('customers/'), { full_name: 'Random Door' })).json().id;
});
afterAll(async () => context?.close());

describe('cash held per currency under random payments and counts', () => {
  it('equals the notes tendered minus the change minus what counts took, after every step', { timeout: 2_400_000 }, async () => {
    const property = fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: STEPS_PER_RUN }), async (steps) => {
      for (const step of steps) {
        if (step.kind === 'pay') await pay(step);
        else await count(step);
        await expectHeldAsModelled();
      }
    });
    await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
    for (const [kind, times] of Object.entries(seen)) expect(times, kind).toBeGreaterThan(0);
  });
});
