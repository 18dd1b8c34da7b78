import type { z } from 'zod';
import { BILLING_ERROR_CODES } from '@meterline/contract/billing-common';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { createInvoiceInputSchema, InvoiceDetail } from '@meterline/contract/invoices';
import { formatScaled, QUANTITY_SCALE, UNIT_PRICE_SCALE } from '@meterline/contract/money';
import type { Tx } from '../../db/client';
import type { IdempotencyTicket } from '../idempotency/index';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError } from '../../lib/http-errors';
import { parseDecimalField } from '../../lib/decimal-input';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { addToCustomerBalance, findCustomerRow } from '../customers/index';
import { takeInvoiceNumber } from '../numbering/index';
import { isUniqueViolation } from '../../scope/codes';
import { assertCustomer } from '../../scope/references';
import { addDays, todayIn, type ServiceContext } from '../../scope/service-scope';
import { MAX_INVOICE_TOTAL, type AccountHooks, type BillingEngine } from './billing-engine';
import { storeInvoiceRate, storeLinePricing } from './consumption-pricing';
import { priceLines, type DraftLine } from './invoice-lines';
import { statusFor } from './invoice-rules';
import { insertInvoice, insertInvoiceLines } from './invoices.repository';

type CreateInvoiceData = z.output<typeof createInvoiceInputSchema>;
type Period = Record<'periodStart' | 'periodEnd', string>;

interface CreateDeps {
  clock: Clock;
  account: AccountHooks;
  engine: BillingEngine;
  /** The invoice as answered, read in `tx` (the answer to an Idempotency-Key commits with the write). */
  detail: (context: ServiceContext, invoiceId: number, tx: Tx) => Promise<InvoiceDetail>;
}

const periodBilled = (number: string) => conflict(BILLING_ERROR_CODES.periodAlreadyBilled, { number });

/** Inserts a priced invoice with its lines, moves the customer's balance and writes one audit row. */
async function storeInvoice(
  deps: CreateDeps,
  tx: Tx,
  context: ServiceContext,
  audit: AuditContext,
  values: {
    customerId: number;
    subscriptionId: number | null;
    period: Period;
    notes: string;
    lines: DraftLine[];
    monthlyFee?: bigint;
    readings?: { previous: string | null; current: string; consumption: string; lastReadingId: number | null };
  },
): Promise<number> {
  const { scope, terms } = context;
  const priced = priceLines(values.lines, terms.taxRate, terms.decimals);
  const issuedOn = todayIn(terms.timezone, deps.clock.now());
  const number = await takeInvoiceNumber(tx, scope.tenantId, issuedOn.slice(0, 4));
  const { subtotal, tax, total } = priced.totals;
  const invoice = await insertInvoice(tx, {
    tenantId: scope.tenantId,
    serviceId: scope.serviceId,
    number,
    customerId: values.customerId,
    subscriptionId: values.subscriptionId,
    periodStart: values.period.periodStart,
    periodEnd: values.period.periodEnd,
    issuedOn,
    dueOn: addDays(issuedOn, terms.invoiceDueDays),
    subtotal,
    tax,
    total,
    amountPaid: 0n,
    status: statusFor(total, 0n),
    previousReading: values.readings?.previous ?? null,
    currentReading: values.readings?.current ?? null,
    consumption: values.readings?.consumption ?? null,
    lastReadingId: values.readings?.lastReadingId ?? null,
    monthlyFee: values.monthlyFee ?? null,
    createdBy: context.actor.userId,
    notes: values.notes,
    createdAt: deps.clock.now(),
  });
  const lines = await insertInvoiceLines(
    tx,
    priced.lines.map((line, index) => ({
      tenantId: scope.tenantId,
      invoiceId: invoice.id,
      position: index + 1,
      description: line.description,
      quantity: formatScaled(line.quantity, QUANTITY_SCALE),
      unitPrice: formatScaled(line.unitPrice, UNIT_PRICE_SCALE),
      amount: line.amount,
    })),
  );
  await storeLinePricing(tx, scope.tenantId, priced.lines, lines);
  await storeInvoiceRate(tx, scope.tenantId, invoice.id, values.period.periodStart);
  await addToCustomerBalance(tx, scope.tenantId, values.customerId, total);
  await recordAudit(tx, audit, { action: 'create', entity: 'invoice', entityId: invoice.id, after: { ...invoice, lines } });
  await deps.account.applyCustomerCredit(tx, context, audit, invoice, deps.clock.now());
  return invoice.id;
}

