import type { z } from 'zod';
import { BILLING_ERROR_CODES } from '@meterline/contract/billing-common';
import { ERROR_CODES } from '@meterline/contract/errors';
import { formatMoneyAmount } from '@meterline/contract/money';
import type { createPaymentInputSchema, ListPaymentsQuery, Payment } from '@meterline/contract/payments';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { recordAudit, type AuditContext } from '../audit/audit.repository';
import type { IdempotencyTicket } from '../idempotency/idempotency';
import { addToCustomerBalance, findInvoiceRow, findInvoiceWithCustomer, statusFor, updateInvoiceRow } from '../invoices/invoices.repository';
import { parseDecimalField } from '../services/decimal-input';
import { assertCustomer, assertTenantUser, findUserNames, invalidPk } from '../services/references';
import type { ServiceContext } from '../services/service-scope';
import { findPaymentRow, insertPayment, listPaymentsSource, sumReversalsOf, toPayment } from './payments.repository';

type CreatePaymentData = z.output<typeof createPaymentInputSchema>;

const alreadyPaid = () => conflict(ERROR_CODES.invoiceAlreadyPaid, 'This invoice is already paid.');

/** Payments: mark as paid, partial payments and reversals, each appended and never edited. */
export function createPaymentService(deps: { clock: Clock; defaultDb: Db }) {
  return {
    async listSource(context: ServiceContext, query: ListPaymentsQuery): Promise<ListSource<Payment>> {
      const { db, scope, terms } = context;
      if (query.customer) await assertCustomer(db, scope, query.customer);
      if (query.invoice && !(await findInvoiceRow(db, scope, query.invoice))) throw invalidPk('invoice', query.invoice);
      if (query.received_by) await assertTenantUser(deps.defaultDb, scope.tenantId, query.received_by, 'received_by');
      return listPaymentsSource(db, scope, query, {
        decimals: terms.decimals,
        timezone: terms.timezone,
        resolveNames: (ids) => findUserNames(deps.defaultDb, scope.tenantId, ids),
      });
    },

    /**
     * One transaction that locks the invoice row first: concurrent "mark as paid" calls queue on
     * the lock, and each sees the amount the previous one left, so only the first pays and the
     * others get 409 invoice_already_paid. The invoice's amount_paid and status and the
     * customer's balance move with the payment; the idempotency answer commits with it.
     */
    async create(context: ServiceContext, invoiceId: number, input: CreatePaymentData, audit: AuditContext, ticket: IdempotencyTicket | null): Promise<Payment> {
      const { db, scope, terms, actor } = context;
      const given =
        input.amount === undefined || input.amount === null
          ? null
          : parseDecimalField('amount', input.amount, terms.decimals, { maxDigits: 15, allowNegative: true, allowZero: false });
      const isReversal = given !== null && given < 0n;
      if (isReversal && !input.reason) throw fieldError('reason', 'A reason is required to reverse a payment.');
      if (!isReversal && input.reverses) throw fieldError('reverses', 'Only a negative amount reverses a payment.');
      const money = (value: bigint) => formatMoneyAmount(value, terms.decimals);
      // Names live in the default database: read before the transaction (PGlite runs one at a time).
      const names = await findUserNames(deps.defaultDb, scope.tenantId, [actor.userId]);

      return db.transaction(async (tx) => {
        const invoice = await findInvoiceRow(tx, scope, invoiceId, { lock: true });
        if (!invoice) throw notFound();
        if (invoice.status === 'cancelled') throw conflict(BILLING_ERROR_CODES.invoiceCancelled, 'A cancelled invoice cannot be paid.');
        const balance = invoice.total - invoice.amountPaid;
        let amount: bigint;
        if (given === null) {
          if (balance <= 0n) throw alreadyPaid();
          amount = balance;
        } else if (given > 0n) {
          if (balance <= 0n) throw alreadyPaid();
          if (given > balance) throw fieldError('amount', `The amount (${money(given)}) is more than the balance due (${money(balance)}).`);
          amount = given;
        } else {
          amount = given;
          if (-amount > invoice.amountPaid) throw fieldError('amount', `A reversal cannot take back more than was paid (${money(invoice.amountPaid)}).`);
          if (input.reverses) {
            const reversed = await findPaymentRow(tx, scope.tenantId, invoiceId, input.reverses);
            if (!reversed) throw invalidPk('reverses', input.reverses);
            if (reversed.amount <= 0n) throw fieldError('reverses', 'A reversal cannot itself be reversed.');
            const left = reversed.amount - (await sumReversalsOf(tx, scope.tenantId, reversed.id));
            if (-amount > left) throw fieldError('amount', `A reversal cannot take back more than is left of that payment (${money(left)}).`);
          }
        }
        const payment = await insertPayment(tx, {
          tenantId: scope.tenantId,
          serviceId: scope.serviceId,
          invoiceId,
          customerId: invoice.customerId,
          amount,
          method: input.method,
          reference: input.reference,
          paidAt: deps.clock.now(),
          receivedBy: actor.userId,
          note: input.note,
          reason: input.reason,
          reversesId: isReversal ? (input.reverses ?? null) : null,
        });
        const amountPaid = invoice.amountPaid + amount;
        const after = await updateInvoiceRow(tx, scope, invoiceId, { amountPaid, status: statusFor(invoice.total, amountPaid) });
        await addToCustomerBalance(tx, scope.tenantId, invoice.customerId, -amount);
        await recordAudit(tx, audit, {
          action: isReversal ? 'reverse' : 'create',
          entity: 'payment',
          entityId: payment.id,
          after: { ...payment, invoice: { id: invoiceId, amount_paid: after.amountPaid, status: after.status } },
        });
        const withNames = await findInvoiceWithCustomer(tx, scope, invoiceId);
        const response = toPayment({ payment, invoiceNumber: invoice.number, customerName: withNames?.fullName ?? '' }, names, terms.decimals);
        await ticket?.complete(tx, 201, response);
        return response;
      });
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
