import type { z } from 'zod';
import type {
  AccountPayment,
  CreditNote,
  CreditRefund,
  createAccountPaymentInputSchema,
  createCreditNoteInputSchema,
  refundCreditInputSchema,
} from '@meterline/contract/account';
import { allocatePayment, type AllocationProblem } from '@meterline/contract/account-rules';
import { BILLING_ERROR_CODES } from '@meterline/contract/billing-common';
import { ERROR_CODES } from '@meterline/contract/errors';
import { formatMoneyAmount, formatScaled, QUANTITY_SCALE, UNIT_PRICE_SCALE } from '@meterline/contract/money';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { auditColumnsOf, recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { addToCustomerBalance, addToCustomerCredit, findCustomerRow } from '../customers/index';
import type { IdempotencyTicket } from '../idempotency/index';
import { findInvoiceRow, priceLines, statusFor, tenderFields, updateInvoiceRow, type DraftLine } from '../invoices/index';
import { takeCreditNoteNumber } from '../numbering/index';
import { insertPayment } from '../payments/index';
import { paymentsOfAllocations } from './account-allocations';
import { accountMoneyOf, givenAmountOf, rateMonthOf, requestedAllocationsOf } from './account-money';
import { parseDecimalField } from '../../lib/decimal-input';
import { resolveHappenedAt } from '../../lib/happened-at';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import {
  CREDIT_NOTE_METHOD,
  findCreditNote,
  findCreditNotesOfInvoice,
  accountTenderRowOf,
  insertCreditMovement,
  lockAccountForPayment,
  recordAccountPayment,
  type AccountPaymentRow,
  insertCreditNote,
  sumCreditNotesOf,
  type CreditNoteJoined,
} from './account.repository';

type AccountPaymentData = z.output<typeof createAccountPaymentInputSchema>;
type RefundData = z.output<typeof refundCreditInputSchema>;
type CreditNoteData = z.output<typeof createCreditNoteInputSchema>;

/** Largest amount of one account payment or credit note (minor units), as for invoices. */
const MAX_DIGITS = 15;

export function toCreditNote(row: CreditNoteJoined, currency: string, decimals: number): CreditNote {
  const { note } = row;
  const money = (value: bigint) => formatMoneyAmount(value, decimals);
  return {
    id: note.id,
    number: note.number,
    invoice: note.invoiceId,
    invoice_number: row.invoiceNumber,
    customer: note.customerId,
    customer_name: row.customerName,
    issued_on: note.issuedOn,
    currency,
    subtotal: money(note.subtotal),
    tax: money(note.tax),
    total: money(note.total),
    applied: money(note.applied),
    to_credit: money(note.toCredit),
    lines: note.lines,
    reason: note.reason,
    created_by: note.createdBy,
    created_at: note.createdAt.toISOString(),
  };
}

/** The customer's account: one payment for many invoices, credit and its refund, credit notes. */
export function createAccountService(deps: { clock: Clock }) {
  const { clock } = deps;

  function allocationError(problem: AllocationProblem, indexOf: (invoiceId: number) => number, money: (value: bigint) => string) {
    switch (problem.code) {
      case 'allocations_exceed_amount':
        return fieldError('allocations', ERROR_CODES.allocationsExceedAmount, {
          total: money(problem.total),
          amount: money(problem.amount),
        });
      case 'allocation_exceeds_balance':
        return fieldError(`allocations.${indexOf(problem.invoiceId)}.amount`, ERROR_CODES.allocationExceedsBalance, {
          invoice: problem.invoiceId,
          balance: money(problem.balanceDue),
        });
      case 'allocation_not_positive':
        return fieldError(`allocations.${indexOf(problem.invoiceId)}.amount`, ERROR_CODES.allocationNotPositive, {
          invoice: problem.invoiceId,
        });
      case 'allocation_duplicate_invoice':
        return fieldError(`allocations.${indexOf(problem.invoiceId)}.invoice`, ERROR_CODES.allocationDuplicateInvoice, {
          invoice: problem.invoiceId,
        });
      case 'allocation_unknown_invoice':
        return fieldError(`allocations.${indexOf(problem.invoiceId)}.invoice`, ERROR_CODES.allocationUnknownInvoice, {
          invoice: problem.invoiceId,
        });
    }
  }

  return {
    /**
     * One payment of the account: locks the customer's open invoices (by id) then the customer,
     * spreads the amount oldest first (or as `allocations` say) as payments rows, and adds the
     * rest to the customer's credit. The balance falls by the whole amount.
     *
     * One round trip each way, as mark-paid (docs/money-and-numbering.md, "Payments"): BEGIN, one
     * read (`lockAccountForPayment`: the account locked with all the checks need, the month's rate,
     * the rows' ids, the Idempotency-Key's claim), the checks, allocation and settlement here, one
     * write (`recordAccountPayment`: every row), COMMIT.
     */
    async pay(
      context: ServiceContext,
      customerId: number,
      input: AccountPaymentData,
      audit: AuditContext,
      ticket: IdempotencyTicket | null,
    ): Promise<AccountPayment> {
      const { db, scope, terms, actor } = context;
      const money = (value: bigint) => formatMoneyAmount(value, terms.decimals);
      const given = givenAmountOf(input, terms.decimals, MAX_DIGITS);
      const requested = requestedAllocationsOf(input, terms.decimals, MAX_DIGITS);
      const paidAt = resolveHappenedAt('paid_at', input.paid_at, { now: clock.now(), backdateDays: terms.backdateDays, role: actor.role });
      const paidOn = todayIn(terms.timezone, paidAt);
      return db.transaction(async (tx) => {
        const ground = await lockAccountForPayment(tx, scope, customerId, {
          paidOn,
          reach: requested?.length ? { invoices: requested.map((allocation) => allocation.invoiceId) } : { upTo: given },
          rateOf: input.amounts && terms.secondCurrency ? { currency: terms.secondCurrency, month: rateMonthOf(paidOn) } : null,
          withTender: Boolean(input.amounts),
          claim: ticket?.claim ?? null,
        });
        if (!ground) throw notFound();
        // The Idempotency-Key is another request's: its answer is the key's (idempotency.ts).
        if (!ground.claimed) ticket?.taken();
        const { open, customer } = ground;
        const issuedLater = requested
          ?.map((allocation) => open.find((invoice) => invoice.id === allocation.invoiceId))
          .find((invoice) => invoice && invoice.issuedOn > paidOn);
        if (issuedLater) throw fieldError('paid_at', ERROR_CODES.dateBeforeIssue, { issued_on: issuedLater.issuedOn });
        // Oldest first only reaches invoices issued by the day the money came in.
        const candidates = open
          .filter((invoice) => invoice.issuedOn <= paidOn)
          .map((invoice) => ({ ...invoice, balanceDue: invoice.total - invoice.amountPaid }));
        const { amount, tender } = accountMoneyOf(context, { input, given, candidates, rate: ground.rate });
        const result = allocatePayment(amount, candidates, requested);
        if (!result.ok) {
          throw allocationError(
            result.problem,
            (invoiceId) => requested?.findIndex((allocation) => allocation.invoiceId === invoiceId) ?? 0,
            money,
          );
        }
        const accountPayment: AccountPaymentRow = {
          id: ground.accountPaymentId,
          tenantId: scope.tenantId,
          serviceId: scope.serviceId,
          customerId,
          amount,
          credit: result.credit,
          method: input.method,
          reference: input.reference,
          paidAt,
          receivedBy: actor.userId,
          note: input.note,
        };
        const tenderRow =
          tender && ground.tenderId !== null
            ? accountTenderRowOf({ id: ground.tenderId, tenantId: scope.tenantId, accountPaymentId: accountPayment.id, ...tender })
            : null;
        const { payments, settled, audits, allocations } = paymentsOfAllocations(context, audit, {
          accountPayment,
          allocations: result.allocations,
          candidates,
          paymentIds: ground.paymentIds,
        });
        const response: AccountPayment = {
          id: accountPayment.id,
          customer: customerId,
          amount: money(amount),
          method: accountPayment.method,
          reference: accountPayment.reference,
          paid_at: paidAt.toISOString(),
          received_by: actor.userId,
          allocations,
          credit_added: money(result.credit),
          customer_balance: money(customer.balance - amount),
          customer_credit: money(customer.credit + result.credit),
          ...tenderFields(tenderRow, terms.decimals),
        };
        audits.push(auditColumnsOf(audit, { action: 'create', entity: 'account_payment', entityId: accountPayment.id, after: response }));
        await recordAccountPayment(tx, {
          accountPayment,
          tender: tenderRow,
          payments,
          invoices: settled,
          creditMovement: result.credit > 0n ? { createdAt: clock.now(), createdBy: actor.userId } : null,
          audits,
          idempotencyKey: ticket?.key ?? null,
          answer: response,
        });
        ticket?.stored();
        return response;
      });
    },

    /** Hands back part or all of the customer's credit (admin, with a reason): the balance rises by it. */
    async refund(
      context: ServiceContext,
      customerId: number,
      input: RefundData,
      audit: AuditContext,
      ticket: IdempotencyTicket | null,
    ): Promise<CreditRefund> {
      const { db, scope, terms, actor } = context;
      const money = (value: bigint) => formatMoneyAmount(value, terms.decimals);
      const amount = parseDecimalField('amount', input.amount, terms.decimals, { maxDigits: MAX_DIGITS, allowZero: false });
      return db.transaction(async (tx) => {
        const customer = await findCustomerRow(tx, scope, customerId, { lock: true });
        if (!customer) throw notFound();
        if (amount > customer.credit) throw fieldError('amount', ERROR_CODES.creditRefundExceedsCredit, { credit: money(customer.credit) });
        await addToCustomerBalance(tx, scope.tenantId, customerId, amount);
        const after = await addToCustomerCredit(tx, scope.tenantId, customerId, -amount);
        const movement = await insertCreditMovement(tx, {
          tenantId: scope.tenantId,
          serviceId: scope.serviceId,
          customerId,
          kind: 'refund',
          amount: -amount,
          reason: input.reason,
          createdAt: clock.now(),
          createdBy: actor.userId,
        });
        const response: CreditRefund = {
          id: movement.id,
          customer: customerId,
          amount: money(amount),
          reason: input.reason,
          customer_balance: money(after.balance),
          customer_credit: money(after.credit),
        };
        await recordAudit(tx, audit, { action: 'create', entity: 'credit_refund', entityId: movement.id, after: response });
        await ticket?.complete(tx, 201, response);
        return response;
      });
    },

    /**
     * A credit note on a live invoice: lines (taxed like invoices) or an amount, at most what is
     * left to credit on the invoice. The part up to the balance due settles the invoice (a
     * payments row of method `credit_note`), the rest becomes the customer's credit.
     */
    async createCreditNote(
      context: ServiceContext,
      invoiceId: number,
      input: CreditNoteData,
      audit: AuditContext,
      ticket: IdempotencyTicket | null,
    ): Promise<CreditNote> {
      const { db, scope, terms, actor } = context;
      const money = (value: bigint) => formatMoneyAmount(value, terms.decimals);
      let draft: { subtotal: bigint; tax: bigint; total: bigint; lines: CreditNote['lines'] };
      if (input.lines) {
        const lines: DraftLine[] = input.lines.map((line, index) => ({
          description: line.description,
          quantity: parseDecimalField(`lines.${index}.quantity`, line.quantity, QUANTITY_SCALE, { maxDigits: 14, allowZero: false }),
          unitPrice: parseDecimalField(`lines.${index}.unit_price`, line.unit_price, UNIT_PRICE_SCALE, { maxDigits: 18 }),
        }));
        const priced = priceLines(lines, terms.taxRate, terms.decimals);
        if (priced.totals.total <= 0n) throw fieldError('lines', ERROR_CODES.notZero);
        draft = {
          ...priced.totals,
          lines: priced.lines.map((line) => ({
            description: line.description,
            quantity: formatScaled(line.quantity, QUANTITY_SCALE),
            unit_price: formatScaled(line.unitPrice, UNIT_PRICE_SCALE),
            amount: money(line.amount),
          })),
        };
      } else {
        const total = parseDecimalField('amount', input.amount ?? '', terms.decimals, { maxDigits: MAX_DIGITS, allowZero: false });
        draft = { subtotal: total, tax: 0n, total, lines: [] };
      }
      const now = clock.now();
      return db.transaction(async (tx) => {
        const invoice = await findInvoiceRow(tx, scope, invoiceId, { lock: true });
        if (!invoice) throw notFound();
        if (invoice.status === 'cancelled') throw conflict(BILLING_ERROR_CODES.invoiceCancelled);
        const left = invoice.total - (await sumCreditNotesOf(tx, scope.tenantId, invoiceId));
        if (draft.total > left)
          throw fieldError(input.lines ? 'lines' : 'amount', ERROR_CODES.creditNoteExceedsInvoice, { left: money(left) });
        const balanceDue = invoice.total - invoice.amountPaid;
        const applied = balanceDue <= 0n ? 0n : draft.total < balanceDue ? draft.total : balanceDue;
        const toCredit = draft.total - applied;
        const issuedOn = todayIn(terms.timezone, now);
        const number = await takeCreditNoteNumber(tx, scope.tenantId, issuedOn.slice(0, 4));
        const note = await insertCreditNote(tx, {
          tenantId: scope.tenantId,
          serviceId: scope.serviceId,
          number,
          invoiceId,
          customerId: invoice.customerId,
          issuedOn,
          subtotal: draft.subtotal,
          tax: draft.tax,
          total: draft.total,
          applied,
          toCredit,
          lines: draft.lines,
          reason: input.reason,
          createdBy: actor.userId,
          createdAt: now,
        });
        // Customer row after the invoice row: the order of the invoice's payments.
        await findCustomerRow(tx, scope, invoice.customerId, { lock: true });
        if (applied > 0n) {
          const payment = await insertPayment(tx, {
            tenantId: scope.tenantId,
            serviceId: scope.serviceId,
            invoiceId,
            customerId: invoice.customerId,
            amount: applied,
            method: CREDIT_NOTE_METHOD,
            reference: number,
            paidAt: now,
            receivedBy: actor.userId,
            reason: input.reason,
          });
          const amountPaid = invoice.amountPaid + applied;
          const after = await updateInvoiceRow(tx, scope, invoiceId, { amountPaid, status: statusFor(invoice.total, amountPaid) });
          await recordAudit(tx, audit, {
            action: 'create',
            entity: 'payment',
            entityId: payment.id,
            after: { ...payment, invoice: { id: invoiceId, amount_paid: after.amountPaid, status: after.status } },
          });
        }
        await addToCustomerBalance(tx, scope.tenantId, invoice.customerId, -draft.total);
        if (toCredit > 0n) {
          await addToCustomerCredit(tx, scope.tenantId, invoice.customerId, toCredit);
          await insertCreditMovement(tx, {
            tenantId: scope.tenantId,
            serviceId: scope.serviceId,
            customerId: invoice.customerId,
            kind: 'credit_note',
            amount: toCredit,
            invoiceId,
            creditNoteId: note.id,
            createdAt: now,
            createdBy: actor.userId,
          });
        }
        await recordAudit(tx, audit, { action: 'create', entity: 'credit_note', entityId: note.id, after: note });
        const joined = await findCreditNote(tx, scope, note.id);
        const response = toCreditNote(joined!, terms.currency, terms.decimals);
        await ticket?.complete(tx, 201, response);
        return response;
      });
    },

    async listCreditNotes(context: ServiceContext, invoiceId: number): Promise<CreditNote[]> {
      const { db, scope, terms } = context;
      if (!(await findInvoiceRow(db, scope, invoiceId))) throw notFound();
      return (await findCreditNotesOfInvoice(db, scope, invoiceId)).map((row) => toCreditNote(row, terms.currency, terms.decimals));
    },

    async getCreditNote(context: ServiceContext, creditNoteId: number): Promise<CreditNote> {
      const row = await findCreditNote(context.db, context.scope, creditNoteId);
      if (!row) throw notFound();
      return toCreditNote(row, context.terms.currency, context.terms.decimals);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
