import type { z } from 'zod';
import { handoverKindOf, type createHandoverInputSchema, type Handover } from '@meterline/contract/cash';
import {
  addCash,
  cashCurrencies,
  cashOfPayment,
  overallKindOf,
  type CashByCurrency,
  type CashTender,
} from '@meterline/contract/cash-currencies';
import type { CurrencyAmount } from '@meterline/contract/payments';
import { ERROR_CODES } from '@meterline/contract/errors';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError } from '../../lib/http-errors';
import { parseDecimalField } from '../../lib/decimal-input';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import type { IdempotencyTicket } from '../idempotency/index';
import type { PaymentTenderRow } from '../invoices/index';
import { assertTenantUser } from '../../scope/references';
import type { ServiceContext, TenantTerms } from '../../scope/service-scope';
import { insertTransaction } from '../transactions/index';
import {
  insertHandover,
  insertHandoverCurrencies,
  lockPaymentsForHandover,
  selectCollectorCash,
  type HandoverCurrencyRow,
  type HandoverRow,
} from './cash.repository';

/*
 * Cash per currency and the count (docs/collectors.md, "Cash per currency"): the cash a payment left per
 * currency from its tender, the count's parsing, its rows per currency and its answer.
 */

export type CreateHandoverData = z.output<typeof createHandoverInputSchema>;

/** The unique-key violation of a second link of one payment (a count racing another). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** The tenant's currencies, billing first. */
export const tenantCurrencies = (terms: TenantTerms) =>
  terms.secondCurrency && terms.secondCurrency !== terms.currency ? [terms.currency, terms.secondCurrency] : [terms.currency];

/** A stored tender as minor units per part. */
export function cashTenderOf(tender: PaymentTenderRow | null | undefined): CashTender | null {
  if (!tender) return null;
  return {
    parts: tender.tendered.map((part) => ({
      currency: part.currency,
      minor: parseMoney(part.amount, currencyDecimals(part.currency)) ?? 0n,
    })),
    billingCurrency: tender.currency,
    changeBilling: tender.changeDue,
    secondCurrency: tender.secondCurrency,
    changeSecond: tender.changeDueSecond,
  };
}

export const toPart = ([currency, minor]: [string, bigint]) => ({ currency, minor });

/**
 * The cash counted per currency: `counted` (each a currency the tenant takes, once, not negative), or
 * the older `counted_amount`, the count in the billing currency (`single`).
 */
export function parseCounted(input: CreateHandoverData, terms: TenantTerms): { cash: CashByCurrency; single: boolean } {
  if (input.counted && input.counted_amount !== undefined) throw fieldError('counted', ERROR_CODES.countedWithCountedAmount);
  if (!input.counted) {
    if (input.counted_amount === undefined) throw fieldError('counted', ERROR_CODES.required);
    const minor = parseDecimalField('counted_amount', input.counted_amount, terms.decimals, {
      maxDigits: 15,
      allowNegative: false,
      allowZero: true,
    });
    return { cash: new Map([[terms.currency, minor]]), single: true };
  }
  const accepted = tenantCurrencies(terms);
  const cash: CashByCurrency = new Map();
  for (const [index, part] of input.counted.entries()) {
    if (!accepted.includes(part.currency))
      throw fieldError(`counted.${index}.currency`, ERROR_CODES.currencyNotAccepted, { currencies: accepted.join(', ') });
    if (cash.has(part.currency))
      throw fieldError(`counted.${index}.currency`, ERROR_CODES.currencyCountedTwice, { currency: part.currency });
    const minor = parseDecimalField(`counted.${index}.amount`, part.amount, currencyDecimals(part.currency), {
      maxDigits: 15,
      allowNegative: false,
      allowZero: true,
    });
    cash.set(part.currency, minor);
  }
  return { cash, single: false };
}

export const amountIn = (currency: string, minor: bigint) => formatMoneyAmount(minor, currencyDecimals(currency));

/** A figure per currency as the API answers it: every listed currency, zero included. */
export const cashList = (cash: CashByCurrency, currencies: string[]): CurrencyAmount[] =>
  currencies.map((currency) => ({ currency, amount: amountIn(currency, cash.get(currency) ?? 0n) }));

/** A count's per-currency rows; a count made before migration 0027 has one, in the billing currency, from its own columns. */
export function currencyRowsOf(row: HandoverRow, rows: HandoverCurrencyRow[], billingCurrency: string) {
  const own = rows.filter((entry) => entry.handoverId === row.id);
  if (own.length) return own;
  return [
    {
      currency: billingCurrency,
      expectedAmount: row.expectedAmount,
      countedAmount: row.countedAmount,
      difference: row.difference,
      transactionId: row.transactionId,
    },
  ];
}

/** A collector's payment: the cash it left per currency. */
export const cashOf = (row: { amount: bigint; tender?: PaymentTenderRow | null }, terms: TenantTerms) =>
  cashOfPayment(row.amount, terms.currency, cashTenderOf(row.tender));

export function toHandover(
  row: HandoverRow,
  paymentIds: number[],
  names: Map<number, string>,
  terms: TenantTerms,
  currencyRows: HandoverCurrencyRow[],
): Handover {
  const money = (value: bigint) => formatMoneyAmount(value, terms.decimals);
  const perCurrency = currencyRowsOf(row, currencyRows, terms.currency);
  return {
    id: row.id,
    collector: row.collectorId,
    collector_name: names.get(row.collectorId) ?? '',
    expected_amount: money(row.expectedAmount),
    counted_amount: money(row.countedAmount),
    difference: money(row.difference),
    kind: row.kind as Handover['kind'],
    expected: perCurrency.map((entry) => ({ currency: entry.currency, amount: amountIn(entry.currency, entry.expectedAmount) })),
    counted: perCurrency.map((entry) => ({ currency: entry.currency, amount: amountIn(entry.currency, entry.countedAmount) })),
    differences: perCurrency.map((entry) => ({
      currency: entry.currency,
      amount: amountIn(entry.currency, entry.difference),
      kind: handoverKindOf(entry.difference),
      transaction: entry.transactionId,
    })),
    reason: row.reason,
    payments: paymentIds,
    transaction: row.transactionId,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    created_by_name: names.get(row.createdBy) ?? null,
  };
}