/**
 * Bills a meter: its fee and the consumption the ledger has not recorded (the billing engine, a
 * batch of one); a refusal is thrown. Locks the customer then the subscription (the order every
 * writer uses), so a reading, a bundle change and a second invoice for the same meter wait.
 */
async function createFromMeter(
  deps: CreateDeps,
  context: ServiceContext,
  subscriptionId: number,
  requested: Period,
  notes: string,
  audit: AuditContext,
  ticket: IdempotencyTicket | null,
): Promise<number> {
  try {
    return await context.db.transaction(async (tx) => {
      const [outcome] = await deps.engine.billMeters(tx, context, audit, [{ subscriptionId, period: requested, notes }], {
        lateFees: false,
        skipNothing: false,
      });
      if (outcome?.kind !== 'created') {
        throw outcome?.kind === 'failed' ? outcome.error : new Error(`subscription ${subscriptionId} was not billed`);
      }
      // The invoice and the answer to its Idempotency-Key commit together: a retry bills once.
      await ticket?.complete(tx, 201, await deps.detail(context, outcome.invoiceId, tx));
      return outcome.invoiceId;
    });
  } catch (error) {
    // Two creations for one period that both passed the check: the partial unique index decides.
    if (isUniqueViolation(error, 'invoices_live_period_key')) throw periodBilled('created meanwhile');
    throw error;
  }
}

async function createFromLines(
  deps: CreateDeps,
  context: ServiceContext,
  input: CreateInvoiceData,
  audit: AuditContext,
  ticket: IdempotencyTicket | null,
): Promise<number> {
  const { db, scope } = context;
  const customerId = input.customer as number;
  await assertCustomer(db, scope, customerId);
  const lines: DraftLine[] = (input.lines ?? []).map((line, index) => ({
    description: line.description,
    quantity: parseDecimalField(`lines.${index}.quantity`, line.quantity, QUANTITY_SCALE, { maxDigits: 14, allowZero: false }),
    unitPrice: parseDecimalField(`lines.${index}.unit_price`, line.unit_price, UNIT_PRICE_SCALE, { maxDigits: 18 }),
  }));
  const priced = priceLines(lines, context.terms.taxRate, context.terms.decimals);
  if (priced.totals.total >= MAX_INVOICE_TOTAL) throw fieldError('lines', ERROR_CODES.amountTooLarge);
  return db.transaction(async (tx) => {
    await findCustomerRow(tx, scope, customerId, { lock: true });
    const invoiceId = await storeInvoice(deps, tx, context, audit, {
      customerId,
      subscriptionId: null,
      period: { periodStart: input.period_start, periodEnd: input.period_end },
      notes: input.notes,
      lines,
    });
    await ticket?.complete(tx, 201, await deps.detail(context, invoiceId, tx));
    return invoiceId;
  });
}

/** A new invoice: from a meter (`subscription`: the billing engine, a batch of one) or from lines. Answers its id. */
export async function createInvoice(
  deps: CreateDeps,
  context: ServiceContext,
  input: CreateInvoiceData,
  audit: AuditContext,
  ticket: IdempotencyTicket | null,
): Promise<number> {
  const period = { periodStart: input.period_start, periodEnd: input.period_end };
  return input.subscription !== undefined
    ? createFromMeter(deps, context, input.subscription, period, input.notes, audit, ticket)
    : createFromLines(deps, context, input, audit, ticket);
}