/**
 * The count: the listed payments must be held by the collector in this service (each under a
 * row lock, so a payment is counted once); the counted cash is recorded as given and the
 * difference kept as a shortage or surplus with its reason. With it, one `handover`
 * transaction of the counted cash from the collector to the counter.
 */
export async function recordCount(
  deps: { clock: Clock; defaultDb: Db; namesOf: (tenantId: number, ids: (number | null)[]) => Promise<Map<number, string>> },
  context: ServiceContext,
  input: CreateHandoverData,
  audit: AuditContext,
  ticket: IdempotencyTicket | null,
): Promise<Handover> {
  const { db, scope, terms, actor } = context;
  const currencies = tenantCurrencies(terms);
  const counted = parseCounted(input, terms);
  await assertTenantUser(deps.defaultDb, scope.tenantId, input.collector, 'collector');
  const ids = [...new Set(input.payments)].sort((a, b) => a - b);
  const names = await deps.namesOf(scope.tenantId, [input.collector, actor.userId]);
  try {
    return await db.transaction(async (tx) => {
      const rows = await lockPaymentsForHandover(tx, scope, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const id of ids) {
        const row = byId.get(id);
        if (!row || row.heldBy !== input.collector || row.amount <= 0n || row.handedOver)
          throw fieldError('payments', ERROR_CODES.paymentNotHeld, { id });
      }
      const expected = new Map<string, bigint>();
      for (const row of await selectCollectorCash(tx, scope, { ids }))
        addCash(expected, [...cashOfPayment(row.amount, terms.currency, cashTenderOf(row.tender))].map(toPart));
      const listed = cashCurrencies(currencies, expected, counted.cash);
      // The older body counts one figure: it may count only cash held in the billing currency.
      const uncounted = listed.filter((currency) => currency !== terms.currency && (expected.get(currency) ?? 0n) !== 0n);
      if (counted.single && uncounted.length)
        throw fieldError('counted_amount', ERROR_CODES.countPerCurrency, { currencies: uncounted.join(', ') });
      const entries = listed.map((currency) => {
        const expectedMinor = expected.get(currency) ?? 0n;
        const countedMinor = counted.cash.get(currency) ?? 0n;
        return { currency, expected: expectedMinor, counted: countedMinor, difference: countedMinor - expectedMinor };
      });
      const kind = overallKindOf(entries.map((entry) => entry.difference));
      if (kind !== 'exact' && !input.reason) throw fieldError('reason', ERROR_CODES.handoverReasonRequired);
      const now = deps.clock.now();
      // One `handover` transaction per currency counted, each exact in its currency.
      const transactions = new Map<string, number>();
      for (const entry of entries) {
        if (entry.counted <= 0n) continue;
        const { difference } = entry;
        const transaction = await insertTransaction(tx, {
          tenantId: scope.tenantId,
          serviceId: scope.serviceId,
          kind: 'handover',
          amount: entry.counted,
          currency: entry.currency === terms.currency ? null : entry.currency,
          fromUserId: input.collector,
          toUserId: actor.userId,
          description: `Cash count of ${ids.length} payment(s)${entries.length > 1 ? `, ${entry.currency}` : ''}${difference !== 0n ? `: ${handoverKindOf(difference)} ${amountIn(entry.currency, difference < 0n ? -difference : difference)} (${input.reason})` : ''}`,
          createdAt: now,
          createdBy: actor.userId,
        });
        transactions.set(entry.currency, transaction.id);
        await recordAudit(tx, audit, { action: 'create', entity: 'transaction', entityId: transaction.id, after: transaction });
      }
      const billing = entries.find((entry) => entry.currency === terms.currency) ?? { expected: 0n, counted: 0n, difference: 0n };
      const row = await insertHandover(
        tx,
        {
          tenantId: scope.tenantId,
          serviceId: scope.serviceId,
          collectorId: input.collector,
          expectedAmount: billing.expected,
          countedAmount: billing.counted,
          difference: billing.difference,
          kind,
          reason: input.reason,
          transactionId: transactions.get(terms.currency) ?? transactions.values().next().value ?? null,
          createdBy: actor.userId,
          createdAt: now,
        },
        ids,
      );
      const currencyRows = await insertHandoverCurrencies(
        tx,
        entries.map((entry) => ({
          tenantId: scope.tenantId,
          handoverId: row.id,
          currency: entry.currency,
          expectedAmount: entry.expected,
          countedAmount: entry.counted,
          difference: entry.difference,
          kind: handoverKindOf(entry.difference),
          transactionId: transactions.get(entry.currency) ?? null,
        })),
      );
      const response = toHandover(row, ids, names, terms, currencyRows);
      await recordAudit(tx, audit, { action: 'create', entity: 'cash_handover', entityId: row.id, after: response });
      await ticket?.complete(tx, 201, response);
      return response;
    });
  } catch (error) {
    // Another count took one of these payments between our lock and our insert (cannot
    // happen under the row locks, kept as the last word of the unique key).
    if (isUniqueViolation(error)) throw conflict(ERROR_CODES.conflict);
    throw error;
  }
}
